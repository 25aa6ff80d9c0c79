import { z } from "zod";
import { emailAddress } from "~/utils/email-schema";
import { DEFAULT_SETTINGS, isPlaceholder } from "./defaults";

/** Safe in the browser: the settings shape, its defaults and its Spanish messages. */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} es obligatorio` })
    .trim()
    .min(1, `${label} es obligatorio`)
    .max(max, `${label} no puede exceder ${max} caracteres`);

const optionalUrl = (label: string) =>
  z
    .string({ error: `${label} debe ser un texto` })
    .trim()
    .max(500, `${label} no puede exceder 500 caracteres`)
    .refine((v) => v === "" || isHttpUrl(v), `${label} debe ser una URL válida (https://…)`);

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

import { REGION_CODES } from "./regions";
import { isUploadedImageUrl } from "~/modules/media/responsive";
import { SOCIAL_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from "./social";

export { SOCIAL_LABELS, SOCIAL_NETWORKS, type SocialNetwork };

/** How many publications Ajustes holds (one row of fields each; empty rows are dropped). */
export const MAX_PUBLICATIONS = 3;

/** A calendar date (YYYY-MM-DD, as a date field sends it) or empty. */
const optionalDate = (label: string) =>
  z
    .string({ error: "Valor no válido" })
    .trim()
    .refine(
      (v) =>
        v === "" ||
        (/^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T12:00:00Z`).toISOString().startsWith(v)),
      `${label} debe ser una fecha (dd/mm/aaaa)`,
    );

const optionalText = (label: string, max: number) =>
  z
    .string({ error: "Valor no válido" })
    .trim()
    .max(max, `${label} no puede exceder ${max} caracteres`);

/**
 * A publication (book, guide…) shown on the landing page. A row left empty is dropped; a row
 * with anything in it needs a title and the link where the book can be found.
 */
const PublicationSchema = z
  .object({
    title: optionalText("El título", 120),
    subtitle: optionalText("El subtítulo", 160),
    description: optionalText("La descripción", 400),
    url: optionalText("El enlace", 500),
  })
  .superRefine((p, ctx) => {
    if (!p.title && !p.subtitle && !p.description && !p.url) return;
    if (!p.title) ctx.addIssue({ code: "custom", path: ["title"], message: "Falta el título" });
    if (!p.url) {
      ctx.addIssue({ code: "custom", path: ["url"], message: "Falta el enlace de la publicación" });
    } else if (!isHttpUrl(p.url)) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: "El enlace debe ser una URL válida (https://…)",
      });
    }
  });

export const SettingsSchema = z.object({
  // Sitio
  siteName: text("El nombre del sitio", 80),
  siteDescription: text("La descripción", 300),
  // Contacto
  // The one address rule of every form (~/utils/email-address): it goes into `mailto:` links.
  contactEmail: emailAddress("El email de contacto es obligatorio"),
  contactPhone: z
    .string({ error: "El teléfono es obligatorio" })
    .trim()
    .min(1, "El teléfono es obligatorio")
    .max(30, "El teléfono no puede exceder 30 caracteres")
    .regex(/^\+?[0-9 ().-]{6,}$/, "Introduce un teléfono válido"),
  // Datos profesionales y legales
  professionalName: text("El nombre profesional", 100),
  professionalTitle: text("El título profesional", 120),
  qualification: text("La titulación oficial", 200),
  collegeName: text("El colegio profesional", 150),
  collegeNumber: text("El número de colegiado", 30),
  nif: text("El NIF", 20),
  postalAddress: text("La dirección postal", 200),
  healthRegistryNumber: text("El número de registro sanitario", 60),
  // The registry's renewal and what the comunidad asks (app/modules/compliance, Estado legal)
  healthRegistryExpiry: optionalDate("La caducidad de la inscripción"),
  region: z.enum(["", ...REGION_CODES], { error: "Elige una comunidad autónoma de la lista" }),
  advertisingAuthNumber: z
    .string({ error: "Valor no válido" })
    .trim()
    .max(60, "El número de autorización no puede exceder 60 caracteres"),
  advertisingAuthExpiry: optionalDate("La caducidad de la autorización de publicidad"),
  partnerCentreName: text("El nombre del centro colaborador", 120),
  partnerCentreAddress: text("La dirección del centro colaborador", 200),
  partnerCentreUrl: optionalUrl("La web del centro colaborador"),
  bookingUrl: optionalUrl("La URL de reservas"),
  bookingEnabled: z.boolean({ error: "Valor no válido" }),
  socialLinks: z.object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, optionalUrl(SOCIAL_LABELS[n])])) as Record<
      SocialNetwork,
      ReturnType<typeof optionalUrl>
    >,
  ),
  // Retrato profesional (opcional): una imagen subida en Ajustes y su texto alternativo
  portrait: z
    .object({
      url: z
        .string({ error: "Valor no válido" })
        .trim()
        .max(300, "La dirección del retrato es demasiado larga")
        .refine(
          (v) => v === "" || isUploadedImageUrl(v),
          "El retrato debe ser una imagen subida desde Ajustes",
        ),
      alt: z
        .string({ error: "Valor no válido" })
        .trim()
        .max(200, "El texto alternativo no puede exceder 200 caracteres"),
    })
    .refine((p) => p.url === "" || p.alt.length > 0, {
      path: ["alt"],
      message: "Describe el retrato: el texto alternativo es obligatorio",
    }),
  // Publicaciones (vacío: la portada no tiene sección de publicaciones)
  publications: z
    .array(PublicationSchema, { error: "Valor no válido" })
    .max(MAX_PUBLICATIONS, `Como máximo ${MAX_PUBLICATIONS} publicaciones`)
    .transform((list) => list.filter((p) => p.title !== "")),
  // Preferencias
  showSocialLinks: z.boolean({ error: "Valor no válido" }),
  analyticsEnabled: z.boolean({ error: "Valor no válido" }),
  analyticsMeasurementId: z
    .string({ error: "Valor no válido" })
    .trim()
    .max(40, "El ID de medición no puede exceder 40 caracteres")
    .regex(/^$|^G-[A-Z0-9]{4,}$/, "El ID de medición debe tener la forma G-XXXXXXX"),
  allowSignup: z.boolean({ error: "Valor no válido" }),
  reviewsOpen: z.boolean({ error: "Valor no válido" }),
  messageRetentionMonths: z.coerce
    .number({ error: "Indica un número de meses" })
    .int("Indica un número entero de meses")
    .min(1, "La conservación mínima es de 1 mes")
    .max(120, "La conservación máxima es de 120 meses"),
  notificationIncludesMessage: z.boolean({ error: "Valor no válido" }),
});

export type Settings = z.infer<typeof SettingsSchema>;

/**
 * Defaults: plausible placeholders that the admin marks as "valor de ejemplo" until changed.
 * example.com addresses are reserved for examples and never reach a real person.
 */

/**
 * Reads a stored record leniently: each valid field is kept, anything missing or invalid
 * (for instance a field added by a later version) falls back to its default.
 */
export function settingsFromStored(stored: unknown): Settings {
  const record = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, fieldSchema] of Object.entries(SettingsSchema.shape)) {
    const parsed = (fieldSchema as z.ZodType).safeParse(record[key]);
    out[key] = parsed.success ? parsed.data : DEFAULT_SETTINGS[key as keyof Settings];
  }
  return out as Settings;
}

export { DEFAULT_SETTINGS, isPlaceholder };
