import { and, desc, eq, gt, lt, lte, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog, session, user } from "~/db/schema";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { getEnv } from "~/utils/env.server";
import type { ClientInfo, Failure, SessionUser } from "./accounts.server";
import { audit } from "~/platform/audit.server";
import { getAuth } from "./auth.server";
import { isRole } from "./roles";
import { parseWith } from "~/utils/form-schema";
import { ConfirmPasswordSchema, ConfirmWithCodeSchema, MESSAGES } from "./schemas";
import { claimTotpStep, matchTotpCode } from "./totp-steps.server";

/** Role changes, removals, settings and RGPD erase/export need a proof of identity this recent. */
export const REAUTH_MAX_AGE_MS = 10 * 60_000;
/** lastActiveAt is written at most this often (one UPDATE a minute per active session). */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;
export const REAUTH_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

export interface SessionState {
  user: SessionUser & { twoFactorEnabled: boolean };
  session: { id: string; authenticatedAt: Date; lastActiveAt: Date };
}

/** The signed-in user and their session row (with our timestamps), or null. */
export async function getSessionState(db: Db, cookie: string | null): Promise<SessionState | null> {
  if (!cookie) return null;
  const result = await getAuth(db)
    .api.getSession({ headers: new Headers({ cookie }), query: { disableRefresh: false } })
    .catch(() => null);
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string; twoFactorEnabled?: boolean };
  if (!isRole(u.role)) return null;
  const [row] = await db
    .select({
      id: session.id,
      authenticatedAt: session.authenticatedAt,
      lastActiveAt: session.lastActiveAt,
      approvedAt: user.approvedAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.id, result.session.id));
  // A pending account has no session to begin with; this refuses one that slipped through.
  if (!row?.approvedAt) return null;
  return {
    user: {
      id: u.id,
      name: u.name || "Admin User",
      email: u.email,
      role: u.role,
      twoFactorEnabled: u.twoFactorEnabled === true,
    },
    session: { id: row.id, authenticatedAt: row.authenticatedAt, lastActiveAt: row.lastActiveAt },
  };
}

export function idleLimitMs() {
  return getEnv().ADMIN_IDLE_MINUTES * 60_000;
}

export function isIdle(state: SessionState, now = Date.now()) {
  return now - state.session.lastActiveAt.getTime() > idleLimitMs();
}

export function isRecentlyAuthenticated(state: SessionState, now = Date.now()) {
  return now - state.session.authenticatedAt.getTime() <= REAUTH_MAX_AGE_MS;
}

/** Records admin activity (at most once a minute). */
export async function touchSession(db: Db, state: SessionState, now = Date.now()) {
  if (now - state.session.lastActiveAt.getTime() < ACTIVITY_WRITE_INTERVAL_MS) return;
  await db
    .update(session)
    .set({ lastActiveAt: new Date(now) })
    .where(eq(session.id, state.session.id));
}

/** Ends a session that stayed idle too long (the next request goes to /auth). */
export async function endIdleSession(db: Db, state: SessionState, ip?: string | null) {
  await db.delete(session).where(eq(session.id, state.session.id));
  await audit(db, { action: "session_idle_timeout", actor: state.user, ip: ip ?? null });
}

// ─── Last access (dashboard) ─────────────────────────────────────────────────────────────────────

/**
 * A sign-in's audit entry is written just after its session is created (a few milliseconds, more
 * on a busy server; and better-auth stamps the session with this server's clock while the entry
 * takes the database's).
 */
const ENTRY_AFTER_SESSION_MS = 10_000;

/**
 * The sign-in before the one that opened this session (from the audit log, kept 24 months), with
 * the platform it came from when recorded; null for a first sign-in. "This session's sign-in" is
 * the last one up to its creation: enrolling in two-step verification renews the session without
 * a new sign-in.
 */
export async function previousSignIn(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<{ at: Date; platform: string | null } | null> {
  const logins = and(eq(auditLog.actorId, userId), eq(auditLog.action, "login"));
  const [current] = await db
    .select({ at: sql<Date>`max(${auditLog.at})`.mapWith(auditLog.at) })
    .from(auditLog)
    .innerJoin(session, and(eq(session.id, sessionId), eq(session.userId, userId)))
    .where(
      and(
        logins,
        lte(
          auditLog.at,
          sql`${session.createdAt} + ${`${ENTRY_AFTER_SESSION_MS} milliseconds`}::interval`,
        ),
      ),
    );
  if (!current?.at) return null;
  const [row] = await db
    .select({ at: auditLog.at, details: auditLog.details })
    .from(auditLog)
    .where(and(logins, lt(auditLog.at, current.at)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  if (!row) return null;
  const platform = row.details?.platform;
  return { at: row.at, platform: typeof platform === "string" ? platform : null };
}

// ─── Active sessions (Mi cuenta) ─────────────────────────────────────────────────────────────────

export async function listSessions(db: Db, userId: string) {
  return db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      lastActiveAt: session.lastActiveAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.lastActiveAt));
}

/** Ends one of this person's own sessions (never someone else's: the id is checked with the user). */
export async function endOwnSession(
  db: Db,
  actor: SessionUser,
  sessionId: unknown,
  info: ClientInfo,
): Promise<{ ok: true } | Failure> {
  if (typeof sessionId !== "string" || !/^[A-Za-z0-9_-]{1,200}$/.test(sessionId)) {
    return { ok: false, status: 400, formError: "Sesión no válida" };
  }
  const ended = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, actor.id)))
    .returning({ id: session.id });
  if (ended.length === 0) return { ok: false, status: 404, formError: "Sesión no encontrada" };
  await audit(db, { action: "session_revoked", actor, ip: info.ip });
  return { ok: true };
}

