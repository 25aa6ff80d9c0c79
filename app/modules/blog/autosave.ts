/**
 * The editor's autosaved copy (autosave.server.ts stores it; app/components/admin/use-autosave.ts
 * sends it): its fields, types and Spanish texts, safe in the browser.
 */

/** Where the browser posts the copy (app/routes.ts: routes/resources/article-autosave.ts). */
export const AUTOSAVE_PATH = "/admin/blog/autoguardado";

/** The editor's fields kept in the copy (not the state, the related articles…). */
export const AUTOSAVE_FIELDS = [
  "title",
  "slug",
  "excerpt",
  "content",
  "category",
  "author",
  "imageAlt",
  "image",
] as const;

export type AutosaveData = Record<(typeof AUTOSAVE_FIELDS)[number], string>;

/** A person's unsaved copy offered when the editor opens. */
export interface UnsavedCopy {
  data: AutosaveData;
  /** ISO instant of the last autosave. */
  savedAt: string;
}

export const AUTOSAVE_MESSAGES = {
  invalid: "Este campo no es válido",
  refused: "No se pudieron guardar los cambios automáticamente:",
  articleNotFound: "Artículo no encontrado",
  forbidden: "Tu rol no permite guardar cambios de artículos.",
  intent: "Acción no válida",
} as const;
