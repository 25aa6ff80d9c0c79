import * as z from "zod";

/**
 * The advertising authorisation form's rules and words (the page and advertising.server.ts).
 * Aragón's authorisations (RAPS) are valid 3 years; an expiry left empty takes that.
 */
export const ADVERTISING_VALID_YEARS = 3;

export const ADVERTISING_MESSAGES = {
  target: "Elige el texto que se autorizó.",
  number: "Escribe el número de la autorización.",
  date: "Escribe una fecha válida.",
  expiresAfter: "La fecha de caducidad debe ser posterior a la de la autorización.",
  missing: "Esa autorización ya no existe.",
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export const AdvertisingSchema = z.object({
  target: z
    .string(ADVERTISING_MESSAGES.target)
    .regex(/^(?:texto:[a-z0-9-]{1,80}|articulo:\d{1,9})$/, ADVERTISING_MESSAGES.target),
  number: z
    .string(ADVERTISING_MESSAGES.number)
    .trim()
    .min(1, ADVERTISING_MESSAGES.number)
    .max(60, "El número no puede tener más de 60 caracteres."),
  authorisedOn: z.string(ADVERTISING_MESSAGES.date).refine(validDay, ADVERTISING_MESSAGES.date),
  expiresOn: z
    .string()
    .optional()
    .default("")
    .refine((v) => v === "" || validDay(v), ADVERTISING_MESSAGES.date),
});

/** Where a recorded authorisation stands today. */
export type AdvertisingState = "vigente" | "caduca" | "caducado" | "modificado" | "sin-texto";

export const ADVERTISING_STATE_LABELS: Record<AdvertisingState, string> = {
  vigente: "En vigor",
  caduca: "Caduca pronto",
  caducado: "Caducada",
  modificado: "Texto modificado: requiere nueva autorización",
  "sin-texto": "El texto ya no existe",
};
