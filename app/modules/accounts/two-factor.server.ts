import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { APIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { session, twoFactor, user } from "~/db/schema";
import { hitRateLimit, underRateLimit } from "~/modules/rate-limit/rate-limit.server";
import type { ClientInfo, Failure, SessionUser } from "./accounts.server";
import { deviceCookie } from "./known-device.server";
import { audit } from "~/platform/audit.server";
import { getAuth, TOTP_ISSUER } from "./auth.server";
import { closeStreamsOf } from "~/platform/events.server";
import { guessPlatform } from "~/utils/format";
import { TWO_FACTOR_REQUIRED_ROLES } from "./roles";
import { AppCodeSchema, MESSAGES as FORM_MESSAGES, RecoveryCodeSchema } from "./schemas";
import { challengeUserId, claimTotpCode, type TotpUse } from "./totp-steps.server";
import { parseWith } from "~/utils/form-schema";
import { qrCodeSvg } from "./qr-code.server";

/**
 * TOTP second factor (better-auth's twoFactor plugin) with recovery codes. Mandatory for every
 * role that can read health data (TWO_FACTOR_REQUIRED_ROLES, derived in roles.ts from
 * HEALTH_DATA_CAPABILITIES): the guard sends them to Mi cuenta until they enrol. Other roles
 * (today, contributors) may enrol.
 */
export const ENROL_PATH = "/admin/cuenta";
export const VERIFY_PATH = "/auth/verificacion";
export const CODE_LIMIT = { limit: 10, windowMs: 5 * 60_000 };

export function twoFactorRequired(role: string) {
  return (TWO_FACTOR_REQUIRED_ROLES as readonly string[]).includes(role);
}

const MESSAGES = {
  badCode: "El código no es correcto.",
  usedCode: FORM_MESSAGES.codeAlreadyUsed,
  badRecovery: "El código de recuperación no es correcto o ya se ha usado.",
  expired: "La verificación ha caducado. Vuelve a iniciar sesión.",
  tooMany: "Demasiados intentos. Espera unos minutos y vuelve a iniciar sesión.",
  badPassword: "La contraseña no es correcta.",
  password: "Escribe tu contraseña",
};

type Success<T = object> = { ok: true } & T;

function headersFor(cookie: string | null, info?: ClientInfo) {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  if (info?.userAgent) headers.set("user-agent", info.userAgent);
  if (info?.ip) headers.set("x-forwarded-for", info.ip);
  return headers;
}

function errorCode(error: unknown) {
  if (!(error instanceof APIError)) return null;
  const body = error.body as { code?: string } | undefined;
  return body?.code ?? null;
}

/**
 * One of the person's attempts at Mi cuenta's two-step operations (10 every 5 minutes, right or
 * wrong): each asks the password or a code, so without a limit they would be a password oracle.
 */
async function spendEnrolmentAttempt(db: Db, actor: SessionUser): Promise<Failure | null> {
  const limited = await hitRateLimit(
    db,
    `2fa-enrol:${actor.id}`,
    CODE_LIMIT.limit,
    CODE_LIMIT.windowMs,
  );
  return limited.allowed ? null : { ok: false, status: 429, formError: MESSAGES.tooMany };
}

/**
 * Runs an operation of Mi cuenta that asks the password again (start enrolment, new recovery
 * codes, switch the factor off): the password must be typed, one attempt is spent, then `run`
 * calls the plugin with it. The plugin's refusals become answers: a wrong password a message
 * under the field, each code in `conflicts` a 409 with its message; anything else is thrown.
 */
async function withPassword<T extends object>(
  db: Db,
  actor: SessionUser,
  password: unknown,
  conflicts: Record<string, string>,
  run: (password: string) => Promise<Success<T>>,
): Promise<Success<T> | Failure> {
  if (typeof password !== "string" || !password || password.length > 128) {
    return { ok: false, status: 400, fieldErrors: { password: [MESSAGES.password] } };
  }
  const limited = await spendEnrolmentAttempt(db, actor);
  if (limited) return limited;
  try {
    return await run(password);
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_PASSWORD") {
      return { ok: false, status: 400, fieldErrors: { password: [MESSAGES.badPassword] } };
    }
    const conflict = code && Object.hasOwn(conflicts, code) ? conflicts[code] : undefined;
    if (conflict) return { ok: false, status: 409, formError: conflict };
    throw error;
  }
}

