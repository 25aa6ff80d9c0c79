import { createHmac, timingSafeEqual } from "node:crypto";
import { APIError } from "better-auth/api";
import { and, asc, count, eq, isNotNull, isNull, like, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { account, session, twoFactor, user, verification } from "~/db/schema";
import { simpleHtml } from "~/platform/mail/templates";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import { getEnv } from "~/utils/env.server";
import { guessPlatform } from "~/utils/format";
import { hashToken, isToken, newToken } from "~/platform/tokens.server";
import { logger } from "~/utils/logger.server";
import { getSettings } from "~/modules/settings/settings.server";
import { clearKey, hitRateLimit, underRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { closeStreamsOf } from "~/platform/events.server";
import type { FieldErrors, FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { getSessionState } from "./sessions.server";
import { audit } from "~/platform/audit.server";
import { getAuth, hashKeepingPrefix, RESET_PREFIX } from "./auth.server";
import { isCommonPassword } from "./passwords.server";
import type { Role } from "./roles";
import {
  ForgotPasswordSchema,
  InviteSchema,
  MESSAGES,
  ResetPasswordSchema,
  RoleSchema,
  SignInSchema,
  SignUpSchema,
} from "./schemas";

export interface ClientInfo {
  ip: string;
  userAgent?: string | null;
}

export type Failure = {
  ok: false;
  status: 400 | 403 | 404 | 409 | 429;
  formError?: string;
  fieldErrors?: FieldErrors;
};
type Success<T = object> = { ok: true } & T;

export const LIMITS = {
  signInPerIp: { limit: 10, windowMs: 60_000 },
  accountFreeFailures: 5,
  /** Failure counters start again after this long without a failure. */
  failureMemoryMs: 24 * 60 * 60_000,
  /** The owner is told at the 5th failure and every 10th after it, at most once an hour. */
  noticeFirst: 5,
  noticeEvery: 10,
  noticeMinGapMs: 60 * 60_000,
  /**
   * Wrong passwords for one account from every address together (forgotten, like the other
   * failure counts, after 24 h without failures). Once spent, a browser that is not a known
   * device of the account no longer signs in with the password alone: a right password only
   * e-mails the owner a single-use link that makes the browser opening it a known device.
   */
  accountFailureBudget: 20,
  /** That link: valid this long, and at most this many e-mailed per account an hour. */
  signInLinkMs: 15 * 60_000,
  signInLinksPerHour: 3,
  signUpPerIp: { limit: 5, windowMs: 60 * 60_000 },
  resetPerIp: { limit: 5, windowMs: 15 * 60_000 },
};

function invalid({ formError, fieldErrors }: FormFailure): Failure {
  return { ok: false, status: 400, fieldErrors, ...(formError ? { formError } : {}) };
}

function authHeaders(info: ClientInfo, cookie?: string | null) {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  if (info.userAgent) headers.set("user-agent", info.userAgent);
  if (info.ip) headers.set("x-forwarded-for", info.ip);
  return headers;
}

// ─── Sign-in / sign-out ──────────────────────────────────────────────────────────────────────────

/**
 * Signs in with e-mail and password. Brute force is slowed per client (IP, 10 a minute) and per
 * account AND client (growing waits after 5 failures, forgotten after 24 h without failures), and
 * capped per account across clients (the failure budget: once spent, a new browser needs a link
 * e-mailed to the owner; see `signInByLink`). A stranger failing on purpose cannot lock the owner
 * out: a browser where this account signed in before (the signed device cookie) is never held back
 * by any of these, and the owner is e-mailed about repeated failures. Pending accounts (not
 * approved yet) get no session.
 */
export async function signIn(
  db: Db,
  input: unknown,
  info: ClientInfo,
  cookie?: string | null,
): Promise<Success<{ headers: Headers; userId: string; twoFactor?: boolean }> | Failure> {
  const parsed = parseWith(SignInSchema, input);
  if (!parsed.ok) return invalid(parsed);
  const { email, password } = parsed.data;
  // Wrong passwords per client address: right ones do not count (the practice's staff share one
  // address, and a success is no attack). Counted below, when a password fails.
  const ipKey = `signin-ip:${info.ip}`;
  const { limit, windowMs } = LIMITS.signInPerIp;
  const ipAllowed = await underRateLimit(db, ipKey, limit, windowMs);
  const failKey = `signin-fail:${email}:${info.ip}`;
  const knownDevice = isKnownDevice(cookie, email);
  if (!ipAllowed || (!knownDevice && (await failureDelaySeconds(db, failKey)) > 0)) {
    return { ok: false, status: 429, formError: MESSAGES.tooManyAttempts };
  }
  if (!knownDevice && (await failureBudgetSpent(db, email))) {
    return signInByLink(db, email, password, info, failKey);
  }
  if (await isPendingWithPassword(db, email, password)) {
    await audit(db, { action: "login_pending", target: email, ip: info.ip });
    return { ok: false, status: 403, formError: MESSAGES.pendingApproval };
  }
  try {
    const result = await getAuth(db).api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authHeaders(info),
      returnHeaders: true,
    });
    if ("twoFactorRedirect" in result.response) {
      // Password right; the session only exists after the code step (two-factor.server.ts).
      await clearKey(db, failKey);
      return { ok: true, headers: result.headers, userId: "", twoFactor: true };
    }
    const userId = result.response.user.id;
    await clearKey(db, failKey);
    await db.update(user).set({ lastLoginAt: new Date() }).where(eq(user.id, userId));
    await audit(db, {
      action: "login",
      actor: { id: userId, email },
      details: { platform: guessPlatform(info.userAgent ?? "") },
      ip: info.ip,
    });
    result.headers.append("Set-Cookie", deviceCookie(email));
    return { ok: true, headers: result.headers, userId };
  } catch (error) {
    if (error instanceof APIError && error.status === "FORBIDDEN") {
      return { ok: false, status: 403, formError: MESSAGES.emailNotVerified };
    }
    // The password was right, but the session hook refused: the account is not approved yet.
    if (error instanceof APIError && error.body?.code === "FAILED_TO_CREATE_SESSION") {
      await audit(db, { action: "login_pending", target: email, ip: info.ip });
      return { ok: false, status: 403, formError: MESSAGES.pendingApproval };
    }
    if (error instanceof APIError && error.status === "UNAUTHORIZED") {
      await countSignInFailure(db, email, info, failKey);
      return { ok: false, status: 400, formError: MESSAGES.badCredentials };
    }
    throw error;
  }
}

/** A wrong password: counted per address, per account and address, and per account. */
async function countSignInFailure(db: Db, email: string, info: ClientInfo, failKey: string) {
  const { limit, windowMs } = LIMITS.signInPerIp;
  await hitRateLimit(db, `signin-ip:${info.ip}`, limit, windowMs);
  await recordSignInFailure(db, failKey);
  await audit(db, { action: "login_failed", target: email, ip: info.ip });
  await noticeRepeatedFailures(db, email);
}

/** Wrong passwords for an account from every address (its failure budget's counter). */
const accountFailKey = (email: string) => `signin-fail-account:${email}`;

async function failureBudgetSpent(db: Db, email: string) {
  const result = await db.execute<{ count: number }>(sql`
    select count from rate_limit
    where key = ${accountFailKey(email)}
      and window_start > now() - make_interval(secs => ${LIMITS.failureMemoryMs / 1000})`);
  return Number(result.rows[0]?.count ?? 0) >= LIMITS.accountFailureBudget;
}

/**
 * The slower path, for an account whose failure budget is spent and a browser that is not one of
 * its known devices: the password is checked but opens nothing. A right one e-mails the owner a
 * single-use link (`redeemSignInLink`) that makes the browser opening it a known device, from which
 * the password (and the code, with two-step verification) then sign in as usual; a wrong one
 * counts as any failure. Both get the same answer, so guessing from a new client learns nothing,
 * and the owner's own browser is never held back.
 */
async function signInByLink(
  db: Db,
  email: string,
  password: string,
  info: ClientInfo,
  failKey: string,
): Promise<Failure> {
  const answer: Failure = { ok: false, status: 403, formError: MESSAGES.signInLinkSent };
  const owner = await credentialOwner(db, email);
  const ctx = await getAuth(db).$context;
  let right = false;
  if (owner?.hash) right = await ctx.password.verify({ hash: owner.hash, password });
  else await ctx.password.hash(password); // the same work whether or not the account exists
  if (!right) {
    await countSignInFailure(db, email, info, failKey);
    return answer;
  }
  // Right, but an account not confirmed or not approved yet has no way in to confirm.
  if (owner?.approvedAt && owner.emailVerified) await sendSignInLink(db, owner, info);
  return answer;
}

/** An account with its password hash (null without a password of its own). */
async function credentialOwner(db: Db, email: string) {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      approvedAt: user.approvedAt,
      emailVerified: user.emailVerified,
      hash: account.password,
    })
    .from(user)
    .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, "credential")))
    .where(eq(user.email, email));
  return row ?? null;
}

