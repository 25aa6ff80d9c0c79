/**
 * What the revisions page shows (app/routes/admin/blog-revisions.tsx): its types and Spanish
 * texts, safe in the browser. The queries live in revisions.server.ts, the diff in
 * revision-diff.server.ts.
 */

/** The three texts a revision keeps. */
export interface RevisionText {
  title: string;
  excerpt: string;
  content: string;
}

/** Who saved: the account (null for the text an article had before its first revision). */
export interface RevisionAuthor {
  id: string | null;
  name: string;
}

/** The author recorded for an article's text as it was before its first saved revision. */
export const ORIGINAL_VERSION = "Versión original";

export const REVISION_MESSAGES = {
  notFound: "Revisión no encontrada: puede que ya no exista o que sea de otro artículo.",
  articleNotFound: "Artículo no encontrado",
  forbidden: "Tu rol no permite restaurar revisiones.",
  invalid: "Acción no válida",
  restored: "Revisión restaurada",
} as const;

/** One piece of a readable diff: text kept, added or removed, or unchanged lines left out. */
export type DiffPart =
  { kind: "same" | "added" | "removed"; text: string } | { kind: "skipped"; lines: number };

export interface FieldDiff {
  field: "title" | "excerpt" | "content";
  label: string;
  changed: boolean;
  /** Title and summary: their text, piece by piece. */
  parts: DiffPart[];
  /**
   * The text (Markdown) as it reads, formatted, with the changes marked (revision-html.server.ts):
   * inert HTML made on the server. "" when the text is empty.
   */
  html?: string;
}

export const REVISION_FIELDS = [
  ["title", "Título"],
  ["excerpt", "Resumen"],
  ["content", "Contenido"],
] as const;
