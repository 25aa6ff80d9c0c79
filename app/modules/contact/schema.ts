import * as z from "zod/mini";
import { EMAIL_MESSAGES } from "~/utils/email-address";
import { emailAddress } from "~/utils/email-schema";
import { noNul } from "~/utils/no-nul";

/**
 * The contact form's schema and Spanish messages (docs/product.md#contact-form,
 * docs/decisions/009-contact-messages-and-reviews.md): one zod/mini schema, run in the browser
 * before sending and again in the action. The browser loads it when the form is sent, so the
 * landing page stays within its JavaScript budget.
 */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 2000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: "Escribe tu nombre",
  nameTooLong: "El nombre no puede exceder 100 caracteres",
  nameLetters: "El nombre solo puede contener letras y espacios",
  emailInvalid: EMAIL_MESSAGES.invalid,
  emailTooLong: EMAIL_MESSAGES.tooLong,
  messageRequired: "El mensaje es requerido",
  messageTooLong: "El mensaje no puede exceder 2000 caracteres",
  consentRequired: "Debes aceptar la política de privacidad para enviar el mensaje",
  invalidCharacters: "El texto contiene caracteres no válidos",
  rateLimited: "Demasiados intentos. Por favor, espera antes de enviar otro mensaje.",
} as const;

const LETTERS_AND_SPACES = /^[\p{L}\p{M}\s]+$/u;

const textOnly = noNul(CONTACT_MESSAGES.invalidCharacters);

export const ContactSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    .check(
      z.trim(),
      textOnly,
      z.minLength(1, CONTACT_MESSAGES.nameRequired),
      z.maxLength(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
      z.regex(LETTERS_AND_SPACES, CONTACT_MESSAGES.nameLetters),
    ),
  // The one address rule (~/utils/email-address): no `?&=%`, which would add fields to a
  // `mailto:` link or a header, no `<>"`, whitespace, control characters, commas or semicolons.
  email: emailAddress(),
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .check(
      z.trim(),
      textOnly,
      z.minLength(1, CONTACT_MESSAGES.messageRequired),
      z.maxLength(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
    ),
  // A checked checkbox posts "on"; an unchecked one posts nothing.
  consent: z.literal("on", { error: CONTACT_MESSAGES.consentRequired }),
});

export type ContactInput = z.output<typeof ContactSchema>;

/** The fields in the form's order (where focus goes when several need fixing). */
export const CONTACT_FIELDS = ["name", "email", "message", "consent"] as const;
