import { z } from "zod";
import { SERVICE_SLUGS, type ServiceSlug } from "~/modules/services/slugs";

/**
 * The public texts she edits in 'Textos de la web' (/admin/textos): each page's fields, the form
 * schema that reads them (in the browser before sending, and in the action) and the shape they
 * are stored in (page_texts.data). Browser-safe: no defaults here (they are the bundled files,
 * read on the server by texts.server.ts).
 */

/**
 * line: one line; text: a paragraph; list: one item per line; pairs: blocks separated by a blank
 * line, the first line a title (or question), the rest its text (or answer); markdown: the visual
 * editor.
 */
export type FieldKind = "line" | "text" | "list" | "pairs" | "markdown";

export interface PageField {
  name: string;
  label: string;
  kind: FieldKind;
  /** Characters (a list's or a pair's: each item's; markdown and pairs: the whole text). */
  max: number;
  /** May be left empty: the page then leaves it out (figures, price…). */
  optional?: boolean;
  /** A link: https://…, a page of the site (/…) or 'centro' (the partner centre's website). */
  link?: boolean;
  description?: string;
}

export interface PageDefinition {
  key: string;
  title: string;
  /** Where the page is seen. */
  path: string;
  fields: PageField[];
}

const FIGURE =
  "Solo cifras que puedas demostrar (Código Deontológico, art. 50). Vacía, no se muestra.";

const collaboration = (n: number): PageField[] => [
  { name: `collab${n}Name`, label: `Colaboración ${n}: nombre`, kind: "line", max: 80 },
  { name: `collab${n}Description`, label: `Colaboración ${n}: texto`, kind: "text", max: 300 },
  {
    name: `collab${n}Href`,
    label: `Colaboración ${n}: enlace`,
    kind: "line",
    max: 300,
    optional: true,
    link: true,
    description:
      "Una dirección https://…, una página de la web (/servicios/mindfulness) o «centro» para la web del centro colaborador de Ajustes. Vacío: sin enlace.",
  },
  {
    name: `collab${n}LinkLabel`,
    label: `Colaboración ${n}: texto del enlace`,
    kind: "line",
    max: 60,
    optional: true,
  },
];

const SERVICE_TITLES: Record<ServiceSlug, string> = {
  "terapia-individual": "Terapia individual",
  "terapia-pareja": "Terapia de pareja",
  "trabajo-grupos": "Trabajo con grupos",
  mindfulness: "Mindfulness",
};

export const serviceKey = (slug: ServiceSlug) => `servicio-${slug}`;

const serviceFields: PageField[] = [
  { name: "title", label: "Título", kind: "line", max: 80 },
  { name: "summary", label: "Resumen (bajo el título)", kind: "text", max: 300 },
  {
    name: "metaDescription",
    label: "Descripción para buscadores",
    kind: "text",
    max: 170,
    description: "Lo que Google muestra bajo el título: unas 150 letras.",
  },
  {
    name: "price",
    label: "Precio",
    kind: "line",
    max: 60,
    optional: true,
    description: "p. ej. «60 € por sesión». Vacío: no se muestra.",
  },
  {
    name: "duration",
    label: "Duración",
    kind: "line",
    max: 60,
    optional: true,
    description: "p. ej. «50 minutos».",
  },
  {
    name: "modality",
    label: "Modalidad",
    kind: "line",
    max: 80,
    optional: true,
    description: "p. ej. «Presencial o en línea».",
  },
  {
    name: "address",
    label: "Dirección",
    kind: "line",
    max: 160,
    optional: true,
    description: "Dónde son las sesiones presenciales. Vacío: la dirección del centro de Ajustes.",
  },
  { name: "benefits", label: "Beneficios (uno por línea)", kind: "list", max: 160 },
  {
    name: "audience",
    label: "Para quién es (uno por línea)",
    kind: "list",
    max: 160,
    optional: true,
  },
  {
    name: "faq",
    label: "Preguntas frecuentes",
    kind: "pairs",
    max: 8000,
    optional: true,
    description:
      "La pregunta en la primera línea y la respuesta debajo; deja una línea en blanco entre una pregunta y la siguiente.",
  },
  { name: "body", label: "Texto de la página", kind: "markdown", max: 20000 },
];

export const PAGES: PageDefinition[] = [
  {
    key: "inicio",
    title: "Inicio",
    path: "/",
    fields: [
      {
        name: "tagline",
        label: "Frase bajo tu nombre",
        kind: "text",
        max: 300,
      },
      { name: "figure1Value", label: "Cifra 1", kind: "line", max: 12, optional: true },
      {
        name: "figure1Label",
        label: "Cifra 1: qué cuenta",
        kind: "line",
        max: 60,
        optional: true,
        description: FIGURE,
      },
      { name: "figure2Value", label: "Cifra 2", kind: "line", max: 12, optional: true },
      {
        name: "figure2Label",
        label: "Cifra 2: qué cuenta",
        kind: "line",
        max: 60,
        optional: true,
        description: FIGURE,
      },
    ],
  },
  {
    key: "sobre-mi",
    title: "Sobre mí",
    path: "/sobre-mi",
    fields: [
      { name: "intro", label: "Presentación (bajo el título)", kind: "text", max: 600 },
      { name: "body", label: "Texto de la página", kind: "markdown", max: 20000 },
      { name: "training", label: "Formación (una por línea)", kind: "list", max: 200 },
      {
        name: "approach",
        label: "Cómo trabajo",
        kind: "pairs",
        max: 4000,
        description:
          "El título en la primera línea y el texto debajo; deja una línea en blanco entre uno y el siguiente.",
      },
    ],
  },
  ...SERVICE_SLUGS.map((slug): PageDefinition => ({
    key: serviceKey(slug),
    title: `Servicio: ${SERVICE_TITLES[slug]}`,
    path: `/servicios/${slug}`,
    fields: serviceFields,
  })),
  {
    key: "colaboraciones",
    title: "Colaboraciones (página de inicio)",
    path: "/#colaboraciones",
    fields: [1, 2, 3, 4].flatMap(collaboration),
  },
];

