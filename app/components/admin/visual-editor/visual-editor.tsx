import { Editor, type EditorOptions } from "@tiptap/core";
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Undo2,
} from "lucide-react";
import {
  useEffect,
  useEffectEvent,
  useImperativeHandle,
  useReducer,
  useRef,
  useState,
} from "react";
import { cn } from "~/utils/cn";
import { articleExtensions, documentToMarkdown, tidyPastedHtml } from "./article-markdown";
import { EditorDialog } from "./editor-dialog";
import { ImageForm } from "./image-form";
import { LinkForm } from "./link-form";
import { shortcut } from "./shortcuts";

export interface VisualEditorHandle {
  /** The text as Markdown now (what the text area must post). */
  markdown(): string;
  /** Starts again from this Markdown (coming back from the Markdown view). */
  load(markdown: string): void;
}

/** How long typing may go on before the Markdown is written again (the form flushes on submit). */
const SYNC_DELAY_MS = 200;

type Dialog = "link" | "image";

/** The editable area's attributes: its name, description, state, and its look. */
function editorProps(
  {
    invalid,
    describedBy,
    editable,
    label,
  }: { invalid: boolean; describedBy: string; editable: boolean; label: string },
  openDialog: (dialog: Dialog) => void,
): EditorOptions["editorProps"] {
  return {
    attributes: {
      role: "textbox",
      "aria-multiline": "true",
      "aria-label": label,
      "aria-describedby": describedBy,
      ...(invalid ? { "aria-invalid": "true" } : {}),
      ...(editable ? {} : { "aria-readonly": "true" }),
      class: cn(
        "prose-reading min-h-96 max-w-none rounded-b-field border border-border-strong bg-surface px-4 py-3 text-[1.0625rem] text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
        "[&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-primary",
        invalid && "border-danger ring-1 ring-danger",
        !editable && "rounded-t-field bg-sand",
      ),
    },
    transformPastedHTML: tidyPastedHtml,
    handleKeyDown: (_view, event) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        if (editable) openDialog("link");
        return true;
      }
      return false;
    },
  };
}

/**
 * The visual editor of an article's text (loaded on demand by ArticleContentField): a toolbar
 * and an editable area that reads and writes Markdown (article-markdown.ts). Until someone
 * changes the document, the Markdown it reports is the text it was given, byte for byte.
 */
export function VisualEditor({
  ref,
  initialMarkdown,
  editable,
  invalid,
  describedBy,
  onReady,
  onMarkdown,
  onEdit,
  label = "Contenido del artículo",
}: {
  ref?: React.Ref<VisualEditorHandle>;
  /** The editable area's accessible name. */
  label?: string;
  initialMarkdown: string;
  editable: boolean;
  invalid: boolean;
  describedBy: string;
  onReady: () => void;
  onMarkdown: (markdown: string) => void;
  onEdit: () => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // The Markdown it was given and what the editor writes for it: while the editor still writes
  // that, the given text stands (the stored article is posted unchanged).
  const baseline = useRef({ given: initialMarkdown, written: "" });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const markdownOf = (current: Editor) => {
    const written = documentToMarkdown(current);
    return written === baseline.current.written ? baseline.current.given : written;
  };
  const changed = useEffectEvent((current: Editor, byPerson: boolean) => {
    // Only a change the person made (not, say, the empty paragraph kept after a last list).
    if (byPerson) onEdit();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onMarkdown(markdownOf(current)), SYNC_DELAY_MS);
  });
  const created = useEffectEvent((current: Editor) => {
    baseline.current.written = documentToMarkdown(current);
    setEditor(current);
    onReady();
  });
  const firstProps = useEffectEvent(() => ({
    content: baseline.current.given,
    editable,
    props: editorProps({ invalid, describedBy, editable, label }, setDialog),
  }));

  useEffect(() => {
    const first = firstProps();
    const current = new Editor({
      element: host.current,
      extensions: articleExtensions(),
      content: first.content,
      contentType: "markdown",
      editable: first.editable,
      editorProps: first.props,
      onUpdate: ({ editor: e, transaction }) => changed(e, transaction.docChanged),
    });
    created(current);
    return () => {
      clearTimeout(timer.current);
      current.destroy();
      setEditor(null);
    };
  }, []);

  useEffect(() => {
    if (!editor) return;
    editor.setEditable(editable, false);
    editor.setOptions({
      editorProps: editorProps({ invalid, describedBy, editable, label }, setDialog),
    });
  }, [editor, editable, invalid, describedBy, label]);

  useImperativeHandle(
    ref,
    () => ({
      markdown: () => {
        clearTimeout(timer.current);
        return editor ? markdownOf(editor) : baseline.current.given;
      },
      load: (markdown) => {
        if (!editor) return;
        clearTimeout(timer.current);
        // Undo does not cross a trip to the Markdown view.
        editor
          .chain()
          .setMeta("addToHistory", false)
          .setContent(markdown, { contentType: "markdown", emitUpdate: false })
          .run();
        baseline.current = { given: markdown, written: documentToMarkdown(editor) };
      },
    }),
    [editor],
  );

  const close = () => setDialog(null);
  return (
    <div>
      {editor && editable ? <Toolbar editor={editor} onDialog={setDialog} /> : null}
      <div ref={host} />
      {editor ? (
        <>
          <EditorDialog editor={editor} open={dialog === "link"} onClose={close}>
            <LinkForm editor={editor} onClose={close} />
          </EditorDialog>
          <EditorDialog editor={editor} open={dialog === "image"} onClose={close}>
            <ImageForm editor={editor} onClose={close} />
          </EditorDialog>
        </>
      ) : null}
    </div>
  );
}