/** Sign-in links are `verification` rows: "signin-link:<SHA-256 of the token>" → the user id. */
export const SIGN_IN_LINK_PREFIX = "signin-link:";

async function sendSignInLink(
  db: Db,
  owner: { id: string; name: string; email: string },
  info: ClientInfo,
) {
  const limited = await hitRateLimit(
    db,
    `signin-link:${owner.email}`,
    LIMITS.signInLinksPerHour,
    60 * 60_000,
  );
  if (!limited.allowed) return;
  const { token, hash } = newToken();
  const env = getEnv();
  const link = `${env.PUBLIC_URL}/auth/acceso?token=${token}`;
  const reset = `${env.PUBLIC_URL}/auth?modo=recuperar`;
  const platform = guessPlatform(info.userAgent ?? "");
  const where = `, desde ${platform}`;
  await db.transaction(async (tx) => {
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: `${SIGN_IN_LINK_PREFIX}${hash}`,
      value: owner.id,
      expiresAt: new Date(Date.now() + LIMITS.signInLinkMs),
    });
    await enqueueMail(tx, {
      to: owner.email,
      subject: "Confirma el acceso a tu cuenta desde un navegador nuevo",
      text: `Hola, ${owner.name}:

Se ha escrito la contraseña correcta de tu cuenta del área de gestión en un navegador que no conocemos${where}. Como en las últimas horas ha habido muchos intentos fallidos, para entrar desde ese navegador hay que confirmarlo con este enlace (caduca en 15 minutos y solo sirve una vez):
${link}

Si has sido tú, ábrelo en ese mismo navegador y vuelve a iniciar sesión.

Si no has sido tú, no abras el enlace: alguien conoce tu contraseña. Cámbiala cuanto antes:
${reset}`,
      html: simpleHtml(
        [
          `Hola, ${owner.name}:`,
          `Se ha escrito la contraseña correcta de tu cuenta del área de gestión en un navegador que no conocemos${where}. Como en las últimas horas ha habido muchos intentos fallidos, para entrar desde ese navegador hay que confirmarlo con el botón. El enlace caduca en 15 minutos y solo sirve una vez.`,
          "Si has sido tú, ábrelo en ese mismo navegador y vuelve a iniciar sesión.",
          `Si no has sido tú, no lo abras: alguien conoce tu contraseña. Cámbiala cuanto antes en ${reset}`,
        ],
        { href: link, label: "Confirmar este navegador" },
      ),
    });
  });
  nudgeOutbox();
  await audit(db, {
    action: "login_link_sent",
    target: owner.email,
    details: { platform },
    ip: info.ip,
  });
}

