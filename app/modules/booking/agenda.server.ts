import type { AgendaItem } from "./view";
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, busyTimes } from "~/db/schema";
import { audit } from "~/platform/audit.server";
import { enqueueMail, type MailSource, nudgeOutbox } from "~/platform/mail/outbox.server";
import { getSettings } from "~/modules/settings/settings.server";
import { formFailure, type FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { newToken } from "~/platform/tokens.server";
import { BOOKING_LOCK, getBookingConfig } from "./booking.server";
import { recordFreedSlot } from "./freed-slots.server";
import { appointmentMails } from "./mails.server";
import { announceAgendaChange } from "~/platform/events.server";
import { madridDate, madridInstant } from "./slots";
import { PracticeMessageSchema, STAFF_MESSAGES } from "./staff-schema";

/**
 * The practice's agenda (/admin/citas): the requests waiting for an answer first, then a week of
 * appointments; staff accept, decline and cancel. Every staff action is in the audit log, which
 * names the appointment by its id, never the client.
 */

export type { AgendaItem };

const item = (row: typeof appointments.$inferSelect): AgendaItem => ({
  id: row.id,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  serviceName: row.serviceName,
  modality: row.modality,
  status: row.status,
  clientName: row.clientName,
  clientEmail: row.clientEmail,
  clientPhone: row.clientPhone,
  firstVisit: row.firstVisit,
  note: row.note,
  changeRequest: row.changeRequestedAt ? row.changeRequest || "(sin mensaje)" : null,
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function addDays(date: string, days: number) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** How many days the agenda shows at once. */
export const AGENDA_DAYS = 7;

/**
 * The seven days the agenda shows: from the date asked for ('?semana=YYYY-MM-DD') or from today
 * (Madrid), never the calendar week that is ending. Their first and last day, the neighbouring
 * ranges and the instants that bound them.
 */
function rangeFrom(start: string | null | undefined, now: Date) {
  const first =
    start && DATE.test(start) && !Number.isNaN(Date.parse(start))
      ? start
      : madridDate(now.getTime());
  const after = addDays(first, AGENDA_DAYS);
  return {
    first,
    dates: Array.from({ length: AGENDA_DAYS }, (_, i) => addDays(first, i)),
    range: {
      start: first,
      end: addDays(first, AGENDA_DAYS - 1),
      previous: addDays(first, -AGENDA_DAYS),
      next: after,
    },
    from: new Date(madridInstant(first, 0)!),
    to: new Date(madridInstant(after, 0)!),
  };
}

/** The statuses that take time in the agenda (a hold, a request, a confirmed appointment). */
const TAKING_TIME = ["held", "requested", "confirmed"];

/** What /admin/citas shows: the requests and change requests waiting, and seven days. */
export async function agenda(db: Db, options: { week?: string | null; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const { dates, range, from, to } = rangeFrom(options.week, now);
  const [waiting, week] = await Promise.all([
    db
      .select()
      .from(appointments)
      .where(
        and(
          gte(appointments.endsAt, now),
          or(
            eq(appointments.status, "requested"),
            and(
              inArray(appointments.status, ["held", "confirmed"]),
              isNotNull(appointments.changeRequestedAt),
            ),
          ),
        ),
      )
      .orderBy(asc(appointments.startsAt)),
    db
      .select()
      .from(appointments)
      .where(
        and(
          gte(appointments.startsAt, from),
          lt(appointments.startsAt, to),
          inArray(appointments.status, TAKING_TIME),
        ),
      )
      .orderBy(asc(appointments.startsAt)),
  ]);
  const days = dates.map((date) => ({
    date,
    items: week.filter((r) => madridDate(r.startsAt.getTime()) === date).map(item),
  }));
  return {
    pending: waiting.map(item),
    week: { ...range, days },
    today: madridDate(now.getTime()),
  };
}

/**
 * The agenda for roles without appointments.read (contributors): seven days of busy blocks, start
 * and end only. The query selects nothing else, so no client, contact, service, status or note
 * can reach them; there is no 'Por responder' list.
 */
export async function busyWeek(db: Db, options: { week?: string | null; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const { dates, range, from, to } = rangeFrom(options.week, now);
  const rows = await db
    .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
        inArray(appointments.status, TAKING_TIME),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  const days = dates.map((date) => ({
    date,
    blocks: rows
      .filter((r) => madridDate(r.startsAt.getTime()) === date)
      .map((r) => ({ startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString() })),
  }));
  return { week: { ...range, days }, today: madridDate(now.getTime()) };
}

export const AGENDA_MESSAGES = {
  notFound: "La cita ya no existe.",
  notPending: "Esta solicitud ya se ha respondido.",
  notOpen: "Esta cita ya no se puede cancelar.",
  changeAnswered: "Esta petición de cambio ya se ha respondido.",
  messageTooLong: STAFF_MESSAGES.message,
} as const;

type Actor = { id: string; email: string };
export type AgendaResult = { ok: true } | (FormFailure & { status: 400 | 404 | 409 });

/** The optional word for the client, read by the form's schema (no field: no message). */
function messageOf(raw: unknown): string | FormFailure {
  const parsed = parseWith(PracticeMessageSchema, { message: raw ?? undefined });
  return parsed.ok ? parsed.data.message : parsed;
}

/** Changes one appointment from one of `from` statuses, under the booking lock; tells the client. */
async function decide(
  db: Db,
  id: unknown,
  from: string[],
  change: (row: typeof appointments.$inferSelect) => {
    set: Partial<typeof appointments.$inferInsert>;
    mail: (mails: ReturnType<typeof appointmentMails>) => ReturnType<typeof mails.confirmed>;
    /** Writes the audit entry (inside the transaction, so it is kept exactly when the change is). */
    record: (
      tx: Pick<Db, "insert">,
      entry: { actor: Actor; target: string; ip: string },
    ) => Promise<void>;
  },
  actor: Actor,
  ip: string,
  refusal: string,
): Promise<AgendaResult> {
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id)) {
    return { ...formFailure(AGENDA_MESSAGES.notFound), status: 404 };
  }
  const settings = await getSettings(db);
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const [row] = await tx.select().from(appointments).where(eq(appointments.id, id));
    if (!row) return "missing" as const;
    if (!from.includes(row.status)) return "refused" as const;
    const { set, mail, record } = change(row);
    const [updated] = await tx
      .update(appointments)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(appointments.id, id))
      .returning();
    await enqueueMail(tx, mail(appointmentMails(updated!, settings)), {
      kind: "appointment",
      id,
    });
    await record(tx, { actor, target: `cita:${id}`, ip });
    await announceAgendaChange(tx);
    return "done" as const;
  });
  if (outcome === "missing") return { ...formFailure(AGENDA_MESSAGES.notFound), status: 404 };
  if (outcome === "refused") return { ...formFailure(refusal), status: 409 };
  nudgeOutbox();
  return { ok: true };
}

