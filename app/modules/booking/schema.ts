import * as z from "zod/mini";
import { emailAddress } from "~/utils/email-schema";
import { noNul } from "~/utils/no-nul";
import { BOOKING_LIMITS, BOOKING_MESSAGES } from "./messages";

export { BOOKING_LIMITS, BOOKING_MESSAGES };

const textOnly = noNul(BOOKING_MESSAGES.invalidCharacters);

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
  // The one address rule: nothing that could add a field to the agenda's `mailto:` link.
  email: emailAddress(),
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

/** The manage link's 'Pedir un cambio de hora': an optional word on the days or hours that suit. */
export const ChangeRequestSchema = z.object({
  message: z._default(
    z
      .string({ error: BOOKING_MESSAGES.invalidCharacters })
      .check(
        z.trim(),
        textOnly,
        z.maxLength(BOOKING_LIMITS.changeRequest, BOOKING_MESSAGES.changeRequestTooLong),
      ),
    "",
  ),
});