/**
 * Uses a sign-in link (once, whatever the concurrency: the row is deleted as it is read): the
 * browser becomes a known device of the account. It opens no session by itself.
 */
export async function redeemSignInLink(
  db: Db,
  token: unknown,
  info: ClientInfo,
): Promise<Success<{ headers: Headers }> | Failure> {
  const refused: Failure = { ok: false, status: 400, formError: MESSAGES.signInLinkInvalid };
  if (!isToken(token)) return refused;
  const [row] = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, `${SIGN_IN_LINK_PREFIX}${hashToken(token)}`),
        sql`${verification.expiresAt} > now()`,
      ),
    )
    .returning({ userId: verification.value });
  const [owner] = row
    ? await db.select({ email: user.email }).from(user).where(eq(user.id, row.userId))
    : [];
  if (!owner) return refused;
  const headers = new Headers();
  headers.append("Set-Cookie", deviceCookie(owner.email));
  await audit(db, { action: "login_link_used", target: owner.email, ip: info.ip });
  return { ok: true, headers };
}

/**
 * A confirmed account waiting for approval, and the right password: it is told so (and gets no
 * session). A wrong password, or an unconfirmed e-mail, goes on to the usual answers, so the
 * pending state is only revealed to whoever knows the password.
 */
async function isPendingWithPassword(db: Db, email: string, password: string) {
  const row = await credentialOwner(db, email);
  if (!row || row.approvedAt || !row.emailVerified || !row.hash) return false;
  return (await getAuth(db).$context).password.verify({ hash: row.hash, password });
}

