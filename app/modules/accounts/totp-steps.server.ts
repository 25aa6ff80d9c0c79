import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { constantTimeEqual, makeSignature, symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { twoFactor } from "~/db/schema";
import { getAuth, TOTP_OPTIONS } from "./auth.server";

/**
 * A TOTP code works once (issue 32). better-auth's plugin accepts any code of the current 30-second
 * step or the one on either side, and remembers nothing: the same code could open two sessions, or
 * confirm two re-authentications, within about a minute. Before the plugin checks a code we find
 * the step it belongs to and claim it in `two_factor.last_totp_step` with one conditional UPDATE:
 * a step at or before the last one accepted for that person is refused, and of two simultaneous
 * uses of one code (on any instance) exactly one wins.
 */

/**
 * How many steps on each side of the current one a code is looked for: one more than the plugin's
 * window (±1), so any code the plugin accepts a moment later, even across a step boundary or on an
 * instance whose clock is a few seconds off, has been claimed first.
 */
const STEP_SEARCH = 2;

export type TotpUse =
  /** The code is right and its step is now claimed: let the plugin finish. */
  | "fresh"
  /** The code is right but its step (or a later one) was already accepted: refuse it. */
  | "used"
  /** Not a code of this person's secret near now: the plugin refuses it (and counts the failure). */
  | "wrong";

/** The time step of a moment (Unix seconds / 30). */
export function totpStep(now = Date.now()) {
  return Math.floor(now / 1000 / TOTP_OPTIONS.period);
}

/** The raw secret as the plugin decrypts it (better-auth's decryptTOTPSecret, not exported). */
async function decryptSecret(db: Db, stored: string) {
  const ctx = await getAuth(db).$context;
  const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: stored });
  // Secrets imported from another provider are stored as "base32:<secret>".
  return secret.startsWith("base32:") ? base32.decode(secret.slice(7).toUpperCase()) : secret;
}

/**
 * Which step of this person's secret `code` belongs to, and whether that step was already
 * accepted; reads only (see `claimTotpCode`).
 */
export async function matchTotpCode(
  db: Db,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<{ use: "wrong" } | { use: "used" | "fresh"; step: number }> {
  const [row] = await db
    .select({ secret: twoFactor.secret, last: twoFactor.lastTotpStep })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row) return { use: "wrong" };
  const otp = createOTP(await decryptSecret(db, row.secret), TOTP_OPTIONS);
  const current = totpStep(now);
  let step: number | null = null;
  // Every step is computed and compared in constant time: no early exit to time.
  for (let s = current - STEP_SEARCH; s <= current + STEP_SEARCH; s++) {
    if (constantTimeEqual(code, await otp.hotp(s))) step = s;
  }
  if (step === null) return { use: "wrong" };
  return { use: row.last !== null && step <= row.last ? "used" : "fresh", step };
}

/**
 * Records `step` as this person's last accepted one, unless it (or a later one) already is: true
 * for exactly one of any number of simultaneous claims of a step.
 */
export async function claimTotpStep(db: Db, userId: string, step: number) {
  const claimed = await db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step)),
      ),
    )
    .returning({ id: twoFactor.id });
  return claimed.length > 0;
}

/** Finds the step of `code` for this person's factor and claims it (see above). */
export async function claimTotpCode(
  db: Db,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<TotpUse> {
  const match = await matchTotpCode(db, userId, code, now);
  if (match.use !== "fresh") return match.use;
  return (await claimTotpStep(db, userId, match.step)) ? "fresh" : "used";
}

/**
 * The account a pending sign-in challenge belongs to: the plugin's signed `two_factor` cookie
 * names a `verification` row whose value is the user id. Read the way the plugin reads it (the
 * cookie's HMAC with the auth secret, then the row by its hashed identifier), so both see the same
 * account; a header with the cookie twice, a bad signature or an expired row gives null.
 */
export async function challengeUserId(db: Db, cookie: string | null): Promise<string | null> {
  if (!cookie) return null;
  const ctx = await getAuth(db).$context;
  const name = ctx.createAuthCookie("two_factor").name;
  const values = cookie
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
  if (values.length !== 1) return null;
  let value: string;
  try {
    value = decodeURIComponent(values[0]!.replace(/^"(.*)"$/, "$1"));
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const identifier = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!constantTimeEqual(signature, await makeSignature(identifier, ctx.secret))) return null;
  const row = await ctx.internalAdapter.findVerificationValue(identifier);
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
  return row.value;
}
