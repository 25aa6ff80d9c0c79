import { z } from "zod";
import { WEEKDAY_NAMES } from "./messages";

/**
 * The practice's booking rules (the 'Citas' part of Ajustes): weekly hours, closed days live in
 * their own table. Every time is a wall-clock time in Europe/Madrid.
 */

export { WEEKDAY_NAMES };

const clock = z
  .string({ error: "Escribe una hora (hh:mm)" })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Escribe una hora válida (hh:mm)");

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}: escribe un número` })
    .int(`${label}: escribe un número entero`)
    .min(min, `${label}: como mínimo ${min}`)
    .max(max, `${label}: como máximo ${max}`);

/** One range of hours on a weekday (1 = lunes … 7 = domingo); a day may have several. */
export const HoursSchema = z
  .object({ weekday: whole("El día", 1, 7), start: clock, end: clock })
  .refine((r) => r.end > r.start, {
    path: ["end"],
    message: "El final debe ser posterior al inicio",
  });

const ONLINE_LINK_MESSAGE = "El enlace de las sesiones en línea debe empezar por https://";

export const BookingConfigSchema = z.object({
  weekly: z.array(HoursSchema).max(28, "Como mucho 4 franjas por día"),
  bufferMinutes: whole("El margen entre citas", 0, 120),
  noticeHours: whole("La antelación mínima", 0, 720),
  horizonDays: whole("Cuánto por adelantado", 1, 365),
  /** 0: no limit. */
  dailyCap: whole("El máximo de citas al día", 0, 30),
  stepMinutes: whole("El intervalo entre horas de inicio", 5, 120),
  cancelHours: whole("El plazo para cancelar o cambiar", 0, 336),
  reminderHours: z.array(whole("El recordatorio", 1, 336)).max(3, "Como mucho 3 recordatorios"),
  retentionDays: whole("El plazo de conservación", 30, 3650),
  /** The video-call room of online sessions; clients see it on their confirmed appointment's page. */
  onlineLink: z
    .string({ error: ONLINE_LINK_MESSAGE })
    .trim()
    .max(300, "El enlace no puede exceder 300 caracteres")
    .refine(
      (v) => v === "" || (/^https:\/\/\S+$/i.test(v) && URL.canParse(v)),
      ONLINE_LINK_MESSAGE,
    ),
});

export type BookingConfig = z.infer<typeof BookingConfigSchema>;
export type Hours = z.infer<typeof HoursSchema>;

const workday = (weekday: number): Hours[] => [
  { weekday, start: "09:00", end: "14:00" },
  { weekday, start: "16:00", end: "20:00" },
];

/** A fresh install: Monday to Thursday mornings and afternoons, Friday mornings. */
export const DEFAULT_BOOKING_CONFIG: BookingConfig = {
  weekly: [...workday(1), ...workday(2), ...workday(3), ...workday(4), workday(5)[0]!],
  bufferMinutes: 10,
  noticeHours: 24,
  horizonDays: 60,
  dailyCap: 0,
  stepMinutes: 30,
  cancelHours: 24,
  reminderHours: [48, 2],
  retentionDays: 365,
  onlineLink: "",
};

// ─── The 'Citas' settings form ───────────────────────────────────────────────────────────────────

const HOURS_HINT =
  "Escribe las franjas así: 09:00-14:00, 16:00-20:00 (vacío: ese día no hay citas)";

/** '9:00-14:00, 16:00 - 20:30' → ranges; null when it cannot be read. */
export function parseRanges(text: string): { start: string; end: string }[] | null {
  const parts = text
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const ranges = [];
  for (const part of parts) {
    const m = /^(\d{1,2})(?::(\d{2}))?\s*[-–a]\s*(\d{1,2})(?::(\d{2}))?$/.exec(part);
    if (!m) return null;
    const clock = (h: string, min = "00") =>
      Number(h) < 24 && Number(min) < 60 ? `${h.padStart(2, "0")}:${min}` : null;
    const start = clock(m[1]!, m[2]);
    const end = clock(m[3]!, m[4]);
    if (!start || !end || end <= start) return null;
    ranges.push({ start, end });
  }
  return ranges.length <= 4 ? ranges : null;
}

/** The ranges of one weekday as the form shows them. */
export function rangesText(weekly: Hours[], weekday: number) {
  return weekly
    .filter((r) => r.weekday === weekday)
    .map((r) => `${r.start}-${r.end}`)
    .join(", ");
}

const dayHours = z
  .string({ error: HOURS_HINT })
  .max(200, HOURS_HINT)
  .refine((v) => parseRanges(v) !== null, HOURS_HINT);

/** The 'Citas' rules form: a text of ranges per weekday, numbers, reminders as '48, 2'. */
export const BookingRulesFormSchema = z
  .object({
    hours: z.object(
      Object.fromEntries(WEEKDAY_NAMES.map((_, i) => [String(i + 1), dayHours])) as Record<
        string,
        typeof dayHours
      >,
    ),
    bufferMinutes: BookingConfigSchema.shape.bufferMinutes,
    noticeHours: BookingConfigSchema.shape.noticeHours,
    horizonDays: BookingConfigSchema.shape.horizonDays,
    dailyCap: BookingConfigSchema.shape.dailyCap,
    stepMinutes: BookingConfigSchema.shape.stepMinutes,
    cancelHours: BookingConfigSchema.shape.cancelHours,
    reminderHours: z
      .string({ error: "Escribe las horas de antelación separadas por comas, como 48, 2" })
      .max(40, "Como mucho 3 recordatorios")
      .refine(
        (v) => /^\s*(\d{1,3}\s*(,\s*\d{1,3}\s*){0,2})?$/.test(v),
        "Escribe hasta 3 números de horas separados por comas, como 48, 2",
      ),
    retentionDays: BookingConfigSchema.shape.retentionDays,
    onlineLink: BookingConfigSchema.shape.onlineLink.default(""),
  })
  .transform(({ hours, reminderHours, ...rest }): BookingConfig => ({
    ...rest,
    weekly: Object.entries(hours).flatMap(([weekday, text]) =>
      parseRanges(text)!.map((r) => ({ weekday: Number(weekday), ...r })),
    ),
    reminderHours: reminderHours
      .split(",")
      .map((h) => Number(h.trim()))
      .filter((h) => h > 0),
  }));

const SERVICE_TEXT = (label: string, max: number) =>
  z
    .string({ error: `${label}: escribe un texto` })
    .trim()
    .max(max, `${label} no puede exceder ${max} caracteres`)
    .refine((v) => !v.includes("\0"), "El texto contiene caracteres no válidos");

/** A bookable service, as the form sends it. */
export const ServiceFormSchema = z.object({
  name: SERVICE_TEXT("El nombre", 80).refine(
    (v) => v.length >= 2,
    "Escribe el nombre del servicio",
  ),
  durationMinutes: whole("La duración", 5, 480),
  modality: z.enum(["presencial", "online"], { error: "Elige presencial o en línea" }),
  priceText: SERVICE_TEXT("El precio", 60),
  mode: z.enum(["request", "direct"], { error: "Elige cómo se reserva" }),
  audience: z.enum(["all", "new", "existing"], { error: "Elige para quién es" }),
  active: z.preprocess((v) => v === "on" || v === true, z.boolean()),
});

/** Closed days: from and to (both included), an optional note. */
export const ClosedDaysFormSchema = z
  .object({
    startsOn: z.iso.date("Elige el primer día"),
    endsOn: z.iso.date("Elige el último día"),
    note: SERVICE_TEXT("La nota", 120),
  })
  .refine((v) => v.endsOn >= v.startsOn, {
    path: ["endsOn"],
    message: "El último día no puede ser anterior al primero",
  });

/**
 * The address of the psychologist's own calendar (busy times): https only; webcal://, which
 * Apple and Outlook show, is the same address over https.
 */
export const BusyFeedFormSchema = z.object({
  url: z
    .string({ error: "Escribe la dirección del calendario" })
    .trim()
    .min(1, "Escribe la dirección del calendario")
    .max(2000, "La dirección no puede exceder 2000 caracteres")
    .refine(
      (v) =>
        /^(https|webcals?):\/\/[^\s/?#]+[^\s]*$/i.test(v) &&
        // Read as it will be fetched: webcal:// parses more loosely than https://.
        URL.canParse(v.replace(/^webcals?:\/\//i, "https://")),
      "La dirección del calendario debe empezar por https:// (por ejemplo, https://calendar.google.com/…)",
    ),
});