/** Accepts a request: confirmed, and the client gets the confirmation with a new manage link. */
export function acceptRequest(db: Db, actor: Actor, id: unknown, ip: string) {
  const manage = newToken();
  return decide(
    db,
    id,
    ["requested"],
    () => ({
      set: { status: "confirmed", manageTokenHash: manage.hash },
      mail: (mails) => mails.confirmed(manage.token),
      record: (tx, entry) => audit(tx, { action: "appointment_accepted", ...entry }),
    }),
    actor,
    ip,
    AGENDA_MESSAGES.notPending,
  );
}

/** Declines a request, with an optional message to the client; the hour is free again. */
export function declineRequest(db: Db, actor: Actor, id: unknown, rawMessage: unknown, ip: string) {
  const message = messageOf(rawMessage);
  if (typeof message !== "string") return Promise.resolve({ ...message, status: 400 as const });
  return decide(
    db,
    id,
    ["requested"],
    () => ({
      set: { status: "declined", manageTokenHash: null },
      mail: (mails) => mails.declined(message),
      record: (tx, entry) => audit(tx, { action: "appointment_declined", ...entry }),
    }),
    actor,
    ip,
    AGENDA_MESSAGES.notPending,
  );
}

/** Cancels an appointment from the practice's side; the client is told (with the message). */
export function cancelByPractice(
  db: Db,
  actor: Actor,
  id: unknown,
  rawMessage: unknown,
  ip: string,
) {
  const message = messageOf(rawMessage);
  if (typeof message !== "string") return Promise.resolve({ ...message, status: 400 as const });
  return decide(
    db,
    id,
    ["held", "requested", "confirmed"],
    (row) => ({
      set: {
        status: "cancelled",
        cancelledBy: "practice",
        holdExpiresAt: null,
        confirmTokenHash: null,
      },
      mail: (mails) => mails.cancelledByPractice(message),
      record: async (tx, entry) => {
        await audit(tx, { action: "appointment_cancelled", ...entry });
        // The hour is free again: the waitlist offers it (docs/decisions/024). A hold (not yet
        // anyone's appointment, perhaps a waitlist offer's own) frees nothing to offer.
        if (row.status !== "held") await recordFreedSlot(tx, row, "cancelacion");
      },
    }),
    actor,
    ip,
    AGENDA_MESSAGES.notOpen,
  );
}

