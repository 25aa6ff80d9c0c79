/**
 * The account forms' Spanish messages and the checks the browser runs before sending them. Plain
 * code, no validation library, so /auth stays light; the server's zod schemas (schemas.ts) are
 * built from the same messages and limits, and form-rules.test.ts keeps both in step.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Longest password a sign-in accepts (older accounts may predate PASSWORD_MAX). */
export const SIGN_IN_PASSWORD_MAX = PASSWORD_MAX * 4;
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;

export const MESSAGES = {
  fillAll: "Por favor, completa todos los campos",
  enterEmail: "Por favor, introduce tu email",
  invalidEmail: "Introduce un email válido",
  emailTooLong: "El email es demasiado largo",
  nameTooLong: `El nombre no puede exceder ${NAME_MAX} caracteres`,
  passwordMin: `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`,
  passwordMax: `La contraseña no puede tener más de ${PASSWORD_MAX} caracteres`,
  passwordCommon:
    "Esta contraseña es demasiado común y fácil de adivinar. Elige otra (por ejemplo, una frase de varias palabras).",
  passwordMismatch: "Las contraseñas no coinciden",
  passwordTooLong: "La contraseña es demasiado larga",
  badCredentials: "Credenciales incorrectas",
  alreadyRegistered: "Este email ya está registrado. Intenta iniciar sesión.",
  tooManyAttempts:
    "Demasiados intentos. Por favor, espera un momento antes de volver a intentarlo.",
  signupClosed: "El registro público está desactivado. Pide una invitación a una administradora.",
  emailNotVerified:
    "Tienes que confirmar tu email antes de iniciar sesión. Te hemos enviado un enlace de confirmación.",
  invalidToken: "El enlace no es válido o ha caducado. Solicita uno nuevo.",
  pendingApproval: "Tu cuenta está pendiente de aprobación por una administradora.",
  signUpSent:
    "Te hemos enviado un email. Ábrelo para confirmar tu dirección; después, una administradora tendrá que aprobar tu cuenta.",
  setupInvalid:
    "El enlace de configuración no es válido o ya se ha usado. Si el sitio aún no tiene cuentas, reinicia el servidor para obtener uno nuevo en su registro, o usa npm run user:create.",
  /** Prefixes of an unexpected failure (the server could not finish), followed by its reason. */
  signInFailed: "Error al iniciar sesión",
  signUpFailed: "Error al crear la cuenta",
  resetFailed: "No se pudo enviar el email de recuperación",
  newPasswordFailed: "No se pudo guardar la contraseña",
} as const;

/** The address rule of zod's `z.email()`, written once for the browser and the server. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type AccountFieldErrors = Record<string, string[]>;
type Values = Record<string, FormDataEntryValue | null | undefined>;

const text = (value: FormDataEntryValue | null | undefined) =>
  typeof value === "string" ? value : "";

function emailError(value: string, emptyMessage: string) {
  const email = value.trim().toLowerCase();
  if (!email) return emptyMessage;
  if (email.length > EMAIL_MAX) return MESSAGES.emailTooLong;
  return EMAIL_PATTERN.test(email) ? null : MESSAGES.invalidEmail;
}

function newPasswordError(password: string) {
  if (password.length < PASSWORD_MIN) return MESSAGES.passwordMin;
  return password.length > PASSWORD_MAX ? MESSAGES.passwordMax : null;
}

function collect(entries: Array<[string, string | null]>): AccountFieldErrors {
  const out: AccountFieldErrors = {};
  for (const [field, message] of entries) if (message) out[field] = [message];
  return out;
}

/** Sign-in: both fields filled, a well-formed address. */
export function checkSignIn(values: Values) {
  const password = text(values.password);
  return collect([
    ["email", emailError(text(values.email), MESSAGES.fillAll)],
    [
      "password",
      !password
        ? MESSAGES.fillAll
        : password.length > SIGN_IN_PASSWORD_MAX
          ? MESSAGES.passwordTooLong
          : null,
    ],
  ]);
}

/** Sign-up (and the first administrator's account): name, address and a new password. */
export function checkSignUp(values: Values) {
  const name = text(values.name).trim();
  return collect([
    ["name", !name ? MESSAGES.fillAll : name.length > NAME_MAX ? MESSAGES.nameTooLong : null],
    ["email", emailError(text(values.email), MESSAGES.fillAll)],
    ["password", newPasswordError(text(values.password))],
  ]);
}

/** 'Recuperar la contraseña': the address only. */
export function checkForgotPassword(values: Values) {
  return collect([["email", emailError(text(values.email), MESSAGES.enterEmail)]]);
}

/** A new password and its repetition (the link's token is checked by the server). */
export function checkNewPassword(values: Values) {
  const password = text(values.password);
  const passwordError = newPasswordError(password);
  return collect([
    ["password", passwordError],
    ["confirm", password !== text(values.confirm) ? MESSAGES.passwordMismatch : null],
  ]);
}