/** The pending sign-in challenge cookie set by the plugin after the password step. */
export function hasTwoFactorChallenge(cookie: string | null) {
  return !!cookie && /(^|;\s*)(__Secure-)?consulta\.two_factor=/.test(cookie);
}

export type CodeMethod = "totp" | "recovery";

// ─── Sign-in, second step ────────────────────────────────────────────────────────────────────────

/** Completes a sign-in whose password step answered twoFactorRedirect: TOTP or a recovery code. */
export async function completeTwoFactorSignIn(
  db: Db,
  cookie: string | null,
  input: { method: unknown; code: unknown },
  info: ClientInfo,
): Promise<Success<{ headers: Headers; userId: string }> | Failure> {
  const method: CodeMethod = input.method === "recovery" ? "recovery" : "totp";
  if (!hasTwoFactorChallenge(cookie))
    return { ok: false, status: 400, formError: MESSAGES.expired };
  const typed = parseWith(method === "totp" ? AppCodeSchema : RecoveryCodeSchema, {
    code: input.code,
  });
  if (!typed.ok) return { ok: false, status: 400, fieldErrors: typed.fieldErrors };
  const { code } = typed.data;
  // Wrong codes per client address (the plugin also limits each challenge and each account).
  // Right codes do not count: several staff signing in from the practice share one address.
  const ipKey = `2fa-fail-ip:${info.ip}`;
  if (!(await underRateLimit(db, ipKey, CODE_LIMIT.limit, CODE_LIMIT.windowMs))) {
    return { ok: false, status: 429, formError: MESSAGES.tooMany };
  }
  // A code works once: claim its time step before the plugin checks it (totp-steps.server.ts).
  let use: TotpUse | null = null;
  if (method === "totp") {
    const challenged = await challengeUserId(db, cookie);
    if (!challenged) return { ok: false, status: 400, formError: MESSAGES.expired };
    use = await claimTotpCode(db, challenged, code);
    if (use === "used") {
      await hitRateLimit(db, ipKey, CODE_LIMIT.limit, CODE_LIMIT.windowMs);
      await audit(db, {
        action: "two_factor_failed",
        details: { method, reason: "CODE_ALREADY_USED" },
        ip: info.ip,
      });
      return { ok: false, status: 400, formError: MESSAGES.usedCode };
    }
  }
  const auth = getAuth(db);
  try {
    const result =
      method === "totp"
        ? await auth.api.verifyTOTP({
            body: { code },
            headers: headersFor(cookie, info),
            returnHeaders: true,
          })
        : await auth.api.verifyBackupCode({
            body: { code },
            headers: headersFor(cookie, info),
            returnHeaders: true,
          });
    const signedIn = result.response.user as { id: string; email: string };
    if (method === "totp" && use !== "fresh") {
      // The plugin accepted a code whose step we did not claim: never expected (our search is
      // wider than its window). Undo the session rather than let a code work twice.
      const token = sessionTokenIn(result.headers);
      if (token) await db.delete(session).where(eq(session.token, token));
      return { ok: false, status: 400, formError: MESSAGES.badCode };
    }
    await db.update(user).set({ lastLoginAt: new Date() }).where(eq(user.id, signedIn.id));
    await audit(db, {
      action: "login",
      actor: { id: signedIn.id, email: signedIn.email },
      details: { twoFactor: method, platform: guessPlatform(info.userAgent ?? "") },
      ip: info.ip,
    });
    // This browser is now a known device of the account (see the lock-out in signIn).
    result.headers.append("Set-Cookie", deviceCookie(signedIn.email));
    return { ok: true, headers: result.headers, userId: signedIn.id };
  } catch (error) {
    // Two simultaneous uses of one recovery code: the plugin's compare-and-swap lets one through
    // and answers the other 409 without a code. It is a spent code, not a server failure.
    const code =
      error instanceof APIError && error.status === "CONFLICT"
        ? "INVALID_BACKUP_CODE"
        : errorCode(error);
    if (!code) throw error;
    if (code === "INVALID_TWO_FACTOR_COOKIE") {
      return { ok: false, status: 400, formError: MESSAGES.expired };
    }
    await hitRateLimit(db, ipKey, CODE_LIMIT.limit, CODE_LIMIT.windowMs);
    await audit(db, {
      action: "two_factor_failed",
      details: { method, reason: code },
      ip: info.ip,
    });
    if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || code === "ACCOUNT_TEMPORARILY_LOCKED") {
      return { ok: false, status: 429, formError: MESSAGES.tooMany };
    }
    return {
      ok: false,
      status: 400,
      formError: method === "totp" ? MESSAGES.badCode : MESSAGES.badRecovery,
    };
  }
}