/**
 * Marks a client's change request as answered without moving the appointment (staff talked to the
 * client and the hour stays): it leaves 'Por responder' and the client's link may ask again.
 * Conditional, so a request answered twice (or already moved) is refused, not audited twice.
 */
export async function answerChangeRequest(db: Db, actor: Actor, id: unknown, ip: string) {
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id)) {
    return { ...formFailure(AGENDA_MESSAGES.notFound), status: 404 as const };
  }
  const answered = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(appointments)
      .set({ changeRequest: "", changeRequestedAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(appointments.id, id),
          isNotNull(appointments.changeRequestedAt),
          inArray(appointments.status, ["held", "requested", "confirmed"]),
        ),
      )
      .returning({ id: appointments.id });
    if (!row) return false;
    await audit(tx, { action: "appointment_change_answered", actor, target: `cita:${id}`, ip });
    await announceAgendaChange(tx);
    return true;
  });
  if (!answered) return { ...formFailure(AGENDA_MESSAGES.changeAnswered), status: 409 as const };
  return { ok: true as const };
}

/**
 * Expired holds are counted over this window. The retention job keeps an unconfirmed hold exactly
 * this long after it runs out (EXPIRED_HOLD_KEPT_MS), so every hold that expired in the window is
 * still there to count: the two must stay equal.
 */
export const EXPIRED_HOLDS_WINDOW_MS = 24 * 60 * 60_000;
/** From this many expired holds in the window, the dashboard warns staff who manage the agenda. */
export const EXPIRED_HOLDS_WARNING = 5;

/** Direct bookings whose hold ran out unconfirmed in the last 24 hours. */
export async function expiredHoldCount(db: Db, now = new Date()) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, "held"),
        gt(appointments.holdExpiresAt, new Date(now.getTime() - EXPIRED_HOLDS_WINDOW_MS)),
        lte(appointments.holdExpiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

/** The panel's view: today's appointments (Madrid day) and how many requests wait. */
export async function agendaSummary(db: Db, now = new Date()) {
  const view = await agenda(db, { now });
  const today = view.week.days[0]?.items ?? [];
  return {
    today: today.map((i) => ({
      id: i.id,
      startsAt: i.startsAt,
      serviceName: i.serviceName,
      status: i.status,
    })),
    waiting: view.pending.filter((p) => p.status === "requested").length,
  };
}

/** Requests still ahead that wait for an answer (the menu's number, the live notice). */
export async function waitingRequestCount(db: Db, now = new Date()) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(eq(appointments.status, "requested"), gte(appointments.endsAt, now)));
  return row?.n ?? 0;
}

// ─── Retention and RGPD requests ─────────────────────────────────────────────────────────────────

/**
 * A direct booking nobody confirmed is erased a day after its hold ran out (the dashboard counts
 * the expired ones still kept: EXPIRED_HOLDS_WINDOW_MS).
 */
const EXPIRED_HOLD_KEPT_MS = EXPIRED_HOLDS_WINDOW_MS;