export function pageDefinition(key: string) {
  return PAGES.find((p) => p.key === key);
}

/** A pair as stored: a title (or question) and its text (or answer). */
export interface Pair {
  title: string;
  text: string;
}
/** What a page's fields hold once read: text, a list, or pairs. */
export type PageValues = Record<string, string | string[] | Pair[]>;

const INVALID = "El texto contiene caracteres no válidos";
const noNul = (v: string) => !v.includes("\0");

/** Lines of a list field, trimmed, empty ones dropped. */
export function splitList(value: string) {
  return value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Pairs written as blocks separated by blank lines (first line the title). */
export function splitPairs(value: string): Pair[] {
  return value
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const [title = "", ...rest] = block.split(/\r?\n/);
      return { title: title.trim(), text: rest.join("\n").trim() };
    });
}

/** A stored value as its form field writes it (the inverse of the two above). */
export function asFieldText(kind: FieldKind, value: PageValues[string] | undefined): string {
  if (value === undefined) return "";
  if (kind === "list") return (value as string[]).join("\n");
  if (kind === "pairs") return (value as Pair[]).map((p) => `${p.title}\n${p.text}`).join("\n\n");
  return value as string;
}

/** One field's rule: the form sends text; lists and pairs become arrays. */
function fieldSchema(field: PageField) {
  // A list's limit is per line; the whole text may hold 20 of them.
  const whole = field.kind === "list" ? (field.max + 1) * 20 : field.max;
  const base = z
    .string({ error: `${field.label}: escribe un texto` })
    .max(
      whole,
      field.kind === "list"
        ? `«${field.label}»: como mucho 20 líneas de ${field.max} caracteres`
        : `«${field.label}» no puede exceder ${field.max} caracteres`,
    )
    .refine(noNul, INVALID)
    .transform((v) => v.trim());
  const required = (v: unknown) => field.optional || (Array.isArray(v) ? v.length > 0 : v !== "");
  const requiredMessage = `Escribe «${field.label.replace(/ \(.*\)$/, "")}»: no puede quedar vacío`;
  if (field.kind === "list") {
    return base
      .transform(splitList)
      .refine(
        (items) => items.every((i) => i.length <= field.max),
        `Cada línea de «${field.label}» puede tener ${field.max} caracteres como mucho`,
      )
      .refine((items) => items.length <= 20, `«${field.label}»: como mucho 20 líneas`)
      .refine(required, requiredMessage);
  }
  if (field.kind === "pairs") {
    return base
      .transform(splitPairs)
      .refine(
        (pairs) => pairs.every((p) => p.text !== ""),
        `«${field.label}»: cada bloque necesita una primera línea y un texto debajo`,
      )
      .refine(required, requiredMessage);
  }
  if (field.link) {
    return base
      .refine(
        isLink,
        `«${field.label}»: escribe una dirección https://…, una página (/…) o «centro»`,
      )
      .refine(required, requiredMessage);
  }
  return base.refine(required, requiredMessage);
}

/** Empty, 'centro', a page of the site (/…) or an https/http address. */
export function isLink(value: string) {
  if (value === "" || value === "centro") return true;
  // Not //… nor /\… (browsers read both as another site's address).
  if (/^\/(?![/\\])[^\s\\]*$/.test(value)) return true;
  return /^https?:\/\/\S+$/i.test(value) && URL.canParse(value);
}

const schemas = new Map<string, z.ZodType<PageValues>>();

/** The form schema of a page: every field, read from what the form sends. */
export function pageSchema(definition: PageDefinition): z.ZodType<PageValues> {
  let schema = schemas.get(definition.key);
  if (!schema) {
    schema = z.object(
      Object.fromEntries(definition.fields.map((f) => [f.name, fieldSchema(f)])),
    ) as unknown as z.ZodType<PageValues>;
    schemas.set(definition.key, schema);
  }
  return schema;
}

/** What the form sends, as the schema reads it: each field's text (a missing one is empty). */
export function pageFromForm(definition: PageDefinition, form: FormData) {
  return Object.fromEntries(
    definition.fields.map((f) => {
      const value = form.get(f.name);
      return [f.name, typeof value === "string" ? value : ""];
    }),
  );
}

/** The text the claims check reads: every field's words. */
export function pageText(values: PageValues) {
  return Object.values(values)
    .map((v) =>
      typeof v === "string"
        ? v
        : v
            .map((item) => (typeof item === "string" ? item : `${item.title}\n${item.text}`))
            .join("\n"),
    )
    .join("\n");
}
