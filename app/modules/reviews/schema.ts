import * as z from "zod/mini";
import { noNul } from "~/utils/no-nul";
import { REVIEW_LIMITS, REVIEW_MESSAGES } from "./messages";

export { REVIEW_LIMITS, REVIEW_MESSAGES };

/*
 * The review forms' schemas (docs/product.md#review-forms; consent:
 * docs/decisions/009-contact-messages-and-reviews.md): zod/mini, run by the browser before
 * sending and by the action.
 */

const textOnly = noNul(REVIEW_MESSAGES.invalidCharacters);

/**
 * A visitor's review (the dialog and /resenas/nueva): one zod/mini schema, run in the browser
 * before sending (loaded when the form is sent) and again in the action.
 */
export const ReviewSchema = z.object({
  name: z
    .string({ error: REVIEW_MESSAGES.nameMin })
    .check(
      z.trim(),
      textOnly,
      z.minLength(2, REVIEW_MESSAGES.nameMin),
      z.maxLength(REVIEW_LIMITS.name, REVIEW_MESSAGES.nameMax),
    ),
  role: z.optional(
    z
      .string({ error: REVIEW_MESSAGES.roleMax })
      .check(z.trim(), textOnly, z.maxLength(REVIEW_LIMITS.role, REVIEW_MESSAGES.roleMax)),
  ),
  // Chosen by the visitor: the form pre-selects nothing (issue #34), so no star is sent for them.
  rating: z
    .string({ error: REVIEW_MESSAGES.rating })
    .check(z.regex(/^[1-5]$/, REVIEW_MESSAGES.rating)),
  content: z
    .string({ error: REVIEW_MESSAGES.contentMin })
    .check(
      z.trim(),
      textOnly,
      z.minLength(10, REVIEW_MESSAGES.contentMin),
      z.maxLength(REVIEW_LIMITS.content, REVIEW_MESSAGES.contentMax),
    ),
  // A checked checkbox posts "on"; an unchecked one posts nothing.
  consent: z.literal("on", { error: REVIEW_MESSAGES.consent }),
});

/** The fields in the form's order (where focus goes when several need fixing). */
export const REVIEW_FIELDS = ["name", "role", "rating", "content", "consent"] as const;

/**
 * A review as staff write it (the dialog in /admin/resenas): the visitor's fields without the
 * consent checkbox, with their own message for a short text and the 'Publicada' switch.
 */
export const ReviewAdminSchema = z.object({
  name: ReviewSchema.shape.name,
  role: ReviewSchema.shape.role,
  // Five stars unless staff choose another (the dialog's own default).
  rating: z.optional(
    z.string({ error: REVIEW_MESSAGES.rating }).check(z.regex(/^[1-5]?$/, REVIEW_MESSAGES.rating)),
  ),
  content: z
    .string({ error: REVIEW_MESSAGES.adminContentMin })
    .check(
      z.trim(),
      textOnly,
      z.minLength(10, REVIEW_MESSAGES.adminContentMin),
      z.maxLength(REVIEW_LIMITS.content, REVIEW_MESSAGES.contentMax),
    ),
  isPublished: z.transform((v: unknown) => v === true || v === "on" || v === "true"),
});

/** The stored rating: the one chosen, or five stars when none was sent. */
export const ratingOf = (chosen: string | undefined) => Number(chosen || 5);