/**
 * Past appointments older than the retention period in Citas (counted from their end), holds
 * that expired unconfirmed, and calendar busy times already over. Idempotent: several instances
 * may run it at once.
 */
export async function purgeOldAppointments(db: Db, now = new Date()) {
  const config = await getBookingConfig(db);
  const cutoff = new Date(now.getTime() - config.retentionDays * 24 * 60 * 60_000);
  const old = await db
    .delete(appointments)
    .where(
      or(
        lt(appointments.endsAt, cutoff),
        and(
          eq(appointments.status, "held"),
          lt(appointments.holdExpiresAt, new Date(now.getTime() - EXPIRED_HOLD_KEPT_MS)),
        ),
      ),
    )
    .returning({ id: appointments.id });
  await db.delete(busyTimes).where(lt(busyTimes.endsAt, now));
  return old.length;
}

const ofAddress = (address: string) => eq(sql`lower(${appointments.clientEmail})`, address);

/** Every appointment booked with an address (RGPD art. 15), with Spanish keys. */
export async function appointmentsOf(db: Db, address: string) {
  const rows = await db
    .select()
    .from(appointments)
    .where(ofAddress(address))
    .orderBy(asc(appointments.startsAt));
  return rows.map((r) => ({
    id: r.id,
    servicio: r.serviceName,
    modalidad: r.modality,
    empieza: r.startsAt,
    termina: r.endsAt,
    estado: r.status,
    nombre: r.clientName,
    email: r.clientEmail,
    telefono: r.clientPhone,
    primeraVisita: r.firstVisit,
    nota: r.note,
    peticionDeCambio: r.changeRequest,
    consentimientoEn: r.consentAt,
    creadaEn: r.createdAt,
  }));
}

/** What the e-mails about some appointments are linked to: each one, and its series. */
function mailSourcesOf(rows: { id: string; seriesId: string | null }[]): MailSource[] {
  return rows.flatMap((r): MailSource[] => [
    { kind: "appointment", id: r.id },
    ...(r.seriesId ? [{ kind: "series" as const, id: r.seriesId }] : []),
  ]);
}

/** The sources of every e-mail about the appointments of an address (RGPD art. 15). */
export async function appointmentMailSources(db: Db, address: string) {
  const rows = await db
    .select({ id: appointments.id, seriesId: appointments.seriesId })
    .from(appointments)
    .where(ofAddress(address));
  return mailSourcesOf(rows);
}

/**
 * Erases every appointment booked with an address (RGPD art. 17); inside the caller's
 * transaction. Returns how many, and the sources of their e-mails (the caller erases those, the
 * practice's notices included).
 */
export async function eraseAppointmentsOf(tx: Pick<Db, "delete">, address: string) {
  const deleted = await tx
    .delete(appointments)
    .where(ofAddress(address))
    .returning({ id: appointments.id, seriesId: appointments.seriesId });
  return { erased: deleted.length, mailSources: mailSourcesOf(deleted) };
}

/**
 * What another domain may know of one appointment (the consent sent with it): whom, when, how,
 * and whether it is confirmed. Null for an unknown id.
 */
export async function appointmentSummary(db: Db, id: string) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await db
    .select({
      id: appointments.id,
      clientName: appointments.clientName,
      clientEmail: appointments.clientEmail,
      modality: appointments.modality,
      startsAt: appointments.startsAt,
      status: appointments.status,
      firstVisit: appointments.firstVisit,
    })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row ?? null;
}

/**
 * The latest confirmed visit that has already begun, per client address (lower case): the
 * clinical documentation's retention counts from it (Ley 41/2002 art. 17).
 */
export async function lastVisits(db: Db, now = new Date()) {
  const rows = await db
    .select({
      email: sql<string>`lower(${appointments.clientEmail})`,
      last: sql<Date | string>`max(${appointments.startsAt})`,
    })
    .from(appointments)
    .where(and(eq(appointments.status, "confirmed"), lte(appointments.startsAt, now)))
    .groupBy(sql`lower(${appointments.clientEmail})`);
  return new Map(rows.map((r) => [r.email, new Date(r.last)]));
}
