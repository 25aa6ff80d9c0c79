import { APIError } from "better-auth/api";
import { and, eq, like } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user, verification } from "~/db/schema";
import { logger } from "~/utils/logger.server";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
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
import { getAuth, hashKeepingPrefix, RESET_PREFIX } from "./auth.server";
import { isCommonPassword } from "./passwords.server";
import { ForgotPasswordSchema, MESSAGES, ResetPasswordSchema } from "./schemas";

/**
 * "¿Has olvidado tu contraseña?": the e-mailed link and choosing a new password with it. The same
 * links set the first password of an invited account (`inviteUser` in staff.server.ts).
 */

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
