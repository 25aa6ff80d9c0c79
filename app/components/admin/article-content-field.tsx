import { lazy, Suspense, useEffect, useImperativeHandle, useRef, useState } from "react";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/utils/cn";
import type { VisualEditorHandle } from "./visual-editor/visual-editor";

// The visual editor (TipTap, ProseMirror, the Markdown parser) is a chunk of its own, loaded
// after the page has hydrated: the page works with the Markdown text area until it arrives.
const VisualEditor = lazy(() =>
  import("./visual-editor/visual-editor").then((m) => ({ default: m.VisualEditor })),
);

export interface ArticleContentFieldHandle {
  /** Writes what the visual editor holds into the posted field now (before the form is read). */
  flush(): void;
}

type View = "visual" | "markdown";

const HELP: Record<View, string> = {
  visual:
    "Escribe como en un procesador de textos: subtítulos, negrita, cursiva, enlaces, listas, " +
    "citas e imágenes desde la barra o con el teclado (Ctrl+B negrita, Ctrl+I cursiva, " +
    "Ctrl+K enlace, Ctrl+Alt+2 subtítulo, Mayús+Intro salto de línea; en Mac, ⌘ en lugar de " +
    "Ctrl). Lo que pegues de Word " +
    "o Google Docs se limpia. Se guarda como Markdown.",
  markdown:
    "Separa los párrafos con una línea en blanco. Admite Markdown: ## subtítulos, **negrita**, " +
    "*cursiva*, listas con - o 1., > citas, enlaces [texto](https://…) e imágenes " +
    "![descripción](/media/…) subidas desde la vista Visual.",
};

/**
 * The article's text: a Markdown text area named `content` (the posted field, and all there is
 * before the page's JavaScript runs), then a visual editor on top of it with a 'Visual' /
 * 'Markdown' switch. The visual editor starts from what the text area holds at that moment and
 * keeps it up to date; untouched, the text area keeps the stored Markdown byte for byte.
 */
export function ArticleContentField({
  ref,
  name = "content",
  label = "Contenido",
  value,
  onChange,
  onEdit,
  errors,
  readOnly,
}: {
  ref?: React.Ref<ArticleContentFieldHandle>;
  /** The posted field's name (and the text area's id); 'content' in the article editor. */
  name?: string;
  label?: string;
  /** The Markdown (the text area's value). */
  value: string;
  onChange: (markdown: string) => void;
  /** The person changed the text in the visual editor (the text area reports its own changes). */
  onEdit: () => void;
  errors?: readonly string[];
  readOnly: boolean;
}) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const visual = useRef<VisualEditorHandle>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [ready, setReady] = useState(false);
  const [view, setView] = useState<View>("markdown");
  const shown: View = ready ? view : "markdown";

  useEffect(() => setEnhanced(true), []);

  /** The visual editor's text into the text area, synchronously (the form reads the DOM). */
  const flush = () => {
    if (!ready || view !== "visual" || !visual.current || !textarea.current) return;
    const markdown = visual.current.markdown();
    textarea.current.value = markdown;
    onChange(markdown);
  };
  useImperativeHandle(ref, () => ({ flush }));

  const switchTo = (next: View) => {
    if (next === view) return;
    if (next === "markdown") flush();
    else visual.current?.load(textarea.current?.value ?? value);
    setView(next);
  };

  const invalid = Boolean(errors?.length);
  const describedBy = `${name}-description${invalid ? ` ${name}-error` : ""}`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        {shown === "markdown" ? (
          <label htmlFor={name} className="font-semibold">
            {label} <Required />
          </label>
        ) : (
          // The editable area names itself ('Contenido del artículo'); this is its visible label.
          <span className="font-semibold">
            {label} <Required />
          </span>
        )}
        {ready ? (
          <div
            role="group"
            aria-label="Modo del contenido"
            className="flex gap-1 rounded-full bg-sand p-1"
          >
            {(
              [
                ["visual", "Visual"],
                ["markdown", "Markdown"],
              ] as const
            ).map(([mode, label]) => (
              <button
                key={mode}
                type="button"
                aria-pressed={view === mode}
                onClick={() => switchTo(mode)}
                className="min-h-10 cursor-pointer rounded-full px-4 text-sm font-semibold text-ink-soft aria-pressed:bg-surface aria-pressed:text-ink aria-pressed:shadow-soft"
              >
                {label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <p id={`${name}-description`} className="text-sm text-muted">
        {HELP[shown]}
      </p>
      {enhanced ? (
        <div className={cn(shown !== "visual" && "hidden")}>
          <Suspense fallback={null}>
            <VisualEditor
              ref={visual}
              initialMarkdown={value}
              label={name === "content" ? undefined : label}
              editable={!readOnly}
              invalid={invalid && shown === "visual"}
              describedBy={describedBy}
              onReady={() => {
                setReady(true);
                // Someone typing in the text area keeps typing there; otherwise the visual view.
                if (document.activeElement !== textarea.current) setView("visual");
              }}
              onMarkdown={onChange}
              onEdit={onEdit}
            />
          </Suspense>
        </div>
      ) : null}
      {/* Hidden in the visual view, still posted: the form's one content field. */}
      <div className={cn(shown !== "markdown" && "hidden")}>
        <Textarea
          ref={textarea}
          id={name}
          name={name}
          required
          rows={18}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid && shown === "markdown" ? true : undefined}
          aria-describedby={describedBy}
          variant="code"
        />
      </div>
      {invalid ? (
        <p id={`${name}-error`} role="alert" className="text-sm font-semibold text-danger">
          {errors?.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

function Required() {
  return (
    <span aria-hidden="true" className="text-danger">
      *
    </span>
  );
}