// A browser where an account signed in: "<random id>.<HMAC(AUTH_SECRET, email + id)>".
export const DEVICE_COOKIE = "consulta.device";

function deviceSignature(email: string, id: string) {
  return createHmac("sha256", getEnv().AUTH_SECRET)
    .update(`device:${email}:${id}`)
    .digest("base64url");
}

/** Set once the whole sign-in succeeded (password, and the code when the account has one). */
export function deviceCookie(email: string) {
  const id = crypto.randomUUID();
  const secure = getEnv().PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${id}.${deviceSignature(email, id)}; Path=/; Max-Age=${365 * 24 * 60 * 60}; HttpOnly; SameSite=Lax${secure}`;
}

export function isKnownDevice(cookie: string | null | undefined, email: string) {
  if (!cookie) return false;
  for (const pair of cookie.split(";")) {
    const [name, value] = pair.trim().split("=", 2);
    if (name !== DEVICE_COOKIE || !value) continue;
    const [id, signature] = value.split(".", 2);
    if (!id || !signature) continue;
    const expected = Buffer.from(deviceSignature(email, id));
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return false;
}

/** One more failure for a key; the count starts again after a day without failures. */
async function recordSignInFailure(db: Db, key: string): Promise<number> {
  const seconds = LIMITS.failureMemoryMs / 1000;
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limit (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limit.window_start < now() - make_interval(secs => ${seconds})
                   then 1 else rate_limit.count + 1 end,
      window_start = now()
    returning count`);
  return Number(result.rows[0]!.count);
}

/**
 * After 5 failures each new attempt waits a delay that doubles with every further failure (1 s,
 * 2 s, 4 s … up to 15 minutes) from the last failure; a day without failures forgets them.
 */
async function failureDelaySeconds(db: Db, key: string) {
  const result = await db.execute<{ count: number; window_start: string }>(
    sql`select count, window_start from rate_limit where key = ${key}`,
  );
  const row = result.rows[0];
  if (!row) return 0;
  const waited = Date.now() - new Date(row.window_start).getTime();
  if (waited >= LIMITS.failureMemoryMs || Number(row.count) < LIMITS.accountFreeFailures) return 0;
  const delayMs = Math.min(
    2 ** (Number(row.count) - LIMITS.accountFreeFailures) * 1000,
    15 * 60 * 1000,
  );
  return waited >= delayMs ? 0 : Math.ceil((delayMs - waited) / 1000);
}

