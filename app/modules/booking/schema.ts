import * as z from "zod/mini";
import { noNul } from "~/utils/no-nul";
import { BOOKING_LIMITS, BOOKING_MESSAGES } from "./messages";

export { BOOKING_LIMITS, BOOKING_MESSAGES };

const textOnly = noNul(BOOKING_MESSAGES.invalidCharacters);
/** An address a mail server accepts (what the booking forms ask). */
export const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:]{2,}$/u;

/**
 * A visitor's booking (/cita, the last step): zod/mini, run in the browser before sending and by
 * the action. `slot` is the chosen start as epoch milliseconds (the server checks it is free).
 */
export const BookingSchema = z.object({
  service: z
    .string({ error: BOOKING_MESSAGES.service })
    .check(z.regex(/^\d{1,9}$/, BOOKING_MESSAGES.service)),
  slot: z
    .string({ error: BOOKING_MESSAGES.slot })
    .check(z.regex(/^\d{12,14}$/, BOOKING_MESSAGES.slot)),
  name: z
    .string({ error: BOOKING_MESSAGES.nameRequired })
    .check(
      z.trim(),
      textOnly,
      z.minLength(2, BOOKING_MESSAGES.nameRequired),
      z.maxLength(BOOKING_LIMITS.name, BOOKING_MESSAGES.nameTooLong),
    ),
  email: z
    .string({ error: BOOKING_MESSAGES.emailInvalid })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(BOOKING_LIMITS.email, BOOKING_MESSAGES.emailTooLong),
      z.regex(EMAIL, BOOKING_MESSAGES.emailInvalid),
    ),
  phone: z._default(
    z
      .string({ error: BOOKING_MESSAGES.phoneInvalid })
      .check(
        z.trim(),
        z.maxLength(BOOKING_LIMITS.phone, BOOKING_MESSAGES.phoneInvalid),
        z.regex(/^(\+?[\d\s().-]{6,})?$/, BOOKING_MESSAGES.phoneInvalid),
      ),
    "",
  ),
  firstVisit: z.enum(["si", "no"], { error: BOOKING_MESSAGES.firstVisit }),
  note: z._default(
    z
      .string({ error: BOOKING_MESSAGES.invalidCharacters })
      .check(z.trim(), textOnly, z.maxLength(BOOKING_LIMITS.note, BOOKING_MESSAGES.noteTooLong)),
    "",
  ),
  consent: z.literal("on", { error: BOOKING_MESSAGES.consent }),
});

export type BookingInput = z.output<typeof BookingSchema>;
