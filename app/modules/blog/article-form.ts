import { isCategory } from "./categories";

/**
 * The article form's rules (docs/product.md#article-form), shared by the editor (messages as you
 * type) and the server (the authority). Plain code, so the admin bundle carries no validation
 * library.
 */
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
export type ArticleErrors = Partial<Record<keyof ArticleInput, string>>;

const text = (v: unknown) => (typeof v === "string" ? v : "");
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : v ? [text(v)] : [];

/** From posted fields (FormData entries: repeated `related` fields arrive as an array). */
export function readArticle(raw: Record<string, unknown>): ArticleInput {
  return {
    title: text(raw.title).trim(),
    slug: text(raw.slug).trim(),
    category: text(raw.category),
    excerpt: text(raw.excerpt).trim(),
    // Paragraphs are separated by blank lines; line endings normalised.
    content: text(raw.content).replace(/\r\n?/g, "\n").trim(),
    image: text(raw.image).trim(),
    imageAlt: text(raw.imageAlt).trim(),
    author: text(raw.author).trim().replace(/\s+/g, " "),
    relatedSlugs: [...new Set(list(raw.related).filter(Boolean))],
    isPublic: raw.isPublic === "on" || raw.isPublic === "true" || raw.isPublic === true,
  };
}

export function validateArticle(input: ArticleInput): ArticleErrors {
  const errors: ArticleErrors = {};
  if (!input.title) errors.title = ARTICLE_MESSAGES.title;
  else if (input.title.length > 200) errors.title = ARTICLE_MESSAGES.titleMax;
  if (!input.slug) errors.slug = ARTICLE_MESSAGES.slug;
  else if (input.slug.length > 100) errors.slug = ARTICLE_MESSAGES.slugMax;
  else if (!SLUG.test(input.slug)) errors.slug = ARTICLE_MESSAGES.slugFormat;
  if (!isCategory(input.category)) errors.category = ARTICLE_MESSAGES.category;
  if (input.excerpt.length > 500) errors.excerpt = ARTICLE_MESSAGES.excerptMax;
  if (!input.content) errors.content = ARTICLE_MESSAGES.content;
  else if (input.content.length > 100_000) errors.content = ARTICLE_MESSAGES.contentMax;
  if (!input.image) errors.image = ARTICLE_MESSAGES.image;
  else if (!IMAGE.test(input.image) || input.image.includes("..")) {
    errors.image = ARTICLE_MESSAGES.imageInvalid;
  }
  if (!input.imageAlt) errors.imageAlt = ARTICLE_MESSAGES.imageAlt;
  else if (input.imageAlt.length > 200) errors.imageAlt = ARTICLE_MESSAGES.imageAltMax;
  if (input.author.length > 100) errors.author = ARTICLE_MESSAGES.authorMax;
  if (input.relatedSlugs.length > MAX_RELATED) errors.relatedSlugs = ARTICLE_MESSAGES.related;
  return errors;
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
