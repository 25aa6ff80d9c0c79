import * as z from "zod/mini";

/**
 * The review forms' rules and Spanish messages (docs/product.md#review-forms; consent:
 * docs/decisions/009-contact-messages-and-reviews.md): plain code shared by the browser and the
 * server.
 */
export const REVIEW_MESSAGES = {
  nameMin: "El nombre debe tener al menos 2 caracteres.",
  contentMin: "Tu opinión debe tener al menos 10 caracteres.",
  adminContentMin: "La reseña debe tener al menos 10 caracteres.",
  nameMax: "El nombre no puede exceder 80 caracteres.",
  roleMax: "El servicio no puede exceder 80 caracteres.",
  contentMax: "La reseña no puede exceder 1500 caracteres.",
  rating: "Elige una valoración de 1 a 5 estrellas.",
  consent:
    "Debes aceptar la política de privacidad y la publicación de tu reseña con el nombre indicado.",
  required: "Todos los campos requeridos deben estar presentes",
  failure: "Hubo un problema al enviar tu reseña. Por favor, inténtalo de nuevo.",
  rateLimited:
    "Has enviado varias reseñas seguidas. Por favor, espera un poco antes de enviar otra.",
  invalidCharacters: "El texto contiene caracteres no válidos",
} as const;

export const REVIEW_LIMITS = { name: 80, role: 80, content: 1500 } as const;

// A NUL character cannot be stored or mailed; nothing a person types contains it.
const noNul = z.refine<string>((v) => !v.includes("\u0000"), REVIEW_MESSAGES.invalidCharacters);

/**
 * A visitor's review (the dialog and /resenas/nueva): one zod/mini schema, run in the browser
 * before sending (loaded when the form is sent) and again in the action.
 */
export const ReviewSchema = z.object({
  name: z
    .string({ error: REVIEW_MESSAGES.nameMin })
    .check(
      z.trim(),
      noNul,
      z.minLength(2, REVIEW_MESSAGES.nameMin),
      z.maxLength(REVIEW_LIMITS.name, REVIEW_MESSAGES.nameMax),
    ),
  role: z.optional(
    z
      .string({ error: REVIEW_MESSAGES.roleMax })
      .check(z.trim(), noNul, z.maxLength(REVIEW_LIMITS.role, REVIEW_MESSAGES.roleMax)),
  ),
  // Five stars unless another is chosen (a form always sends one of the radio buttons).
  rating: z.optional(
    z.string({ error: REVIEW_MESSAGES.rating }).check(z.regex(/^[1-5]?$/, REVIEW_MESSAGES.rating)),
  ),
  content: z
    .string({ error: REVIEW_MESSAGES.contentMin })
    .check(
      z.trim(),
      noNul,
      z.minLength(10, REVIEW_MESSAGES.contentMin),
      z.maxLength(REVIEW_LIMITS.content, REVIEW_MESSAGES.contentMax),
    ),
  // A checked checkbox posts "on"; an unchecked one posts nothing.
  consent: z.literal("on", { error: REVIEW_MESSAGES.consent }),
});

/** The fields in the form's order (where focus goes when several need fixing). */
export const REVIEW_FIELDS = ["name", "role", "rating", "content", "consent"] as const;

export interface ReviewInput {
  name: string;
  role: string;
  content: string;
  rating: number;
  consent: boolean;
}
export type ReviewErrors = Partial<Record<keyof ReviewInput, string>>;

export function readReview(raw: Record<string, unknown>): ReviewInput {
  const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const ratingRaw = raw.rating;
  const rating =
    ratingRaw === undefined || ratingRaw === null || ratingRaw === "" ? 5 : Number(ratingRaw);
  return {
    name: str(raw.name),
    role: str(raw.role),
    content: str(raw.content),
    rating,
    consent: raw.consent === true || raw.consent === "on" || raw.consent === "true",
  };
}

export function validateReview(
  input: ReviewInput,
  options: { admin?: boolean } = {},
): ReviewErrors {
  const errors: ReviewErrors = {};
  if (input.name.length < 2) errors.name = REVIEW_MESSAGES.nameMin;
  else if (input.name.length > REVIEW_LIMITS.name) errors.name = REVIEW_MESSAGES.nameMax;
  if (input.role.length > REVIEW_LIMITS.role) errors.role = REVIEW_MESSAGES.roleMax;
  if (input.content.length < 10) {
    errors.content = options.admin ? REVIEW_MESSAGES.adminContentMin : REVIEW_MESSAGES.contentMin;
  } else if (input.content.length > REVIEW_LIMITS.content)
    errors.content = REVIEW_MESSAGES.contentMax;
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) {
    errors.rating = REVIEW_MESSAGES.rating;
  }
  if (!options.admin && !input.consent) errors.consent = REVIEW_MESSAGES.consent;
  for (const key of ["name", "role", "content"] as const) {
    if (input[key].includes("\u0000")) errors[key] = REVIEW_MESSAGES.invalidCharacters;
  }
  return errors;
}