interface Tool {
  label: string;
  /** The shortcut, "Mod" being Ctrl, or ⌘ on a Mac (as ProseMirror binds it): see `shortcut`. */
  keys?: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  /** Undefined for an action (no pressed state). */
  active?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
  run: (editor: Editor, open: (dialog: Dialog) => void) => void;
}

const TOOLS: Tool[] = [
  {
    label: "Subtítulo",
    keys: "Mod+Alt+2",
    icon: Heading2,
    active: (e) => e.isActive("heading", { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: "Subtítulo menor",
    keys: "Mod+Alt+3",
    icon: Heading3,
    active: (e) => e.isActive("heading", { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: "Negrita",
    keys: "Mod+B",
    icon: Bold,
    active: (e) => e.isActive("bold"),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: "Cursiva",
    keys: "Mod+I",
    icon: Italic,
    active: (e) => e.isActive("italic"),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: "Enlace",
    keys: "Mod+K",
    icon: LinkIcon,
    active: (e) => e.isActive("link"),
    run: (_e, open) => open("link"),
  },
  {
    label: "Lista",
    keys: "Mod+Shift+8",
    icon: List,
    active: (e) => e.isActive("bulletList"),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: "Lista numerada",
    keys: "Mod+Shift+7",
    icon: ListOrdered,
    active: (e) => e.isActive("orderedList"),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: "Cita",
    keys: "Mod+Shift+B",
    icon: Quote,
    active: (e) => e.isActive("blockquote"),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  { label: "Imagen", icon: ImagePlus, run: (_e, open) => open("image") },
  {
    label: "Deshacer",
    keys: "Mod+Z",
    icon: Undo2,
    enabled: (e) => e.can().undo(),
    run: (e) => e.chain().focus().undo().run(),
  },
  {
    label: "Rehacer",
    keys: "Mod+Shift+Z",
    icon: Redo2,
    enabled: (e) => e.can().redo(),
    run: (e) => e.chain().focus().redo().run(),
  },
];

/**
 * The formatting toolbar: one tab stop, arrow keys (and Home, End) move between its buttons
 * (WAI-ARIA toolbar pattern). Toggles say whether they are on (aria-pressed).
 */
function Toolbar({ editor, onDialog }: { editor: Editor; onDialog: (dialog: Dialog) => void }) {
  // Pressed and enabled states follow every change of the document or the selection.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    editor.on("transaction", rerender);
    return () => {
      editor.off("transaction", rerender);
    };
  }, [editor]);

  const [current, setCurrent] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const move = (event: React.KeyboardEvent) => {
    const last = TOOLS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? current === last
          ? 0
          : current + 1
        : event.key === "ArrowLeft"
          ? current === 0
            ? last
            : current - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label="Formato del texto"
      onKeyDown={move}
      className="flex flex-wrap gap-1 rounded-t-field border border-b-0 border-border-strong bg-sand p-1"
    >
      {TOOLS.map((tool, i) => {
        const Icon = tool.icon;
        const pressed = tool.active?.(editor);
        const enabled = tool.enabled ? tool.enabled(editor) : true;
        return (
          <button
            key={tool.label}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            tabIndex={i === current ? 0 : -1}
            aria-pressed={tool.active ? Boolean(pressed) : undefined}
            aria-disabled={enabled ? undefined : true}
            aria-keyshortcuts={tool.keys ? shortcut(tool.keys).aria : undefined}
            title={tool.keys ? `${tool.label} (${shortcut(tool.keys).shown})` : tool.label}
            onFocus={() => setCurrent(i)}
            // Keep the selection in the text while the pointer presses a button.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (enabled) tool.run(editor, onDialog);
            }}
            className={cn(
              "inline-flex size-11 items-center justify-center rounded-field focus-visible:outline-2 focus-visible:outline-primary",
              pressed ? "bg-primary-soft text-primary-strong" : "text-ink-soft",
              enabled
                ? "cursor-pointer hover:bg-surface hover:text-ink"
                : "cursor-not-allowed opacity-50",
            )}
          >
            <Icon aria-hidden="true" className="size-5" />
            <span className="sr-only">{tool.label}</span>
          </button>
        );
      })}
    </div>
  );
}
