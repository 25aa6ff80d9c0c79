import { desc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema";

export type AuditAction =
  | "login"
  | "login_failed"
  | "logout"
  | "signup"
  | "email_verified"
  | "password_reset_requested"
  | "password_reset"
  | "role_changed"
  | "user_removed"
  | "user_invited"
  | "user_created_cli"
  | "settings_changed"
  | (string & {});

export interface AuditEntry {
  action: AuditAction;
  actor?: { id: string; email: string } | null;
  target?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Written by the server only; never contains passwords or message bodies. */
export async function audit(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    target: entry.target ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}

export async function recentAudit(db: Db, limit = 50) {
  return db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}
