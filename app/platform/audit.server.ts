import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
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
  | "image_uploaded"
  | "message_deleted"
  | "messages_erased"
  | "messages_exported"
  | "mail_retried"
  | "article_created"
  | "article_updated"
  | "article_published"
  | "article_unpublished"
  | "article_published_scheduled"
  | "article_preview_link_created"
  | "article_preview_link_revoked"
  | "article_deleted"
  | "article_revision_restored"
  | "review_created"
  | "review_updated"
  | "review_published"
  | "review_unpublished"
  | "review_deleted"
  | "review_invited"
  | "review_withdrawn"
  | "first_admin_created"
  | "user_approved"
  | "login_pending"
  | "login_failures_notified"
  | "login_link_sent"
  | "login_link_used"
  | "signup_existing"
  | "two_factor_enabled"
  | "two_factor_disabled"
  | "two_factor_failed"
  | "two_factor_reset"
  | "two_factor_codes_regenerated"
  | "reauth"
  | "reauth_failed"
  | "session_idle_timeout"
  | "session_revoked"
  | "sessions_revoked_others"
  | "appointment_accepted"
  | "appointment_declined"
  | "appointment_cancelled"
  | "appointment_booked"
  | "appointment_moved"
  | "appointment_change_answered"
  | "booking_rules_changed"
  | "booking_service_saved"
  | "booking_service_removed"
  | "booking_closed_days_changed"
  | "agenda_feed_renewed"
  | "agenda_feed_removed"
  | "busy_feed_set"
  | "busy_feed_removed"
  | "mail_test_sent"
  | "review_examples_unpublished"
  | "first_steps_hidden"
  | "page_texts_saved"
  | "page_texts_restored"
  | "consent_document_saved"
  | "intake_saved"
  | "advertising_authorised"
  | "advertising_removed"
  | "waitlist_config_saved"
  | "waitlist_slot_released"
  | "waitlist_offer_approved"
  | "waitlist_offer_skipped"
  | "waitlist_offer_manual"
  | "consent_sent"
  | "consent_link_resent"
  | "consent_cancelled"
  | "consent_exception"
  | "consent_signed"
  | "consent_withdrawn"
  | "consent_pdf_read"
  | "consent_copy_read"
  | (string & {});

/**
 * What the activity viewer (/admin/registro) shows for each action code. A code without a label
 * (added later by another module) is shown as it is stored; add its label here.
 */
export const AUDIT_LABELS: Record<string, string> = {
  login: "Inicio de sesión",
  login_failed: "Inicio de sesión fallido",
  logout: "Cierre de sesión",
  signup: "Alta de cuenta",
  email_verified: "Email confirmado",
  password_reset_requested: "Recuperación de contraseña solicitada",
  password_reset: "Contraseña restablecida",
  role_changed: "Cambio de rol",
  user_removed: "Cuenta eliminada",
  user_invited: "Invitación enviada",
  user_created_cli: "Cuenta creada o cambiada desde la línea de órdenes",
  settings_changed: "Ajustes cambiados",
  image_uploaded: "Imagen subida",
  message_deleted: "Mensaje eliminado",
  messages_erased: "Mensajes suprimidos (RGPD)",
  messages_exported: "Mensajes exportados (RGPD)",
  page_texts_saved: "Textos de la web guardados",
  page_texts_restored: "Textos de la web: versión anterior restaurada",
  mail_retried: "Reintento de email",
  article_created: "Artículo creado",
  article_updated: "Artículo editado",
  article_published: "Artículo publicado",
  article_unpublished: "Artículo ocultado",
  article_published_scheduled: "Artículo publicado a la hora programada",
  article_preview_link_created: "Enlace de vista previa creado",
  article_preview_link_revoked: "Enlace de vista previa revocado",
  article_deleted: "Artículo eliminado",
  article_revision_restored: "Revisión de artículo restaurada",
  review_created: "Reseña creada",
  review_updated: "Reseña editada",
  review_published: "Reseña publicada",
  review_unpublished: "Reseña despublicada",
  review_deleted: "Reseña eliminada",
  review_invited: "Invitación a dejar una reseña enviada",
  review_withdrawn: "Reseña retirada por quien la escribió",
  first_admin_created: "Primera cuenta de administración creada",
  user_approved: "Cuenta aprobada",
  login_pending: "Inicio de sesión de una cuenta pendiente de aprobación",
  login_failures_notified: "Aviso por email de intentos fallidos de inicio de sesión",
  login_link_sent: "Enlace para confirmar un navegador nuevo enviado",
  login_link_used: "Navegador nuevo confirmado con el enlace del email",
  signup_existing: "Intento de alta con un email ya registrado",
  two_factor_enabled: "Verificación en dos pasos activada",
  two_factor_disabled: "Verificación en dos pasos desactivada",
  two_factor_failed: "Código de verificación en dos pasos incorrecto",
  two_factor_reset: "Verificación en dos pasos restablecida por un administrador",
  two_factor_codes_regenerated: "Códigos de recuperación regenerados",
  reauth: "Identidad confirmada de nuevo",
  reauth_failed: "Confirmación de identidad fallida",
  session_idle_timeout: "Sesión cerrada por inactividad",
  session_revoked: "Sesión cerrada desde la lista de sesiones",
  sessions_revoked_others: "Cerradas las demás sesiones",
  appointment_accepted: "Solicitud de cita aceptada",
  appointment_declined: "Solicitud de cita rechazada",
  appointment_cancelled: "Cita cancelada por la consulta",
  appointment_booked: "Cita reservada por la consulta",
  appointment_moved: "Cita cambiada de hora",
  appointment_change_answered: "Petición de cambio de cita respondida",
  booking_rules_changed: "Horario y reglas de las citas cambiados",
  booking_service_saved: "Servicio de citas guardado",
  booking_service_removed: "Servicio de citas eliminado",
  booking_closed_days_changed: "Días de cierre cambiados",
  agenda_feed_renewed: "Nueva dirección del calendario de citas",
  agenda_feed_removed: "Calendario de citas desactivado",
  busy_feed_set: "Calendario ocupado conectado",
  busy_feed_removed: "Calendario ocupado quitado",
  mail_test_sent: "Correo de prueba enviado",
  review_examples_unpublished: "Reseñas de ejemplo despublicadas",
  first_steps_hidden: "Primeros pasos ocultados",
  consent_document_saved: "Documento de consentimiento guardado",
  intake_saved: "Cuestionario inicial guardado",
  advertising_authorised: "Autorización de publicidad registrada",
  advertising_removed: "Autorización de publicidad borrada",
  waitlist_config_saved: "Reglas de la lista de espera guardadas",
  waitlist_slot_released: "Hora liberada para la lista de espera",
  waitlist_offer_approved: "Oferta de la lista de espera aprobada",
  waitlist_offer_skipped: "Oferta de la lista de espera saltada",
  waitlist_offer_manual: "Hora ofrecida a mano a una persona de la lista de espera",
  consent_sent: "Consentimiento enviado",
  consent_link_resent: "Enlace de consentimiento enviado de nuevo",
  consent_cancelled: "Consentimiento anulado",
  consent_exception: "Excepción registrada en un consentimiento (una sola firma)",
  consent_signed: "Consentimiento firmado",
  consent_withdrawn: "Consentimiento retirado por la persona",
  consent_pdf_read: "Consentimiento firmado abierto (PDF)",
  consent_copy_read: "Copia del consentimiento descargada por la persona firmante",
};