export async function endOtherSessions(
  db: Db,
  actor: SessionUser,
  currentSessionId: string,
  info: ClientInfo,
) {
  const ended = await db
    .delete(session)
    .where(and(eq(session.userId, actor.id), ne(session.id, currentSessionId)))
    .returning({ id: session.id });
  await audit(db, {
    action: "sessions_revoked_others",
    actor,
    details: { count: ended.length },
    ip: info.ip,
  });
  return ended.length;
}

// ─── Re-authentication ───────────────────────────────────────────────────────────────────────────

/** Checks the password (and the authenticator code when enrolled) again; refreshes authenticatedAt. */
export async function reauthenticate(
  db: Db,
  cookie: string | null,
  state: SessionState,
  input: { password: unknown; code: unknown },
  info: ClientInfo,
): Promise<{ ok: true } | Failure> {
  const confirmed = parseWith(
    state.user.twoFactorEnabled ? ConfirmWithCodeSchema : ConfirmPasswordSchema,
    input,
  );
  if (!confirmed.ok) return { ok: false, status: 400, fieldErrors: confirmed.fieldErrors };
  const { password } = confirmed.data;
  const code = "code" in confirmed.data ? String(confirmed.data.code) : "";
  const limited = await hitRateLimit(
    db,
    `reauth:${state.user.id}`,
    REAUTH_LIMIT.limit,
    REAUTH_LIMIT.windowMs,
  );
  if (!limited.allowed) {
    return {
      ok: false,
      status: 429,
      formError: "Demasiados intentos. Espera unos minutos e inténtalo de nuevo.",
    };
  }
  // A code works once (totp-steps.server.ts): one already accepted, here or at sign-in, is
  // refused before the password is even checked, so that answer says nothing about the password.
  const match = state.user.twoFactorEnabled ? await matchTotpCode(db, state.user.id, code) : null;
  if (match?.use === "used") {
    await audit(db, { action: "reauth_failed", actor: state.user, ip: info.ip });
    return { ok: false, status: 400, formError: MESSAGES.codeAlreadyUsed };
  }
  const auth = getAuth(db);
  const ctx = await auth.$context;
  const accounts = await ctx.internalAdapter.findAccounts(state.user.id);
  const hash = accounts.find((a) => a.providerId === "credential")?.password;
  let ok = !!hash && (await ctx.password.verify({ hash, password }));
  if (ok && match) {
    // Claimed only with the right password (a mistyped one does not spend the code); of two
    // simultaneous uses one wins.
    ok =
      match.use === "fresh" &&
      (await claimTotpStep(db, state.user.id, match.step)) &&
      (await auth.api
        .verifyTOTP({ body: { code }, headers: new Headers({ cookie: cookie ?? "" }) })
        .then(() => true)
        .catch(() => false));
  }
  if (!ok) {
    await audit(db, { action: "reauth_failed", actor: state.user, ip: info.ip });
    return {
      ok: false,
      status: 400,
      formError: state.user.twoFactorEnabled
        ? "La contraseña o el código no son correctos."
        : "La contraseña no es correcta.",
    };
  }
  await db
    .update(session)
    .set({ authenticatedAt: new Date(), lastActiveAt: new Date() })
    .where(eq(session.id, state.session.id));
  await audit(db, { action: "reauth", actor: state.user, ip: info.ip });
  return { ok: true };
}

/** For tests and the CLI: whether a user has a verified second factor. */
export async function hasTwoFactor(db: Db, userId: string) {
  const [row] = await db
    .select({ enabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, userId));
  return row?.enabled === true;
}

/**
 * Whether a cookie still signs in this person with this role, without extending the session (a
 * live event stream re-checks it on every heartbeat and must not keep a session alive).
 */
export async function sessionStillValid(db: Db, cookie: string | null, who: SessionUser) {
  const now = await getAuth(db).api.getSession({
    headers: new Headers({ cookie: cookie ?? "" }),
    query: { disableRefresh: true },
  });
  const role = (now?.user as { role?: string } | undefined)?.role;
  // A changed role also ends it (the role change signs the person out anyway).
  return now?.user.id === who.id && role === who.role;
}