/**
 * E-mails the owner (never the password tried) at the 5th failure and every 10th after it, at most
 * once an hour; and, whatever the hour, when the failure budget is spent (once per series).
 */
async function noticeRepeatedFailures(db: Db, email: string) {
  const total = await recordSignInFailure(db, accountFailKey(email));
  const budgetSpent = total === LIMITS.accountFailureBudget;
  const due =
    budgetSpent ||
    total === LIMITS.noticeFirst ||
    (total > LIMITS.noticeFirst && (total - LIMITS.noticeFirst) % LIMITS.noticeEvery === 0);
  if (!due) return;
  const [owner] = await db
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(eq(user.email, email));
  if (!owner) return;
  const gap = await hitRateLimit(db, `signin-notice:${email}`, 1, LIMITS.noticeMinGapMs);
  if (!gap.allowed && !budgetSpent) return;
  const link = `${getEnv().PUBLIC_URL}/auth?modo=recuperar`;
  if (budgetSpent) {
    await enqueueMail(db, {
      to: owner.email,
      subject: "Tu cuenta pide una confirmación por email para entrar desde navegadores nuevos",
      text: `Hola, ${owner.name}:

En las últimas horas ha habido ${total} intentos fallidos de iniciar sesión en tu cuenta del área de gestión.

Para protegerla, hasta que pasen 24 horas sin fallos, entrar desde un navegador donde no hayas iniciado sesión antes necesitará, además de la contraseña, un enlace que te enviaremos a este email. Desde tu navegador habitual puedes entrar con normalidad.

Si no has sido tú, alguien está probando contraseñas. Si tu contraseña es débil o la usas en otros sitios, cámbiala:
${link}`,
      html: simpleHtml(
        [
          `Hola, ${owner.name}:`,
          `En las últimas horas ha habido ${total} intentos fallidos de iniciar sesión en tu cuenta del área de gestión.`,
          "Para protegerla, hasta que pasen 24 horas sin fallos, entrar desde un navegador donde no hayas iniciado sesión antes necesitará, además de la contraseña, un enlace que te enviaremos a este email. Desde tu navegador habitual puedes entrar con normalidad.",
          "Si no has sido tú, alguien está probando contraseñas. Si tu contraseña es débil o la usas en otros sitios, cámbiala.",
        ],
        { href: link, label: "Cambiar mi contraseña" },
      ),
    });
    nudgeOutbox();
    await audit(db, {
      action: "login_failures_notified",
      target: email,
      details: { total, budgetSpent: true },
    });
    return;
  }
  await enqueueMail(db, {
    to: owner.email,
    subject: "Intentos fallidos de acceso a tu cuenta",
    text: `Hola, ${owner.name}:\n\nEn las últimas horas ha habido ${total} intentos fallidos de iniciar sesión en tu cuenta del área de gestión.\n\nSi no has sido tú, alguien está probando contraseñas: tu cuenta sigue protegida y desde tu navegador habitual puedes entrar con normalidad. Si tu contraseña es débil o la usas en otros sitios, cámbiala:\n${link}\n\nSi has sido tú, no tienes que hacer nada.`,
    html: simpleHtml(
      [
        `Hola, ${owner.name}:`,
        `En las últimas horas ha habido ${total} intentos fallidos de iniciar sesión en tu cuenta del área de gestión.`,
        "Si no has sido tú, alguien está probando contraseñas: tu cuenta sigue protegida y desde tu navegador habitual puedes entrar con normalidad. Si tu contraseña es débil o la usas en otros sitios, cámbiala.",
        "Si has sido tú, no tienes que hacer nada.",
      ],
      { href: link, label: "Cambiar mi contraseña" },
    ),
  });
  nudgeOutbox();
  await audit(db, { action: "login_failures_notified", target: email, details: { total } });
}

