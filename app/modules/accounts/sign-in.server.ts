import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { account, user } from "~/db/schema";
import { guessPlatform } from "~/utils/format";
import { clearKey, underRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { closeStreamsOf } from "~/platform/events.server";
import { parseWith } from "~/utils/form-schema";
import {
  authHeaders,
  type ClientInfo,
  type Failure,
  invalid,
  LIMITS,
  type Success,
} from "./accounts.server";
import { audit } from "~/platform/audit.server";
import { getAuth } from "./auth.server";
import { deviceCookie, isKnownDevice } from "./known-device.server";
import { getSessionState } from "./sessions.server";
import {
  countSignInFailure,
  failureBudgetSpent,
  failureDelaySeconds,
} from "./sign-in-failures.server";
import { sendSignInLink } from "./sign-in-link.server";
import { MESSAGES, SignInSchema } from "./schemas";

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

/**
 * The slower path, for an account whose failure budget is spent and a browser that is not one of
 * its known devices: the password is checked but opens nothing. A right one e-mails the owner a
 * single-use link (sign-in-link.server.ts) that makes the browser opening it a known device, from which
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

/** Ends this cookie's session and the person's live streams in this process (audited). */
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
