import { EMAIL_MESSAGES } from "~/utils/email-address";

/**
 * The review forms' Spanish messages and limits, without the schemas (schema.ts), so a page can
 * name them without loading the validation library.
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

/** Invitations to review (invitations.server.ts), named by the pages that show them. */
export const INVITATION_MESSAGES = {
  email: EMAIL_MESSAGES.invalid,
  noAppointment: "Solo se puede invitar tras una cita confirmada que ya ha tenido lugar.",
  invalid: "La invitación no es válida, ya se ha usado o ha caducado. Pide otra a la consulta.",
  closed:
    "Las reseñas se envían con la invitación que la consulta manda por email. Si has sido paciente y quieres dejar una, pídesela.",
} as const;
