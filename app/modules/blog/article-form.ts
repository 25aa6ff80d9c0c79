import * as z from "zod/mini";
import type { FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { hasImageWithoutAlt, isSiteImage } from "~/modules/content/urls";
import { isCategory } from "./categories";

/** The new-article form suggests the slug from the title (app/utils/slug.ts). */
export { suggestSlug } from "~/utils/slug";

/**
 * The longest description of an image: the cover's (`imageAlt`) and, in the visual editor's
 * 'Imagen' dialog, one inside the text.
 */
export const IMAGE_ALT_MAX = 200;

/** The article form's Spanish messages (docs/product.md#article-form). */
export const ARTICLE_MESSAGES = {
  title: "El título es requerido",
  titleMax: "El título no puede exceder 200 caracteres",
  slug: "La URL es requerida",
  slugFormat: "La URL solo puede contener letras minúsculas, números y guiones",
  slugMax: "La URL no puede exceder 100 caracteres",
  slugTaken: "Ya existe un artículo con esta URL. Elige otra.",
  category: "La categoría es requerida",
  excerptMax: "El resumen no puede exceder 500 caracteres",
  content: "El contenido es requerido",
  contentMax: "El contenido no puede exceder 100.000 caracteres",
  contentImageAlt: "Cada imagen del texto necesita una descripción (texto alternativo)",
  image: "La imagen es requerida",
  imageInvalid: "La imagen debe ser una subida a este sitio",
  imageAlt: "Describe la imagen para quien no pueda verla",
  imageAltMax: `El texto alternativo no puede exceder ${IMAGE_ALT_MAX} caracteres`,
  authorMax: "El autor no puede exceder 100 caracteres",
  related: "Elige como mucho 6 artículos relacionados",
  status: "Elige el estado del artículo",
  publishAt: "Indica el día y la hora de publicación",
  publishAtFormat: "Escribe el día y la hora como 25/11/2026 09:30",
  publishAtPast: "La publicación programada debe ser en el futuro",
  publishAtGap: "Esa hora no existe en Madrid por el cambio de hora: elige otra",
  publishAtDay: "Esa fecha no existe: revisa el día y el mes",
  invalid: "Este campo no es válido",
  saveError: "Ha ocurrido un error al guardar el artículo.",
  checkFields: "No se pudo guardar: revisa los campos marcados.",
} as const;

export const MAX_RELATED = 6;
const SLUG = /^[a-z0-9ñ]+(?:-[a-z0-9ñ]+)*$/;
/** A well-formed article slug (anything else cannot name an article: no database lookup). */
export function isSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= 100 && SLUG.test(value);
}

export interface ArticleInput {
  title: string;
  slug: string;
  category: string;
  excerpt: string;
  content: string;
  image: string;
  imageAlt: string;
  /** The byline as typed; empty: the professional named in Ajustes. */
  author: string;
  relatedSlugs: string[];
  status: ArticleStatus;
  /** Madrid wall-clock time (YYYY-MM-DDTHH:mm) when status is 'programado'; otherwise "". */
  publishAt: string;
}

/** The four states, in the order the editor offers them (docs/product.md#estados-de-un-artículo). */
export const ARTICLE_STATUSES = ["borrador", "programado", "publicado", "privado"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const STATUS_LABELS: Record<ArticleStatus, string> = {
  borrador: "Borrador",
  programado: "Programado",
  publicado: "Publicado",
  privado: "Privado",
};
/** A datetime-local value (YYYY-MM-DDTHH:mm), read in Madrid: a scheduled time, a link's expiry. */
export const LOCAL_DATETIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The day and time as a person writes them ("25/11/2026 09:30", where a browser has no date
 * picker and the field is plain text) as a datetime-local value; anything else unchanged.
 */
export function localDateTime(value: string) {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),? +(\d{1,2})[:.](\d{2})$/.exec(value);
  if (!m) return value;
  const two = (n: string) => n.padStart(2, "0");
  return `${m[3]}-${two(m[2]!)}-${two(m[1]!)}T${two(m[4]!)}:${m[5]}`;
}

const text = (v: unknown) => (typeof v === "string" ? v : "");
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : v ? [text(v)] : [];