// ─── Enrolment (Mi cuenta) ───────────────────────────────────────────────────────────────────────

export interface PendingEnrolment {
  secret: string;
  uri: string;
  /** The otpauth:// address as an SVG QR code (qr-code.server.ts). */
  qrSvg: string;
  backupCodes: string[];
}

/** Whether the user has a verified factor, and the secret/codes of an enrolment not yet confirmed. */
export async function twoFactorStatus(db: Db, userId: string, email: string) {
  const [u] = await db
    .select({ enabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, userId));
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  let pending: PendingEnrolment | null = null;
  if (row && !row.verified && !u?.enabled) {
    const ctx = await getAuth(db).$context;
    const raw = await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
    const codes = JSON.parse(
      await symmetricDecrypt({ key: ctx.secretConfig, data: row.backupCodes }),
    ) as string[];
    const secret = base32.encode(new TextEncoder().encode(raw), { padding: false });
    const uri = createOTP(raw, { digits: 6, period: 30 }).url(TOTP_ISSUER, email);
    pending = { secret, uri, qrSvg: await qrCodeSvg(uri), backupCodes: codes };
  }
  return { enabled: u?.enabled === true, pending };
}

/** Step 1: checks the password and creates a secret + recovery codes (not active until step 2). */
export async function startEnrolment(
  db: Db,
  cookie: string | null,
  actor: SessionUser,
  password: unknown,
  info: ClientInfo,
): Promise<Success | Failure> {
  return withPassword(
    db,
    actor,
    password,
    { TOTP_ALREADY_ENABLED: "La verificación en dos pasos ya está activada." },
    async (password) => {
      await getAuth(db).api.enableTwoFactor({
        body: { password },
        headers: headersFor(cookie, info),
      });
      return { ok: true };
    },
  );
}

/** Step 2: the first code from the app activates the factor (the session is renewed). */
export async function confirmEnrolment(
  db: Db,
  cookie: string | null,
  actor: SessionUser,
  rawCode: unknown,
  info: ClientInfo,
): Promise<Success<{ headers: Headers }> | Failure> {
  const typed = parseWith(AppCodeSchema, { code: rawCode });
  if (!typed.ok) return { ok: false, status: 400, fieldErrors: typed.fieldErrors };
  const { code } = typed.data;
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, actor.id));
  if (!row || row.verified) {
    return { ok: false, status: 409, formError: "Empieza de nuevo la activación." };
  }
  const limited = await spendEnrolmentAttempt(db, actor);
  if (limited) return limited;
  // The first code is spent too: the same code cannot then also finish a sign-in. A wrong one
  // never reaches the plugin (which counts no failures for a signed-in person anyway).
  const use = await claimTotpCode(db, actor.id, code);
  const refused = async (): Promise<Failure> => {
    await audit(db, {
      action: "two_factor_failed",
      actor,
      details: { method: "totp", reason: "enrolment" },
      ip: info.ip,
    });
    return { ok: false, status: 400, fieldErrors: { code: [MESSAGES.badCode] } };
  };
  if (use === "used") {
    return { ok: false, status: 400, fieldErrors: { code: [MESSAGES.usedCode] } };
  }
  if (use === "wrong") return refused();
  try {
    const result = await getAuth(db).api.verifyTOTP({
      body: { code },
      headers: headersFor(cookie, info),
      returnHeaders: true,
    });
    // Sessions opened with the password alone before enrolling must not inherit the factor:
    // only the session the plugin just issued survives.
    const ended = await endSessionsExcept(db, actor.id, sessionTokenIn(result.headers));
    closeStreamsOf(actor.id);
    await audit(db, {
      action: "two_factor_enabled",
      actor,
      details: { otherSessionsEnded: ended },
      ip: info.ip,
    });
    return { ok: true, headers: result.headers };
  } catch (error) {
    if (errorCode(error) === "INVALID_CODE") return refused();
    throw error;
  }
}

