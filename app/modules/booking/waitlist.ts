import { z } from "zod";
import { madridWeekday, ZONE } from "./slots";

/**
 * The waitlist's form, words and rules that need no database (docs/decisions/024): which freed
 * hours suit a person, and how long an offer holds its hour.
 */

export const WAITLIST_MESSAGES = {
  name: "Escribe tu nombre.",
  email: "Introduce un email válido.",
  service: "Elige un servicio.",
  consent: "Debes aceptar la política de privacidad para apuntarte.",
  preferences: "Marca «Lo antes posible» o al menos un día o una franja.",
  invalid: "Este enlace ya no sirve. Si quieres, vuelve a apuntarte desde la página de cita.",
  offerGone:
    "Esta hora ya no está disponible: la oferta caducó o se retiró. Seguirás en la lista de espera para la próxima.",
  rateLimited: "Te has apuntado varias veces seguidas. Espera un poco, por favor.",
} as const;

export const WAITLIST_LIMITS = { name: 100, email: 254 } as const;

/** 1 = lunes … 5 = viernes (the practice's weekdays). */
export const WAITLIST_DAYS = ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes"] as const;
export const WAITLIST_WINDOWS = { manana: "Mañanas (hasta las 14:00)", tarde: "Tardes" } as const;
export type WaitlistWindow = keyof typeof WAITLIST_WINDOWS;

const many = (value: unknown) =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

export const WaitlistSchema = z
  .object({
    service: z.coerce
      .number({ error: WAITLIST_MESSAGES.service })
      .int(WAITLIST_MESSAGES.service)
      .positive(WAITLIST_MESSAGES.service),
    name: z
      .string({ error: WAITLIST_MESSAGES.name })
      .trim()
      .min(1, WAITLIST_MESSAGES.name)
      .max(WAITLIST_LIMITS.name, `El nombre no puede exceder ${WAITLIST_LIMITS.name} caracteres.`),
    email: z
      .string({ error: WAITLIST_MESSAGES.email })
      .trim()
      .max(WAITLIST_LIMITS.email, WAITLIST_MESSAGES.email)
      .pipe(z.email(WAITLIST_MESSAGES.email)),
    existing: z
      .enum(["si", "no"], { error: "Responde si has venido antes a la consulta." })
      .optional()
      .default("no"),
    asap: z.literal("on", { error: WAITLIST_MESSAGES.preferences }).optional(),
    days: z.preprocess(
      many,
      z
        .array(z.enum(["1", "2", "3", "4", "5"], { error: "Elige días de lunes a viernes." }))
        .max(5, "Elige días de lunes a viernes."),
    ),
    windows: z.preprocess(
      many,
      z
        .array(z.enum(["manana", "tarde"], { error: "Elige mañanas o tardes." }))
        .max(2, "Elige mañanas o tardes."),
    ),
    consent: z.literal("on", { error: WAITLIST_MESSAGES.consent }),
  })
  .refine(
    (v) =>
      v?.asap === "on" ||
      (Array.isArray(v?.days) && v.days.length > 0) ||
      (Array.isArray(v?.windows) && v.windows.length > 0),
    {
      path: ["asap"],
      message: WAITLIST_MESSAGES.preferences,
      // Said together with the other fields' messages, not only once they are right.
      when: () => true,
    },
  );

export interface Preferences {
  asap: boolean;
  days: number[];
  windows: string[];
}

const clock = new Intl.DateTimeFormat("es-ES", {
  timeZone: ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Whether a freed hour suits these preferences (Madrid's weekday and time). */
export function fits(preferences: Preferences, startsAt: Date) {
  if (preferences.asap) return true;
  const weekday = madridWeekday(startsAt.getTime());
  const [h, m] = clock.format(startsAt).split(":").map(Number);
  const morning = h! * 60 + m! < 14 * 60;
  const dayOk = preferences.days.length === 0 || preferences.days.includes(weekday);
  const windowOk =
    preferences.windows.length === 0 || preferences.windows.includes(morning ? "manana" : "tarde");
  return dayOk && windowOk;
}

/** An hour this near (or nearer) is not offered: nobody could arrange to come. */
export const MIN_LEAD_MS = 2 * 60 * 60_000;

/**
 * How long an offer holds its hour: the practice's time (120 minutes by default), shorter when the
 * hour is near, so that the next person still has time if this one does not answer: a quarter of
 * the time left, never under 15 minutes.
 */
export function holdMs(holdMinutes: number, startsAt: Date, now: Date) {
  const quarter = Math.floor((startsAt.getTime() - now.getTime()) / 4);
  return Math.max(15 * 60_000, Math.min(holdMinutes * 60_000, quarter));
}

export const ENTRY_STATUS_LABELS: Record<string, string> = {
  pendiente: "Sin confirmar",
  activa: "Esperando",
  ofrecida: "Con una oferta",
  reservada: "Ya tiene cita",
  baja: "Se ha dado de baja",
};

export const SLOT_STATUS_LABELS: Record<string, string> = {
  abierta: "Por ofrecer",
  ofrecida: "Ofrecida, esperando respuesta",
  cubierta: "Reservada desde la lista de espera",
  "sin-candidatos": "Nadie de la lista encaja todavía",
  ocupada: "Reservada por otra vía",
  pasada: "Demasiado cerca o ya pasada",
};

export const OFFER_STATUS_LABELS: Record<string, string> = {
  "por-aprobar": "Pendiente de tu aprobación",
  enviada: "Enviada",
  aceptada: "Aceptada",
  rechazada: "Rechazada",
  caducada: "Caducada sin respuesta",
  retirada: "Retirada",
};

export const SLOT_REASON_LABELS: Record<string, string> = {
  cancelacion: "Cancelación",
  cambio: "Cambio de hora",
  liberada: "Liberada por ti",
};