/**
 * The article form's schema: run by the editor before sending and by the action. Posted fields
 * are FormData entries (the repeated `related` checkboxes arrive as an array).
 */
export const ArticleFields = z.object({
  title: z
    .string({ error: ARTICLE_MESSAGES.title })
    .check(
      z.trim(),
      z.minLength(1, ARTICLE_MESSAGES.title),
      z.maxLength(200, ARTICLE_MESSAGES.titleMax),
    ),
  slug: z
    .string({ error: ARTICLE_MESSAGES.slug })
    .check(
      z.trim(),
      z.minLength(1, ARTICLE_MESSAGES.slug),
      z.maxLength(100, ARTICLE_MESSAGES.slugMax),
      z.regex(SLUG, ARTICLE_MESSAGES.slugFormat),
    ),
  category: z
    .string({ error: ARTICLE_MESSAGES.category })
    .check(z.refine(isCategory, ARTICLE_MESSAGES.category)),
  excerpt: z._default(
    z
      .string({ error: ARTICLE_MESSAGES.invalid })
      .check(z.trim(), z.maxLength(500, ARTICLE_MESSAGES.excerptMax)),
    "",
  ),
  content: z.string({ error: ARTICLE_MESSAGES.content }).check(
    // Paragraphs are separated by blank lines; line endings normalised.
    z.overwrite((v) => v.replace(/\r\n?/g, "\n").trim()),
    z.minLength(1, ARTICLE_MESSAGES.content),
    z.maxLength(100_000, ARTICLE_MESSAGES.contentMax),
    z.refine((v) => !hasImageWithoutAlt(v), ARTICLE_MESSAGES.contentImageAlt),
  ),
  image: z.string({ error: ARTICLE_MESSAGES.image }).check(
    z.trim(),
    z.minLength(1, ARTICLE_MESSAGES.image),
    z.refine((v) => !v || isSiteImage(v), ARTICLE_MESSAGES.imageInvalid),
  ),
  imageAlt: z
    .string({ error: ARTICLE_MESSAGES.imageAlt })
    .check(
      z.trim(),
      z.minLength(1, ARTICLE_MESSAGES.imageAlt),
      z.maxLength(IMAGE_ALT_MAX, ARTICLE_MESSAGES.imageAltMax),
    ),
  /** The byline as typed; empty: the professional named in Ajustes. */
  author: z._default(
    z.string({ error: ARTICLE_MESSAGES.invalid }).check(
      z.overwrite((v) => v.trim().replace(/\s+/g, " ")),
      z.maxLength(100, ARTICLE_MESSAGES.authorMax),
    ),
    "",
  ),
  related: z.pipe(
    z.transform((v: unknown) => [...new Set(list(v).filter(Boolean))]),
    z.array(z.string()).check(z.maxLength(MAX_RELATED, ARTICLE_MESSAGES.related)),
  ),
  status: z.enum(ARTICLE_STATUSES, { error: ARTICLE_MESSAGES.status }),
  publishAt: z._default(
    z.string({ error: ARTICLE_MESSAGES.publishAtFormat }).check(
      z.trim(),
      z.overwrite(localDateTime),
      z.refine((v) => v === "" || LOCAL_DATETIME.test(v), ARTICLE_MESSAGES.publishAtFormat),
    ),
    "",
  ),
});

/** The whole form: its fields, and a time when (and only when) the state is 'programado'. */
export const ArticleSchema = ArticleFields.check(
  // Only a scheduled article has a time (is it still in the future: the server, on saving).
  z.refine((v) => v.status !== "programado" || v.publishAt !== "", {
    path: ["publishAt"],
    message: ARTICLE_MESSAGES.publishAt,
  }),
);

/** The posted article read by its schema, as the module stores it. */
export function parseArticle(
  raw: Record<string, unknown>,
): { ok: true; data: ArticleInput } | FormFailure {
  const parsed = parseWith(ArticleSchema, raw);
  if (!parsed.ok) return parsed;
  const { related, publishAt, ...rest } = parsed.data;
  return {
    ok: true,
    data: {
      ...rest,
      relatedSlugs: related,
      publishAt: rest.status === "programado" ? publishAt : "",
    },
  };
}

/** Today's date in Madrid as YYYY-MM-DD (a new article's date). */
export function todayInMadrid(now = new Date()) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(now);
}
