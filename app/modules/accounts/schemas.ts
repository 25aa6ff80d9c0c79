import { z } from "zod";
import { ROLES } from "./roles";

/** Forms of the accounts module: one schema for the browser and the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const MESSAGES = {
  fillAll: "Por favor, completa todos los campos",
  enterEmail: "Por favor, introduce tu email",
  invalidEmail: "Introduce un email válido",
  passwordMin: `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`,
  passwordMax: `La contraseña no puede tener más de ${PASSWORD_MAX} caracteres`,
  passwordCommon:
    "Esta contraseña es demasiado común y fácil de adivinar. Elige otra (por ejemplo, una frase de varias palabras).",
  passwordMismatch: "Las contraseñas no coinciden",
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
} as const;

const email = z
  .string({ error: MESSAGES.fillAll })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.fillAll)
  .max(254, "El email es demasiado largo")
  .pipe(z.email(MESSAGES.invalidEmail));

export const newPassword = z
  .string({ error: MESSAGES.passwordMin })
  .min(PASSWORD_MIN, MESSAGES.passwordMin)
  .max(PASSWORD_MAX, MESSAGES.passwordMax);

export const SignInSchema = z.object({
  email,
  // Passed as given: no trimming of passwords.
  password: z
    .string({ error: MESSAGES.fillAll })
    .min(1, MESSAGES.fillAll)
    .max(PASSWORD_MAX * 4),
  redirectTo: z.string().max(500).optional(),
});

export const SignUpSchema = z.object({
  name: z
    .string({ error: MESSAGES.fillAll })
    .trim()
    .min(1, MESSAGES.fillAll)
    .max(100, "El nombre no puede exceder 100 caracteres"),
  email,
  password: newPassword,
});

export const ForgotPasswordSchema = z.object({
  email: z
    .string({ error: MESSAGES.enterEmail })
    .trim()
    .toLowerCase()
    .min(1, MESSAGES.enterEmail)
    .max(254, "El email es demasiado largo")
    .pipe(z.email(MESSAGES.invalidEmail)),
});

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: MESSAGES.invalidToken }).min(10, MESSAGES.invalidToken).max(200),
    password: newPassword,
    confirm: z.string({ error: MESSAGES.passwordMismatch }),
  })
  .refine((v) => v.password === v.confirm, {
    path: ["confirm"],
    message: MESSAGES.passwordMismatch,
  });

export const RoleSchema = z.enum(ROLES, { error: "Elige un rol válido" });

export const InviteSchema = z.object({
  name: SignUpSchema.shape.name,
  email,
  role: RoleSchema,
});

/**
 * Where to go after signing in: only paths on this site, never another origin. `to` is resolved
 * against the site's origin (PUBLIC_URL on the server) and must stay on it; control characters
 * (a tab or newline that browsers strip or that break the Location header) and backslashes (which
 * browsers read as slashes) are refused outright. Returns path + query + fragment.
 */
export function safeRedirect(
  to: string | null | undefined,
  fallback = "/admin",
  origin = "http://localhost",
) {
  // eslint-disable-next-line no-control-regex
  if (!to || to.length > 2000 || /[\x00-\x1f\x7f\\]/.test(to)) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  try {
    const base = new URL(origin);
    const url = new URL(to, base);
    if (url.origin !== base.origin) return fallback;
    const target = url.pathname + url.search + url.hash;
    // Dot segments can turn "/.//evil.example" into the scheme-relative "//evil.example".
    if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
      return fallback;
    }
    return target;
  } catch {
    return fallback;
  }
}
