import * as z from "zod/mini";
import { emailAddress } from "~/utils/email-schema";
import {
  CODE_MAX,
  MESSAGES,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SIGN_IN_PASSWORD_MAX,
} from "./messages";
import { ROLES } from "./roles";

export { MESSAGES, PASSWORD_MAX, PASSWORD_MIN };

/**
 * The account forms' schemas, limits and Spanish messages (docs/decisions/006-one-schema-per-form.md):
 * zod/mini, safe in the browser, which runs the same schema before sending that the action runs
 * on arrival.
 */
/** The one address rule of every form (~/utils/email-address); an empty field says what to fill. */
const email = emailAddress(MESSAGES.fillAll);

export const newPassword = z
  .string({ error: MESSAGES.passwordMin })
  .check(
    z.minLength(PASSWORD_MIN, MESSAGES.passwordMin),
    z.maxLength(PASSWORD_MAX, MESSAGES.passwordMax),
  );

const name = z
  .string({ error: MESSAGES.fillAll })
  .check(z.trim(), z.minLength(1, MESSAGES.fillAll), z.maxLength(NAME_MAX, MESSAGES.nameTooLong));

export const SignInSchema = z.object({
  email,
  // Passed as given: no trimming of passwords.
  password: z
    .string({ error: MESSAGES.fillAll })
    .check(
      z.minLength(1, MESSAGES.fillAll),
      z.maxLength(SIGN_IN_PASSWORD_MAX, MESSAGES.passwordTooLong),
    ),
});

/** Confirming who one is (before a delicate action): the password as at sign-in. */
export const ConfirmPasswordSchema = z.object({
  password: z
    .string({ error: MESSAGES.enterPassword })
    .check(
      z.minLength(1, MESSAGES.enterPassword),
      z.maxLength(SIGN_IN_PASSWORD_MAX, MESSAGES.passwordTooLong),
    ),
});

/** A code as typed: spaces and hyphens (as apps and the recovery sheet show them) do not count. */
const code = (message: string, pattern: RegExp) =>
  z.string({ error: message }).check(
    z.maxLength(CODE_MAX, message),
    z.overwrite((value) => value.replace(/[\s-]+/g, "")),
    z.regex(pattern, message),
  );

/** The 6 digits of the authenticator app. */
export const AppCodeSchema = z.object({ code: code(MESSAGES.appCodeFormat, /^\d{6}$/) });

/**
 * The enrolment's last step: the first code of the app, once the person has ticked 'He guardado
 * mis códigos' (a checked checkbox posts "on").
 */
export const EnrolConfirmSchema = z.object({
  code: AppCodeSchema.shape.code,
  saved: z.literal("on", { error: MESSAGES.codesNotSaved }),
});

/** A recovery code, as better-auth keeps it: `ABCDE-12345`. */
export const RecoveryCodeSchema = z.object({
  code: code(MESSAGES.recoveryCodeFormat, /^[A-Za-z0-9]{10}$/).check(
    z.overwrite((value) => `${value.slice(0, 5)}-${value.slice(5)}`),
  ),
});

/** Confirming who one is when the account has the second step: the password and the app's code. */
export const ConfirmWithCodeSchema = z.extend(ConfirmPasswordSchema, AppCodeSchema.shape);

export const SignUpSchema = z.object({ name, email, password: newPassword });

export const ForgotPasswordSchema = z.object({ email: emailAddress(MESSAGES.enterEmail) });

export const ResetPasswordSchema = z
  .object({
    token: z
      .string({ error: MESSAGES.invalidToken })
      .check(z.minLength(10, MESSAGES.invalidToken), z.maxLength(200, MESSAGES.invalidToken)),
    password: newPassword,
    confirm: z.string({ error: MESSAGES.passwordMismatch }),
  })
  .check(
    z.refine((v) => v.password === v.confirm, {
      path: ["confirm"],
      error: MESSAGES.passwordMismatch,
    }),
  );

export const RoleSchema = z.enum(ROLES, { error: "Elige un rol válido" });

export const InviteSchema = z.object({ name, email, role: RoleSchema });

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