export async function signOut(db: Db, cookie: string | null, info: ClientInfo) {
  const current = (await getSessionState(db, cookie))?.user;
  const result = await getAuth(db)
    .api.signOut({ headers: authHeaders(info, cookie), returnHeaders: true })
    .catch(() => null);
  if (current) {
    closeStreamsOf(current.id); // live notices end with the session (other instances: heartbeat)
    await audit(db, { action: "logout", actor: current, ip: info.ip });
  }
  return result?.headers ?? new Headers();
}

// ─── Sign-up ─────────────────────────────────────────────────────────────────────────────────────

export async function countUsers(db: Db) {
  const [row] = await db.select({ n: count() }).from(user);
  return row?.n ?? 0;
}

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

// ─── Password reset ──────────────────────────────────────────────────────────────────────────────

const backgroundWork = new Set<Promise<unknown>>();

/** Resolves once the work started after earlier answers (reset e-mails) is done (tests, shutdown). */
export async function settleAccountsWork() {
  while (backgroundWork.size > 0) await Promise.allSettled([...backgroundWork]);
}

/**
 * Always answers the same way, whether or not the e-mail belongs to an account, and in the same
 * time: the look-up, the token and the e-mail happen after the answer, so nothing about the account
 * is waited for.
 */
export async function requestPasswordReset(
  db: Db,
  input: unknown,
  info: ClientInfo,
): Promise<Success | Failure> {
  const parsed = parseWith(ForgotPasswordSchema, input);
  if (!parsed.ok) return invalid(parsed);
  const limited = await hitRateLimit(
    db,
    `reset-ip:${info.ip}`,
    LIMITS.resetPerIp.limit,
    LIMITS.resetPerIp.windowMs,
  );
  if (!limited.allowed) return { ok: false, status: 429, formError: MESSAGES.tooManyAttempts };
  await audit(db, { action: "password_reset_requested", target: parsed.data.email, ip: info.ip });
  const work = getAuth(db)
    .api.requestPasswordReset({ body: { email: parsed.data.email }, headers: authHeaders(info) })
    .catch((err: unknown) => logger.error({ err }, "no se pudo preparar el email de recuperación"));
  backgroundWork.add(work);
  void work.finally(() => backgroundWork.delete(work));
  return { ok: true };
}

/** The account a reset link belongs to (links are stored hashed: see auth.server.ts). */
async function resetLinkOwner(db: Db, token: string) {
  const identifier = await hashKeepingPrefix(`${RESET_PREFIX}${token}`);
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(eq(verification.identifier, identifier));
  return row ?? null;
}

export async function resetPassword(
  db: Db,
  input: unknown,
  info: ClientInfo,
): Promise<Success | Failure> {
  const parsed = parseWith(ResetPasswordSchema, input);
  if (!parsed.ok) return invalid(parsed);
  if (isCommonPassword(parsed.data.password)) {
    return { ok: false, status: 400, fieldErrors: { password: [MESSAGES.passwordCommon] } };
  }
  const owner = await resetLinkOwner(db, parsed.data.token);
  try {
    await getAuth(db).api.resetPassword({
      body: { newPassword: parsed.data.password, token: parsed.data.token },
    });
  } catch (error) {
    if (error instanceof APIError) {
      return { ok: false, status: 400, formError: MESSAGES.invalidToken };
    }
    throw error;
  }
  if (owner) {
    // The password changed: every other reset (or invitation) link of this account is void.
    await db
      .delete(verification)
      .where(
        and(eq(verification.value, owner.id), like(verification.identifier, `${RESET_PREFIX}%`)),
      );
  }
  await audit(db, {
    action: "password_reset",
    actor: owner,
    target: owner?.email ?? null,
    ip: info.ip,
  });
  return { ok: true };
}

// ─── The signed-in user ──────────────────────────────────────────────────────────────────────────

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

// ─── Staff management (Usuarios) ─────────────────────────────────────────────────────────────────

export async function listUsers(db: Db) {
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      approvedAt: user.approvedAt,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(user)
    .orderBy(asc(user.createdAt));
}