export function auditLabel(action: string) {
  return AUDIT_LABELS[action] ?? action;
}

export interface AuditEntry {
  action: AuditAction;
  actor?: { id: string; email: string } | null;
  target?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Written by the server only; never contains passwords or message bodies. Takes a transaction
 * too, so the entry is kept exactly when what it records is.
 */
export async function audit(db: Pick<Db, "insert">, entry: AuditEntry) {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    target: entry.target ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}

export interface AuditFilters {
  /** An action code (exact). */
  action?: string | null;
  /** The acting person's e-mail (exact, case-insensitive). */
  actor?: string | null;
  /** Calendar days in Spain (YYYY-MM-DD), both included. */
  from?: string | null;
  to?: string | null;
  page?: number;
}

export const AUDIT_PAGE_SIZE = 50;

/** Midnight in Spain (Europe/Madrid) at the start of a YYYY-MM-DD day, as an instant. */
export function madridMidnight(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const check = new Date(utc);
  if (check.getUTCMonth() !== Number(m[2]) - 1 || check.getUTCDate() !== Number(m[3])) return null;
  // Madrid's offset at that moment (DST changes at 01:00 UTC, after midnight in Spain).
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Madrid",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(check);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return new Date(utc - (wall - utc));
}

/** One page of the audit log, newest first, with the filters of the activity viewer. */
export async function listAudit(db: Db, filters: AuditFilters) {
  const where: SQL[] = [];
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.actor)
    where.push(sql`lower(${auditLog.actorEmail}) = ${filters.actor.toLowerCase()}`);
  const from = filters.from ? madridMidnight(filters.from) : null;
  if (from) where.push(gte(auditLog.at, from));
  // `to` is included: everything before the next day's midnight in Spain.
  const to = filters.to ? madridMidnight(filters.to) : null;
  if (to) {
    const next = new Date(to.getTime() + 36 * 3600_000).toISOString().slice(0, 10);
    where.push(lt(auditLog.at, madridMidnight(next)!));
  }
  const condition = where.length ? and(...where) : undefined;
  const [[total], items] = await Promise.all([
    db.select({ n: count() }).from(auditLog).where(condition),
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset(((filters.page ?? 1) - 1) * AUDIT_PAGE_SIZE),
  ]);
  const n = total?.n ?? 0;
  return { items, total: n, pageCount: Math.max(1, Math.ceil(n / AUDIT_PAGE_SIZE)) };
}

/** The action codes present in the log (for the filter, with those that have a label). */
export async function auditActions(db: Db) {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog);
  const codes = new Set([...Object.keys(AUDIT_LABELS), ...rows.map((r) => r.action)]);
  return [...codes]
    .map((code) => ({ code, label: auditLabel(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, "es"));
}

export async function recentAudit(db: Db, limit = 50) {
  return db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}
