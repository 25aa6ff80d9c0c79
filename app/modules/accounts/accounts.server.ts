import { and, count, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { account, session, twoFactor, user } from "~/db/schema";
import type { FieldErrors, FormFailure } from "~/utils/form";
import { audit } from "~/platform/audit.server";
import { getAuth } from "./auth.server";
import { isCommonPassword } from "./passwords.server";
import type { Role } from "./roles";
import { MESSAGES, RoleSchema, SignUpSchema } from "./schemas";

/**
 * Staff accounts: what every account flow shares (the client's address, the refusal, the signed-in
 * user, every limit in one table) and creating an account with a password. Each flow has a file
 * of its own in this folder, all calling better-auth's `auth.api.*` (auth.server.ts):
 *
 * - sign-in.server.ts: sign-in and sign-out; with sign-in-failures.server.ts (wrong passwords:
 *   waits, the failure budget, notices to the owner), sign-in-link.server.ts (the e-mailed link
 *   once the budget is spent) and known-device.server.ts (the browsers an account signed in from);
 * - two-factor.server.ts: the code step, enrolment in Mi cuenta, an administrator's reset;
 * - sign-up.server.ts: public sign-up and e-mail confirmation;
 * - password-reset.server.ts: the forgotten-password link and the new password;
 * - staff.server.ts: Usuarios (roles, approval, removal, invitations);
 * - sessions.server.ts, guard.server.ts, setup.server.ts: sessions, the guard, the first-run link;
 * - here: `upsertUserFromCli`, the command line's `user:create`.
 */

/** Who is asking: the client address every limit counts by, and the browser (for notices). */
export interface ClientInfo {
  ip: string;
  userAgent?: string | null;
}

/** A refusal a form can show: its status, a message for the whole form and/or under fields. */
export type Failure = {
  ok: false;
  status: 400 | 403 | 404 | 409 | 429;
  formError?: string;
  fieldErrors?: FieldErrors;
};
export type Success<T = object> = { ok: true } & T;

/** Every limit of the account flows (sign-in, sign-up, password reset), in one table. */
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

/** Input that did not pass its form's schema: 400 with the schema's messages. */
export function invalid({ formError, fieldErrors }: FormFailure): Failure {
  return { ok: false, status: 400, fieldErrors, ...(formError ? { formError } : {}) };
}

/** What better-auth reads from a request: the session cookie, the browser and the address. */
export function authHeaders(info: ClientInfo, cookie?: string | null) {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  if (info.userAgent) headers.set("user-agent", info.userAgent);
  if (info.ip) headers.set("x-forwarded-for", info.ip);
  return headers;
}

/** The signed-in staff member, as the guard hands it to loaders and actions. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export async function countUsers(db: Db) {
  const [row] = await db.select({ n: count() }).from(user);
  return row?.n ?? 0;
}

/** A confirmed, approved account with a password (an invitation, the command line). */
export async function createCredentialUser(
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
