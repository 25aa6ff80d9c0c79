import { z } from "zod";
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  MESSAGES,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SIGN_IN_PASSWORD_MAX,
} from "./form-rules";
import { ROLES } from "./roles";

/**
 * Forms of the accounts module as the server reads them; the messages, limits and the address
 * rule come from form-rules.ts, which the browser also runs before sending.
 */
export { MESSAGES, PASSWORD_MAX, PASSWORD_MIN };

const address = (emptyMessage: string) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .toLowerCase()
    .min(1, emptyMessage)
    .max(EMAIL_MAX, MESSAGES.emailTooLong)
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: MESSAGES.invalidEmail }));
const email = address(MESSAGES.fillAll);

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
    .max(SIGN_IN_PASSWORD_MAX, MESSAGES.passwordTooLong),
});

export const SignUpSchema = z.object({
  name: z
    .string({ error: MESSAGES.fillAll })
    .trim()
    .min(1, MESSAGES.fillAll)
    .max(NAME_MAX, MESSAGES.nameTooLong),
  email,
  password: newPassword,
});

export const ForgotPasswordSchema = z.object({
  email: address(MESSAGES.enterEmail),
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
