import * as z from "zod/mini";
import { EMAIL_ADDRESS, EMAIL_MAX, EMAIL_MESSAGES } from "./email-address";

/**
 * The address field of every form (the rule: `email-address.ts`): trimmed, lower-case, at most
 * 254 characters, in the conservative grammar. Every refusal says `EMAIL_MESSAGES.invalid` (or
 * `tooLong`); `required` only replaces it for a missing or empty field, where a form says what to
 * fill in.
 */
export function emailAddress(required: string = EMAIL_MESSAGES.invalid) {
  return z
    .string({ error: required })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, required),
      z.maxLength(EMAIL_MAX, EMAIL_MESSAGES.tooLong),
      z.regex(EMAIL_ADDRESS, EMAIL_MESSAGES.invalid),
    );
}
