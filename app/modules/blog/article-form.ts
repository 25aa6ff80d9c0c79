import * as z from "zod/mini";
import type { FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { isCategory } from "./categories";

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
  image: "La imagen es requerida",
  imageInvalid: "La imagen debe ser una subida a este sitio",
  imageAlt: "Describe la imagen para quien no pueda verla",
  imageAltMax: "El texto alternativo no puede exceder 200 caracteres",
  authorMax: "El autor no puede exceder 100 caracteres",
  related: "Elige como mucho 6 artículos relacionados",
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

/** Uploaded images and the bundled covers: always served by this site. */
const IMAGE = /^\/media\/[A-Za-z0-9._/-]+$/;

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
  isPublic: boolean;
}

const text = (v: unknown) => (typeof v === "string" ? v : "");
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : v ? [text(v)] : [];

/**
 * The article form's schema: run by the editor before sending and by the action. Posted fields
 * are FormData entries (the repeated `related` checkboxes arrive as an array).
 */
export const ArticleSchema = z.object({
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
  ),
  image: z.string({ error: ARTICLE_MESSAGES.image }).check(
    z.trim(),
    z.minLength(1, ARTICLE_MESSAGES.image),
    z.refine((v) => !v || (IMAGE.test(v) && !v.includes("..")), ARTICLE_MESSAGES.imageInvalid),
  ),
  imageAlt: z
    .string({ error: ARTICLE_MESSAGES.imageAlt })
    .check(
      z.trim(),
      z.minLength(1, ARTICLE_MESSAGES.imageAlt),
      z.maxLength(200, ARTICLE_MESSAGES.imageAltMax),
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
  isPublic: z.transform((v: unknown) => v === "on" || v === "true" || v === true),
});

/** The posted article read by its schema, as the module stores it. */
export function parseArticle(
  raw: Record<string, unknown>,
): { ok: true; data: ArticleInput } | FormFailure {
  const parsed = parseWith(ArticleSchema, raw);
  if (!parsed.ok) return parsed;
  const { related, ...rest } = parsed.data;
  return { ok: true, data: { ...rest, relatedSlugs: related } };
}

/** A URL slug from a title: lower case, accents removed (ñ kept), words joined by hyphens. */
export function suggestSlug(title: string) {
  return title
    .toLowerCase()
    .split("ñ")
    .map((part) => part.normalize("NFD").replace(/[\u0300-\u036f]/g, ""))
    .join("ñ")
    .replace(/[^a-z0-9ñ]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** Today's date in Madrid as YYYY-MM-DD (a new article's date). */
export function todayInMadrid(now = new Date()) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(now);
}
