import * as z from "zod/mini";
import { EMAIL_MESSAGES } from "~/utils/email-address";
import { emailAddress } from "~/utils/email-schema";
import { noNul } from "~/utils/no-nul";
import { BOOKING_LIMITS } from "./messages";
import { BookingSchema } from "./schema";

/**
 * The agenda's own forms (/admin/citas): staff book an appointment or a series for a client they
 * know, move one, and decline or cancel one with a word for the client. Run in the browser before
 * sending and by the action.
 */

/** A series: from 2 sessions to half a year of weekly ones. */
export const MIN_SESSIONS = 2;
export const MAX_SESSIONS = 26;

export const STAFF_MESSAGES = {
  date: "Elige el día.",
  time: "Escribe la hora (hh:mm).",
  nameRequired: "Escribe el nombre del cliente.",
  nameTooLong: `El nombre no puede exceder ${BOOKING_LIMITS.name} caracteres.`,
  emailRequired: "Introduce el email del cliente: le enviaremos la cita.",
  emailInvalid: EMAIL_MESSAGES.invalid,
  repeat: "Elige si la cita se repite.",
  sessions: `Escribe cuántas sesiones, de ${MIN_SESSIONS} a ${MAX_SESSIONS}.`,
  message: "El mensaje no puede exceder 500 caracteres.",
  invalidCharacters: "El texto contiene caracteres no válidos.",
} as const;

const calendarDate = z.string({ error: STAFF_MESSAGES.date }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, STAFF_MESSAGES.date),
  z.refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T12:00:00Z`)) &&
      new Date(`${v}T12:00:00Z`).toISOString().startsWith(v),
    STAFF_MESSAGES.date,
  ),
);

const clockTime = z
  .string({ error: STAFF_MESSAGES.time })
  .check(z.trim(), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, STAFF_MESSAGES.time));

const message = z._default(
  z
    .string({ error: STAFF_MESSAGES.invalidCharacters })
    .check(
      z.trim(),
      noNul(STAFF_MESSAGES.invalidCharacters),
      z.maxLength(500, STAFF_MESSAGES.message),
    ),
  "",
);

/** An appointment booked by staff: confirmed at once, the client told by e-mail. */
export const StaffBookingSchema = z
  .object({
    service: BookingSchema.shape.service,
    date: calendarDate,
    time: clockTime,
    name: z
      .string({ error: STAFF_MESSAGES.nameRequired })
      .check(
        z.trim(),
        noNul(STAFF_MESSAGES.invalidCharacters),
        z.minLength(2, STAFF_MESSAGES.nameRequired),
        z.maxLength(BOOKING_LIMITS.name, STAFF_MESSAGES.nameTooLong),
      ),
    email: emailAddress(STAFF_MESSAGES.emailRequired),
    phone: BookingSchema.shape.phone,
    repeat: z._default(
      z.enum(["none", "weekly", "fortnightly"], { error: STAFF_MESSAGES.repeat }),
      "none",
    ),
    sessions: z._default(z.string({ error: STAFF_MESSAGES.sessions }), "1"),
  })
  .check(
    z.refine(
      (v) =>
        v.repeat === "none" ||
        (/^\d{1,2}$/.test(v.sessions.trim()) &&
          Number(v.sessions) >= MIN_SESSIONS &&
          Number(v.sessions) <= MAX_SESSIONS),
      { path: ["sessions"], message: STAFF_MESSAGES.sessions },
    ),
  );

export type StaffBookingInput = z.output<typeof StaffBookingSchema>;

/** A new day and hour for an appointment, and an optional word for the client. */
export const MoveSchema = z.object({
  date: calendarDate,
  time: clockTime,
  message,
});

/** Declining a request or cancelling an appointment: an optional word for the client. */
export const PracticeMessageSchema = z.object({ message });
