import { EMAIL_MAX as MAX, EMAIL_MESSAGES } from "~/utils/email-address";

/**
 * The account forms' limits and Spanish messages, without the schemas (schemas.ts), so a page can
 * show a limit in its text without loading the validation library.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Longest password a sign-in accepts (older accounts may predate PASSWORD_MAX). */
export const SIGN_IN_PASSWORD_MAX = PASSWORD_MAX * 4;
export const EMAIL_MAX = MAX;
export const NAME_MAX = 100;

export const MESSAGES = {
  fillAll: "Por favor, completa todos los campos",
  enterEmail: "Por favor, introduce tu email",
  enterPassword: "Escribe tu contraseña",
  invalidEmail: EMAIL_MESSAGES.invalid,
  emailTooLong: EMAIL_MESSAGES.tooLong,
  nameTooLong: `El nombre no puede exceder ${NAME_MAX} caracteres`,
  passwordMin: `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`,
  passwordMax: `La contraseña no puede tener más de ${PASSWORD_MAX} caracteres`,
  passwordCommon:
    "Esta contraseña es demasiado común y fácil de adivinar. Elige otra (por ejemplo, una frase de varias palabras).",
  passwordMismatch: "Las contraseñas no coinciden",
  passwordTooLong: "La contraseña es demasiado larga",
  badCredentials: "El email o la contraseña no son correctos",
  alreadyRegistered: "Este email ya está registrado. Intenta iniciar sesión.",
  tooManyAttempts:
    "Demasiados intentos. Por favor, espera un momento antes de volver a intentarlo.",
  signupClosed: "El registro público está desactivado. Pide una invitación a una administradora.",
  emailNotVerified:
    "Tienes que confirmar tu email antes de iniciar sesión. Te hemos enviado un enlace de confirmación.",
  invalidToken: "El enlace no es válido o ha caducado. Solicita uno nuevo.",
  pendingApproval: "Tu cuenta está pendiente de aprobación por una administradora.",
  /**
   * The answer to any password (right or wrong) from a browser that is not a known device, once
   * the account's failure budget is spent (sign-in.server.ts): it says nothing about the password.
   */
  signInLinkSent:
    "Por seguridad, el acceso a esta cuenta desde este navegador hay que confirmarlo por email. Si la contraseña es correcta, te hemos enviado un enlace (caduca en 15 minutos): ábrelo en este navegador y vuelve a iniciar sesión.",
  signInLinkInvalid:
    "El enlace no es válido, ha caducado o ya se ha usado. Vuelve a iniciar sesión para recibir otro.",
  signUpSent:
    "Te hemos enviado un email. Ábrelo para confirmar tu dirección; después, una administradora tendrá que aprobar tu cuenta.",
  setupInvalid:
    "El enlace de configuración no es válido o ya se ha usado. Si el sitio aún no tiene cuentas, reinicia el servidor para obtener uno nuevo en su registro, o usa npm run user:create.",
  /** A setup link once the site has an account (the page links «inicia sesión» to /auth). */
  setupUsed: "La cuenta ya está creada: inicia sesión.",
  /** Prefixes of an unexpected failure (the server could not finish), followed by its reason. */
  signInFailed: "Error al iniciar sesión",
  signUpFailed: "Error al crear la cuenta",
  resetFailed: "No se pudo enviar el email de recuperación",
  newPasswordFailed: "No se pudo guardar la contraseña",
  appCodeFormat: "Escribe los 6 dígitos de tu aplicación de autenticación",
  recoveryCodeFormat: "Escribe un código de recuperación (10 letras y números)",
  /** The enrolment's last step waits until the person says the recovery codes are kept. */
  codesNotSaved: "Marca la casilla cuando hayas guardado los códigos de recuperación",
  /** An authenticator code works once (sign-in, re-authentication, enrolment). */
  codeAlreadyUsed: "Ese código ya se ha usado. Espera al siguiente (cambia cada 30 segundos).",
} as const;

/** Longest code a person may type (with the spaces or hyphens an app or a sheet shows). */
export const CODE_MAX = 20;
