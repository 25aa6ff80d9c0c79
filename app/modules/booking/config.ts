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
};