/** The approved administrators' names and addresses (security notices to all of them). */
export async function administratorContacts(db: Pick<Db, "select">) {
  return db
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(and(eq(user.role, "administrator"), isNotNull(user.approvedAt)))
    .orderBy(asc(user.createdAt));
}

async function countAdministrators(db: Db, exceptId?: string) {
  const where = exceptId
    ? and(eq(user.role, "administrator"), ne(user.id, exceptId))
    : eq(user.role, "administrator");
  const [row] = await db.select({ n: count() }).from(user).where(where);
  return row?.n ?? 0;
}

/** Why a user cannot be removed (or null when they can). */
export function removalBlocker(
  actorId: string,
  target: { id: string; role: string },
  administrators: number,
) {
  if (target.id === actorId) return "No puedes eliminar tu propia cuenta.";
  if (target.role === "administrator" && administrators <= 1) {
    return "Es la única cuenta de administrador: no se puede eliminar.";
  }
  return null;
}

export async function changeRole(
  db: Db,
  actor: SessionUser,
  userId: unknown,
  role: unknown,
  info: ClientInfo,
): Promise<Success | Failure> {
  const parsedRole = parseWith(RoleSchema, role);
  if (!parsedRole.ok) return invalid(parsedRole);
  if (typeof userId !== "string" || !userId) {
    return { ok: false, status: 400, formError: "Usuario no válido" };
  }
  const [target] = await db.select().from(user).where(eq(user.id, userId));
  if (!target) return { ok: false, status: 404, formError: "Usuario no encontrado" };
  if (target.role === parsedRole.data) return { ok: true };
  if (target.role === "administrator" && (await countAdministrators(db, target.id)) === 0) {
    return {
      ok: false,
      status: 409,
      formError: "Debe quedar al menos una cuenta de administrador.",
    };
  }
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ role: parsedRole.data, updatedAt: new Date() })
      .where(eq(user.id, target.id));
    // A new role means new permissions: the user signs in again.
    await tx.delete(session).where(eq(session.userId, target.id));
  });
  closeStreamsOf(target.id);
  await audit(db, {
    action: "role_changed",
    actor,
    target: target.email,
    details: { from: target.role, to: parsedRole.data },
    ip: info.ip,
  });
  return { ok: true };
}

/** An administrator lets a self-registered (pending) account in. */
export async function approveUser(
  db: Db,
  actor: SessionUser,
  userId: unknown,
  info: ClientInfo,
): Promise<Success<{ email: string }> | Failure> {
  if (typeof userId !== "string" || !userId) {
    return { ok: false, status: 400, formError: "Usuario no válido" };
  }
  const [approved] = await db
    .update(user)
    .set({ approvedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(user.id, userId), isNull(user.approvedAt)))
    .returning({ email: user.email });
  if (!approved) {
    const [target] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
    if (!target) return { ok: false, status: 404, formError: "Usuario no encontrado" };
    return { ok: false, status: 409, formError: "Esta cuenta ya estaba aprobada." };
  }
  await audit(db, { action: "user_approved", actor, target: approved.email, ip: info.ip });
  return { ok: true, email: approved.email };
}

export async function removeUser(
  db: Db,
  actor: SessionUser,
  userId: unknown,
  info: ClientInfo,
): Promise<Success<{ email: string }> | Failure> {
  if (typeof userId !== "string" || !userId) {
    return { ok: false, status: 400, formError: "Usuario no válido" };
  }
  const [target] = await db.select().from(user).where(eq(user.id, userId));
  if (!target) return { ok: false, status: 404, formError: "Usuario no encontrado" };
  const blocker = removalBlocker(actor.id, target, await countAdministrators(db));
  if (blocker) return { ok: false, status: 409, formError: blocker };
  await db.delete(user).where(eq(user.id, target.id)); // sessions and accounts cascade
  closeStreamsOf(target.id);
  await audit(db, { action: "user_removed", actor, target: target.email, ip: info.ip });
  return { ok: true, email: target.email };
}