/** The session token a response sets (the cookie holds "<token>.<signature>"). */
function sessionTokenIn(headers: Headers) {
  for (const cookie of headers.getSetCookie()) {
    const match = /^(?:__Secure-)?consulta\.session_token=([^;]*)/.exec(cookie);
    if (match?.[1]) return decodeURIComponent(match[1]).split(".")[0] ?? null;
  }
  return null;
}

/** Ends every session of a user but the one with `keepToken` (all of them when it is null). */
async function endSessionsExcept(db: Db, userId: string, keepToken: string | null) {
  const deleted = await db
    .delete(session)
    .where(
      keepToken
        ? and(eq(session.userId, userId), ne(session.token, keepToken))
        : eq(session.userId, userId),
    )
    .returning({ id: session.id });
  return deleted.length;
}

/** New recovery codes (the old ones stop working); asks the password again. */
export async function regenerateRecoveryCodes(
  db: Db,
  cookie: string | null,
  actor: SessionUser,
  password: unknown,
  info: ClientInfo,
): Promise<Success<{ backupCodes: string[] }> | Failure> {
  return withPassword(
    db,
    actor,
    password,
    { TWO_FACTOR_NOT_ENABLED: "La verificación en dos pasos no está activada." },
    async (password) => {
      const result = await getAuth(db).api.generateBackupCodes({
        body: { password },
        headers: headersFor(cookie, info),
      });
      await audit(db, { action: "two_factor_codes_regenerated", actor, ip: info.ip });
      return { ok: true, backupCodes: result.backupCodes };
    },
  );
}

/** Roles without a health-data capability may switch it off; the others cannot (twoFactorRequired). */
export async function disableOwnTwoFactor(
  db: Db,
  cookie: string | null,
  actor: SessionUser,
  password: unknown,
  info: ClientInfo,
): Promise<Success<{ headers: Headers }> | Failure> {
  if (twoFactorRequired(actor.role)) {
    // 409, not 403: the person may use this page; their role is what keeps the factor on.
    return {
      ok: false,
      status: 409,
      formError: "Tu rol exige la verificación en dos pasos: no se puede desactivar.",
    };
  }
  return withPassword(db, actor, password, {}, async (password) => {
    const result = await getAuth(db).api.disableTwoFactor({
      body: { password },
      headers: headersFor(cookie, info),
      returnHeaders: true,
    });
    await audit(db, { action: "two_factor_disabled", actor, ip: info.ip });
    return { ok: true, headers: result.headers };
  });
}

/** Drops an enrolment started but not confirmed (so a new secret can be generated). */
export async function cancelPendingEnrolment(db: Db, userId: string) {
  await db
    .delete(twoFactor)
    .where(and(eq(twoFactor.userId, userId), eq(twoFactor.verified, false)));
}

// ─── Administrator: reset a lost factor ──────────────────────────────────────────────────────────

/** Removes another account's factor and ends its sessions: it must enrol again on next sign-in. */
export async function resetTwoFactor(
  db: Db,
  actor: SessionUser,
  userId: unknown,
  info: ClientInfo,
): Promise<Success<{ email: string }> | Failure> {
  if (typeof userId !== "string" || !/^[A-Za-z0-9_-]{1,200}$/.test(userId)) {
    return { ok: false, status: 400, formError: "Usuario no válido" };
  }
  if (userId === actor.id) {
    return {
      ok: false,
      status: 409,
      formError: "No puedes restablecer tu propia verificación: usa Mi cuenta.",
    };
  }
  const [target] = await db.select().from(user).where(eq(user.id, userId));
  if (!target) return { ok: false, status: 404, formError: "Usuario no encontrado" };
  await db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, target.id));
    await tx
      .update(user)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(user.id, target.id));
    await tx.delete(session).where(eq(session.userId, target.id));
  });
  await audit(db, { action: "two_factor_reset", actor, target: target.email, ip: info.ip });
  return { ok: true, email: target.email };
}
