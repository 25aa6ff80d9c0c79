import { APIError } from "better-auth/api";
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { account, session, twoFactor, user } from "~/db/schema";
import { getSettings } from "~/modules/settings/settings.server";
import {
  clearKey,
  failureDelaySeconds,
  hitRateLimit,
  recordFailure,
} from "~/modules/rate-limit/rate-limit.server";
import { fieldErrors } from "~/utils/form";
import { audit } from "./audit.server";
import { getAuth } from "./auth.server";
import { isCommonPassword } from "./passwords.server";
import { isRole, type Role } from "./roles";
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
  fieldErrors?: Record<string, string[]>;
};
type Success<T = object> = { ok: true } & T;

export const LIMITS = {
  signInPerIp: { limit: 10, windowMs: 60_000 },
  accountFreeFailures: 5,
  signUpPerIp: { limit: 5, windowMs: 60 * 60_000 },
  resetPerIp: { limit: 5, windowMs: 15 * 60_000 },
};

function invalid(error: z.ZodError): Failure {
  return { ok: false, status: 400, fieldErrors: fieldErrors(error) };
}

function authHeaders(info: ClientInfo, cookie?: string | null) {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  if (info.userAgent) headers.set("user-agent", info.userAgent);
  if (info.ip) headers.set("x-forwarded-for", info.ip);
  return headers;
}

// ─── Sign-in / sign-out ──────────────────────────────────────────────────────────────────────────

export async function signIn(
  db: Db,
  input: unknown,
  info: ClientInfo,
): Promise<Success<{ headers: Headers; userId: string; twoFactor?: boolean }> | Failure> {
  const parsed = SignInSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, status: 400, formError: MESSAGES.fillAll };
  }
  const { email, password } = parsed.data;
  const perIp = await hitRateLimit(
    db,
    `signin-ip:${info.ip}`,
    LIMITS.signInPerIp.limit,
    LIMITS.signInPerIp.windowMs,
  );
  const failKey = `signin-fail:${email}`;
  if (!perIp.allowed || (await failureDelaySeconds(db, failKey, LIMITS.accountFreeFailures)) > 0) {
    return { ok: false, status: 429, formError: MESSAGES.tooManyAttempts };
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
    await audit(db, { action: "login", actor: { id: userId, email }, ip: info.ip });
    return { ok: true, headers: result.headers, userId };
  } catch (error) {
    if (error instanceof APIError && error.status === "FORBIDDEN") {
      return { ok: false, status: 403, formError: MESSAGES.emailNotVerified };
    }
    if (error instanceof APIError && error.status === "UNAUTHORIZED") {
      await recordFailure(db, failKey);
      await audit(db, { action: "login_failed", target: email, ip: info.ip });
      return { ok: false, status: 400, formError: MESSAGES.badCredentials };
    }
    throw error;
  }
}

export async function signOut(db: Db, cookie: string | null, info: ClientInfo) {
  const current = await getSessionUser(db, cookie);
  const result = await getAuth(db)
    .api.signOut({ headers: authHeaders(info, cookie), returnHeaders: true })
    .catch(() => null);
  if (current) {
    await audit(db, { action: "logout", actor: current, ip: info.ip });
  }
  return result?.headers ?? new Headers();
}

// ─── Sign-up ─────────────────────────────────────────────────────────────────────────────────────

export async function countUsers(db: Db) {
  const [row] = await db.select({ n: count() }).from(user);
  return row?.n ?? 0;
}

/** Whether the sign-up form may be shown: always for the first account, then per Ajustes. */
export async function signUpOpen(db: Db) {
  if ((await countUsers(db)) === 0) return { open: true, firstAccount: true };
  return { open: (await getSettings(db)).allowSignup, firstAccount: false };
}

export async function signUp(
  db: Db,
  input: unknown,
  info: ClientInfo,
): Promise<Success<{ firstAccount: boolean; headers: Headers }> | Failure> {
  const parsed = SignUpSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { name, email, password } = parsed.data;
  const { open, firstAccount } = await signUpOpen(db);
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
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) {
    // Same work as a real sign-up (a password hash), so timing does not tell more than the message.
    await (await auth.$context).password.hash(password);
    return { ok: false, status: 409, formError: MESSAGES.alreadyRegistered };
  }
  await auth.api.signUpEmail({ body: { name, email, password }, headers: authHeaders(info) });
  const [created] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(user.email, email));
  await audit(db, {
    action: "signup",
    actor: created ? { id: created.id, email } : null,
    details: { role: created?.role },
    ip: info.ip,
  });
  if (firstAccount && created?.role === "administrator") {
    const signedIn = await signIn(db, { email, password }, info);
    if (signedIn.ok) return { ok: true, firstAccount: true, headers: signedIn.headers };
  }
  return { ok: true, firstAccount: false, headers: new Headers() };
}

export async function verifyEmail(db: Db, token: string, info: ClientInfo) {
  try {
    await getAuth(db).api.verifyEmail({ query: { token } });
    await audit(db, { action: "email_verified", ip: info.ip });
    return true;
  } catch {
    return false;
  }
}

// ─── Password reset ──────────────────────────────────────────────────────────────────────────────

/** Always answers the same way, whether or not the e-mail belongs to an account. */
export async function requestPasswordReset(
  db: Db,
  input: unknown,
  info: ClientInfo,
): Promise<Success | Failure> {
  const parsed = ForgotPasswordSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const limited = await hitRateLimit(
    db,
    `reset-ip:${info.ip}`,
    LIMITS.resetPerIp.limit,
    LIMITS.resetPerIp.windowMs,
  );
  if (!limited.allowed) return { ok: false, status: 429, formError: MESSAGES.tooManyAttempts };
  await getAuth(db).api.requestPasswordReset({
    body: { email: parsed.data.email },
    headers: authHeaders(info),
  });
  await audit(db, { action: "password_reset_requested", target: parsed.data.email, ip: info.ip });
  return { ok: true };
}

export async function resetPassword(
  db: Db,
  input: unknown,
  info: ClientInfo,
): Promise<Success | Failure> {
  const parsed = ResetPasswordSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  if (isCommonPassword(parsed.data.password)) {
    return { ok: false, status: 400, fieldErrors: { password: [MESSAGES.passwordCommon] } };
  }
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
  await audit(db, { action: "password_reset", ip: info.ip });
  return { ok: true };
}

// ─── The signed-in user ──────────────────────────────────────────────────────────────────────────

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export async function getSessionUser(db: Db, cookie: string | null): Promise<SessionUser | null> {
  if (!cookie) return null;
  const headers = new Headers({ cookie });
  const result = await getAuth(db)
    .api.getSession({ headers, query: { disableRefresh: false } })
    .catch(() => null);
  if (!result) return null;
  const { id, name, email, role } = result.user as typeof result.user & { role?: string };
  if (!isRole(role)) return null;
  return { id, name: name || "Admin User", email, role };
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
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(user)
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
  const parsedRole = RoleSchema.safeParse(role);
  if (!parsedRole.success) return invalid(parsedRole.error);
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
  await audit(db, {
    action: "role_changed",
    actor,
    target: target.email,
    details: { from: target.role, to: parsedRole.data },
    ip: info.ip,
  });
  return { ok: true };
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
  const parsed = InviteSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
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
  await db.update(user).set({ role: data.role }).where(eq(user.id, created.id));
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
