import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import { simpleHtml } from "~/platform/mail/templates";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import { getEnv } from "~/utils/env.server";
import { getSettings } from "~/modules/settings/settings.server";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { parseWith } from "~/utils/form-schema";
import {
  authHeaders,
  type ClientInfo,
  countUsers,
  type Failure,
  invalid,
  LIMITS,
  type Success,
} from "./accounts.server";
import { audit } from "~/platform/audit.server";
import { getAuth } from "./auth.server";
import { isCommonPassword } from "./passwords.server";
import { MESSAGES, SignUpSchema } from "./schemas";

/**
 * Public sign-up (off by default, in Ajustes) and the e-mail confirmation that follows it. The new
 * account then waits for an administrator's approval (`approveUser` in staff.server.ts).
 */

/**
 * Whether the public sign-up form may be shown: never on a site without accounts (the first
 * administrator comes from `npm run user:create` or the setup link in the server log), then per
 * Ajustes (off by default).
 */
export async function signUpOpen(db: Db) {
  if ((await countUsers(db)) === 0) return { open: false, notConfigured: true };
  return { open: (await getSettings(db)).allowSignup, notConfigured: false };
}

/**
 * Public sign-up. The answer is the same whether or not the e-mail already has an account (the
 * owner of an existing one is told by e-mail instead), and both branches do the same kind of work
 * (a password hash and one queued e-mail). A new account waits for an administrator's approval.
 */
export async function signUp(db: Db, input: unknown, info: ClientInfo): Promise<Success | Failure> {
  const parsed = parseWith(SignUpSchema, input);
  if (!parsed.ok) return invalid(parsed);
  const { name, email, password } = parsed.data;
  const { open } = await signUpOpen(db);
  if (!open) return { ok: false, status: 403, formError: MESSAGES.signupClosed };
  const limited = await hitRateLimit(
    db,
    `signup-ip:${info.ip}`,
    LIMITS.signUpPerIp.limit,
    LIMITS.signUpPerIp.windowMs,
  );
  if (!limited.allowed) return { ok: false, status: 429, formError: MESSAGES.tooManyAttempts };
  if (isCommonPassword(password)) {
    return { ok: false, status: 400, fieldErrors: { password: [MESSAGES.passwordCommon] } };
  }
  const auth = getAuth(db);
  const [existing] = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(eq(user.email, email));
  if (existing) {
    await (await auth.$context).password.hash(password);
    await tellOwnerOfSignUpAttempt(db, { name: existing.name, email });
    await audit(db, { action: "signup_existing", target: email, ip: info.ip });
    return { ok: true };
  }
  await auth.api.signUpEmail({ body: { name, email, password }, headers: authHeaders(info) });
  const [created] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(user.email, email));
  await audit(db, {
    action: "signup",
    actor: created ? { id: created.id, email } : null,
    details: { role: created?.role, pending: true },
    ip: info.ip,
  });
  return { ok: true };
}

async function tellOwnerOfSignUpAttempt(db: Db, owner: { name: string; email: string }) {
  const link = `${getEnv().PUBLIC_URL}/auth?modo=recuperar`;
  await enqueueMail(db, {
    to: owner.email,
    subject: "Intento de crear una cuenta con tu email",
    text: `Hola, ${owner.name}:\n\nAlguien ha intentado crear una cuenta con tu email, que ya tiene una cuenta en el área de gestión. No se ha creado nada.\n\nSi has sido tú y no recuerdas tu contraseña, puedes elegir una nueva:\n${link}\n\nSi no has sido tú, ignora este mensaje.`,
    html: simpleHtml(
      [
        `Hola, ${owner.name}:`,
        "Alguien ha intentado crear una cuenta con tu email, que ya tiene una cuenta en el área de gestión. No se ha creado nada.",
        "Si has sido tú y no recuerdas tu contraseña, puedes elegir una nueva. Si no has sido tú, ignora este mensaje.",
      ],
      { href: link, label: "Elegir contraseña nueva" },
    ),
  });
  nudgeOutbox();
}

export async function verifyEmail(db: Db, token: string, info: ClientInfo) {
  try {
    await getAuth(db).api.verifyEmail({ query: { token } });
  } catch {
    return false;
  }
  // Verified, so the token's payload (a signed JWT) is trustworthy: it names the account.
  await audit(db, { action: "email_verified", target: emailFromJwt(token), ip: info.ip });
  return true;
}

function emailFromJwt(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    return typeof payload.email === "string" ? payload.email : null;
  } catch {
    return null;
  }
}