/** Creates a confirmed account without a usable password and e-mails a link to choose one. */
export async function inviteUser(
  db: Db,
  actor: SessionUser,
  input: unknown,
  info: ClientInfo,
): Promise<Success<{ email: string }> | Failure> {
  const parsed = parseWith(InviteSchema, input);
  if (!parsed.ok) return invalid(parsed);
  const { name, email, role } = parsed.data;
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) {
    return {
      ok: false,
      status: 409,
      fieldErrors: { email: ["Ya existe una cuenta con este email"] },
    };
  }
  await createCredentialUser(db, {
    name,
    email,
    role,
    password: crypto.randomUUID() + crypto.randomUUID(),
  });
  await getAuth(db).api.requestPasswordReset({ body: { email } });
  await audit(db, { action: "user_invited", actor, target: email, details: { role }, ip: info.ip });
  return { ok: true, email };
}

async function createCredentialUser(
  db: Db,
  data: { name: string; email: string; role: Role; password: string },
) {
  const ctx = await getAuth(db).$context;
  const hash = await ctx.password.hash(data.password);
  const created = await ctx.internalAdapter.createUser(
    { name: data.name, email: data.email, emailVerified: true },
    { method: "admin" },
  );
  // Created by an administrator, the command line or the first-run setup: approved at once.
  await db
    .update(user)
    .set({ role: data.role, approvedAt: new Date() })
    .where(eq(user.id, created.id));
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: hash,
  });
  return created.id;
}

/**
 * The command line's `user:create`: creates a confirmed account, or sets the password, name and
 * role of an existing one (ending its sessions).
 */
export async function upsertUserFromCli(
  db: Db,
  input: { email: string; password: string; name?: string; role: string },
): Promise<{ ok: true; created: boolean } | { ok: false; error: string }> {
  const email = SignUpSchema.shape.email.safeParse(input.email);
  if (!email.success) return { ok: false, error: email.error.issues[0]!.message };
  const password = SignUpSchema.shape.password.safeParse(input.password);
  if (!password.success) return { ok: false, error: password.error.issues[0]!.message };
  if (isCommonPassword(input.password)) return { ok: false, error: MESSAGES.passwordCommon };
  const role = RoleSchema.safeParse(input.role);
  if (!role.success) {
    return { ok: false, error: "El rol debe ser administrator, editor o contributor" };
  }
  const [existing] = await db.select().from(user).where(eq(user.email, email.data));
  if (!existing) {
    const name = input.name?.trim() || email.data.split("@")[0]!;
    await createCredentialUser(db, {
      name,
      email: email.data,
      role: role.data,
      password: input.password,
    });
    await audit(db, {
      action: "user_created_cli",
      target: email.data,
      details: { role: role.data },
    });
    return { ok: true, created: true };
  }
  const ctx = await getAuth(db).$context;
  const hash = await ctx.password.hash(input.password);
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({
        role: role.data,
        name: input.name?.trim() || existing.name,
        emailVerified: true,
        approvedAt: existing.approvedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(eq(user.id, existing.id));
    const updated = await tx
      .update(account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(account.userId, existing.id), eq(account.providerId, "credential")))
      .returning({ id: account.id });
    if (updated.length === 0) {
      await tx.insert(account).values({
        id: crypto.randomUUID(),
        userId: existing.id,
        providerId: "credential",
        accountId: existing.id,
        password: hash,
      });
    }
    await tx.delete(session).where(eq(session.userId, existing.id));
    // Break-glass for a lost second factor (e.g. the only administrator): enrol again on sign-in.
    await tx.delete(twoFactor).where(eq(twoFactor.userId, existing.id));
    await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, existing.id));
  });
  await audit(db, { action: "user_created_cli", target: email.data, details: { role: role.data } });
  return { ok: true, created: false };
}
