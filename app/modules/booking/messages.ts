import { EMAIL_MESSAGES } from "~/utils/email-address";

/**
 * The booking form's Spanish messages and limits, without the schema (schema.ts), so a page can
 * name them without loading the validation library.
 */
export const BOOKING_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  note: 500,
  /** A client's request to move an appointment (the manage link). */
  changeRequest: 500,
} as const;

/**
 * How long a direct booking holds its hour waiting for the visitor's e-mail confirmation (also
 * how long the confirmation link works). Short, so unconfirmed holds cannot keep the agenda full.
 */
export const HOLD_MINUTES = 15;

export const BOOKING_MESSAGES = {
  service: "Elige un servicio.",
  slot: "Elige un día y una hora.",
  slotTaken: "Esa hora ya no está libre. Elige otra, por favor.",
  nameRequired: "Escribe tu nombre.",
  nameTooLong: `El nombre no puede exceder ${BOOKING_LIMITS.name} caracteres.`,
  emailInvalid: EMAIL_MESSAGES.invalid,
  emailTooLong: EMAIL_MESSAGES.tooLong,
  phoneInvalid: "Escribe el teléfono solo con números (puede llevar +, espacios o guiones).",
  firstVisit: "Indica si es tu primera visita.",
  noteTooLong: `La nota no puede exceder ${BOOKING_LIMITS.note} caracteres.`,
  changeRequestTooLong: `El mensaje no puede exceder ${BOOKING_LIMITS.changeRequest} caracteres.`,
  consent: "Debes aceptar la política de privacidad para pedir la cita.",
  invalidCharacters: "El texto contiene caracteres no válidos.",
  rateLimited: "Has pedido varias citas seguidas. Espera un poco antes de pedir otra, por favor.",
  holdOpen: `Ya tienes una reserva sin confirmar con este email. Abre el email «Confirma tu cita» que te hemos enviado y pulsa «Confirmar la cita» (si no lo ves, mira en el correo no deseado). Si no te ha llegado, podrás pedir la cita de nuevo dentro de ${HOLD_MINUTES} minutos.`,
  holdsFromAddress: `Desde tu conexión ya hay reservas sin confirmar. Si las has hecho tú, confírmalas desde el email que te hemos enviado. Si no, inténtalo de nuevo dentro de ${HOLD_MINUTES} minutos o escríbenos desde el formulario de contacto y te buscamos una hora.`,
  holdsForDomain: `Ahora mismo hay muchas reservas sin confirmar con direcciones de tu proveedor de correo. Inténtalo de nuevo dentro de ${HOLD_MINUTES} minutos o escríbenos desde el formulario de contacto y te buscamos una hora.`,
  notForYou: "Ese servicio no está disponible para tu tipo de visita. Elige otro, por favor.",
  disabled: "La reserva en línea no está disponible ahora mismo.",
} as const;

/** 1 = lunes … 7 = domingo, at index weekday - 1. */
export const WEEKDAY_NAMES = [
  "lunes",
  "martes",
  "miércoles",
  "jueves",
  "viernes",
  "sábado",
  "domingo",
] as const;
