/**
 * The contact form's rules and Spanish messages (spec §5, D11, D14): one definition, run in the
 * browser before sending and again on the server. Plain code, no library, so the landing page
 * stays within its JavaScript budget.
 */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 2000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: "El nombre es requerido",
  nameTooLong: "El nombre no puede exceder 100 caracteres",
  nameLetters: "El nombre solo puede contener letras y espacios",
  emailInvalid: "Introduce un email válido",
  emailTooLong: "El email es demasiado largo",
  messageRequired: "El mensaje es requerido",
  messageTooLong: "El mensaje no puede exceder 2000 caracteres",
  consentRequired: "Debes aceptar la política de privacidad para enviar el mensaje",
  invalidCharacters: "El texto contiene caracteres no válidos",
  rateLimited: "Demasiados intentos. Por favor, espera antes de enviar otro mensaje.",
} as const;

export interface ContactInput {
  name: string;
  email: string;
  message: string;
  consent: boolean;
}
export type ContactErrors = Partial<Record<keyof ContactInput, string>>;

/**
 * A conservative address: besides the usual separators, no `?&=%` (they would add fields to a
 * `mailto:` link or a header), no `<>"`, whitespace, control characters, commas or semicolons.
 */
const EMAIL_CHAR = String.raw`[^\s\p{Cc}@"<>()[\]\\,;:?&=%]`;
const EMAIL = new RegExp(`^${EMAIL_CHAR}+@${EMAIL_CHAR}+\\.${EMAIL_CHAR}{2,}$`, "u");

/** Whether a stored or typed address passes the contact form's rule. */
export function isValidEmail(value: string) {
  return value.length <= CONTACT_LIMITS.email && EMAIL.test(value);
}
const LETTERS_AND_SPACES = /^[\p{L}\p{M}\s]+$/u;

/** Reads any input (form fields, JSON, hostile values) into trimmed strings. */
export function readContact(raw: Record<string, unknown>): ContactInput {
  const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const consent = raw.consent;
  return {
    name: str(raw.name),
    email: str(raw.email),
    message: str(raw.message),
    consent: consent === true || consent === "on" || consent === "true",
  };
}

export function validateContact(input: ContactInput): ContactErrors {
  const errors: ContactErrors = {};
  if (!input.name) errors.name = CONTACT_MESSAGES.nameRequired;
  else if (input.name.length > CONTACT_LIMITS.name) errors.name = CONTACT_MESSAGES.nameTooLong;
  else if (!LETTERS_AND_SPACES.test(input.name)) errors.name = CONTACT_MESSAGES.nameLetters;
  if (input.email.length > CONTACT_LIMITS.email) errors.email = CONTACT_MESSAGES.emailTooLong;
  else if (!EMAIL.test(input.email)) errors.email = CONTACT_MESSAGES.emailInvalid;
  if (!input.message) errors.message = CONTACT_MESSAGES.messageRequired;
  else if (input.message.length > CONTACT_LIMITS.message) {
    errors.message = CONTACT_MESSAGES.messageTooLong;
  }
  if (!input.consent) errors.consent = CONTACT_MESSAGES.consentRequired;
  // A NUL character cannot be stored or mailed; nothing a person types contains it.
  for (const key of ["name", "email", "message"] as const) {
    if (input[key].includes("\u0000")) errors[key] = CONTACT_MESSAGES.invalidCharacters;
  }
  return errors;
}
