/**
 * The one rule for an e-mail address a person types, in every form (contact, booking, staff
 * booking, review invitations, accounts, settings); its zod field is `emailAddress()` in
 * `email-schema.ts`. No imports here: a page may show a message without the validation library.
 *
 * A conservative grammar, not everything RFC 5321 allows: dot-separated atoms of ASCII letters,
 * digits and `_ ' + -`, then a domain of letters, digits and hyphens ending in a label that starts
 * with a letter. So nothing that could add a field to a `mailto:` link or a header (`? & = % #`),
 * nor `/ \ " < > , ; :`, whitespace or control characters, can be stored; addresses stored before
 * this rule are still encoded wherever they are linked (`mailtoHref`).
 */
export const EMAIL_MAX = 254;

export const EMAIL_MESSAGES = {
  invalid: "Introduce un email válido",
  tooLong: "El email es demasiado largo",
} as const;

const ATOM = "[A-Za-z0-9_'+-]+";
const LABEL = "[A-Za-z0-9][A-Za-z0-9-]*";
export const EMAIL_ADDRESS = new RegExp(
  `^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])$`,
);
