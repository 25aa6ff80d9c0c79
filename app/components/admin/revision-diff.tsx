import type { DiffPart, FieldDiff } from "~/modules/blog/revisions";
import { plural } from "~/utils/format";

/**
 * Two revisions compared (computed by the page's loader): each field's text with what was added
 * underlined on green and what was removed struck through on red; the article's text formatted
 * as it reads (headings, bold, lists), not as Markdown. Colour is never the only cue:
 * the marks themselves (underline, strike-through), a legend, and the words 'Añadido:' /
 * 'Eliminado:' that screen readers say around each change.
 */
export function RevisionDiff({ fields }: { fields: FieldDiff[] }) {
  return (
    <div className="flex flex-col gap-5">
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        <span>
          Leyenda: <Mark kind="added">texto añadido</Mark>
        </span>
        <span>
          <Mark kind="removed">texto eliminado</Mark>
        </span>
      </p>
      {fields.map((f) => (
        <section key={f.field} aria-labelledby={`diff-${f.field}`} className="flex flex-col gap-2">
          <h3 id={`diff-${f.field}`} className="font-semibold">
            {f.label}
            {f.changed ? null : <span className="font-normal text-muted"> (sin cambios)</span>}
          </h3>
          {f.html !== undefined ? (
            f.html === "" ? (
              <p className="text-muted">Vacío</p>
            ) : (
              // Formatted text made on the server from inert HTML (revision-html.server.ts).
              <div
                className="prose-reading max-w-none rounded-field border border-border bg-surface px-4 py-1 break-words"
                dangerouslySetInnerHTML={{ __html: f.html }}
              />
            )
          ) : f.parts.length === 0 ? (
            <p className="text-muted">Vacío</p>
          ) : (
            <div className="rounded-field border border-border bg-surface p-4 break-words whitespace-pre-wrap">
              {f.parts.map((part, i) => (
                <Part key={i} part={part} />
              ))}
            </div>
          )}
        </section>
      ))}
    </div>
  );
}

function Part({ part }: { part: DiffPart }) {
  if (part.kind === "skipped") {
    return (
      <span className="my-1 block text-center text-sm text-muted italic">
        … {plural(part.lines, "línea sin cambios", "líneas sin cambios")} …{"\n"}
      </span>
    );
  }
  if (part.kind === "same") return <>{part.text}</>;
  return <Mark kind={part.kind}>{part.text}</Mark>;
}

function Mark({ kind, children }: { kind: "added" | "removed"; children: React.ReactNode }) {
  return kind === "added" ? (
    <ins className="bg-success-soft text-ink underline decoration-success decoration-2 underline-offset-2">
      <span className="sr-only">[Añadido: </span>
      {children}
      <span className="sr-only">]</span>
    </ins>
  ) : (
    <del className="bg-danger-soft text-ink line-through decoration-danger decoration-2">
      <span className="sr-only">[Eliminado: </span>
      {children}
      <span className="sr-only">]</span>
    </del>
  );
}
