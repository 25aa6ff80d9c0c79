import { and, asc, count, eq, isNotNull, isNull, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { session, user } from "~/db/schema";
import { closeStreamsOf } from "~/platform/events.server";
import { parseWith } from "~/utils/form-schema";
import {
  type ClientInfo,
  createCredentialUser,
  type Failure,
  invalid,
  type SessionUser,
  type Success,
} from "./accounts.server";
import { audit } from "~/platform/audit.server";
import { getAuth } from "./auth.server";
import { InviteSchema, RoleSchema } from "./schemas";

/**
 * The administrators' page Usuarios: the list of accounts, roles, approving self-registered
 * accounts, removing and inviting. A change of role or a removal ends the person's sessions and
 * live streams at once.
 */

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
