import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import type { Db } from "~/db/client.server";
import { appointmentReminders, appointments, bookingServices } from "~/db/schema";
import { audit } from "~/platform/audit.server";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import { announceAgendaChange } from "~/platform/events.server";
import { getSettings } from "~/modules/settings/settings.server";
import { formFailure, type FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { newToken } from "~/platform/tokens.server";
import { BOOKING_LOCK, getBookingConfig, occupancy } from "./booking.server";
import { recordFreedSlot } from "./freed-slots.server";
import { appointmentMails, seriesMail } from "./mails.server";
import { madridDate, madridInstant, minutesOf, type Span } from "./slots";
import { MoveSchema, StaffBookingSchema } from "./staff-schema";
import { appointmentDayText, appointmentWhenText } from "./when";

/**
 * What staff do in the agenda beyond answering requests (docs/decisions/015-appointments.md):
 * book an appointment, or a weekly or fortnightly series, for a client they know, and move one.
 * The practice may book outside the hours offered on the web, but never on a closed day, over
 * another appointment (with the buffer) or over a busy time of her own calendar.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Actor = { id: string; email: string };

const DAY_MS = 24 * 60 * 60_000;

/** Why a time cannot be booked, as the agenda lists it. */
export const CONFLICTS = {
  past: "ya ha pasado",
  closed: "la consulta está cerrada ese día",
  taken: "coincide con otra cita",
  busy: "está ocupada en tu calendario",
  noSuchHour: "esa hora no existe ese día (cambio de hora)",
} as const;
export type Conflict = keyof typeof CONFLICTS;

export const STAFF_RESULT_MESSAGES = {
  service: "Elige un servicio.",
  notFound: "La cita ya no existe.",
  notMovable: "Esta cita ya no se puede cambiar de hora.",
  sameTime: "La cita ya es a esa hora.",
  noneBooked: "No se ha reservado ninguna sesión: ninguna de esas horas está libre.",
  taken: (reason: string) => `Esa hora no está libre: ${reason}.`,
} as const;

/** What holds time around a span (a day either side, for buffers and the zone). */
export function occupancyAround(tx: Tx, from: number, to: number, now: Date, except?: string) {
  return occupancy(tx, new Date(from - DAY_MS), new Date(to + DAY_MS), now, except);
}

type Occupancy = Awaited<ReturnType<typeof occupancy>>;

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

export function conflictOf(
  span: Span,
  occupied: Occupancy,
  bufferMs: number,
  now: Date,
): Conflict | null {
  if (span.start < now.getTime()) return "past";
  const date = madridDate(span.start);
  if (occupied.closed.some((c) => c.startsOn <= date && date <= c.endsOn)) return "closed";
  const padded = { start: span.start - bufferMs, end: span.end + bufferMs };
  if (occupied.taken.some((t) => overlaps(padded, t))) return "taken";
  if (occupied.busy.some((b) => overlaps(span, b))) return "busy";
  return null;
}

export interface BookedItem {
  id: string;
  when: string;
}
export interface SkippedItem {
  when: string;
  reason: string;
}
export type StaffBookResult =
  | { ok: true; booked: BookedItem[]; skipped: SkippedItem[] }
  | (FormFailure & { status: 400 | 409; skipped?: SkippedItem[] });

/**
 * Books an appointment, or a series, for a client: confirmed at once (the practice agreed it with
 * the client), told by one e-mail with the calendar file and a link for each session. In a series
 * a session that falls on a closed day or a taken or busy time is skipped and listed.
 */
export async function bookByStaff(
  db: Db,
  actor: Actor,
  raw: Record<string, unknown>,
  ip: string,
  now = new Date(),
): Promise<StaffBookResult> {
  const parsed = parseWith(StaffBookingSchema, raw);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const input = parsed.data;
  const [service] = await db
    .select()
    .from(bookingServices)
    .where(eq(bookingServices.id, Number(input.service)));
  if (!service) {
    return { ...formFailure(null, { service: [STAFF_RESULT_MESSAGES.service] }), status: 400 };
  }
  const count = input.repeat === "none" ? 1 : Number(input.sessions);
  const everyDays = input.repeat === "fortnightly" ? 14 : 7;
  const first = Temporal.PlainDate.from(input.date);
  const dates = Array.from({ length: count }, (_, i) =>
    first.add({ days: i * everyDays }).toString(),
  );
  const minutes = minutesOf(input.time);
  const durationMs = service.durationMinutes * 60_000;
  const seriesId = count > 1 ? randomUUID() : null;
  const [settings, config] = await Promise.all([getSettings(db), getBookingConfig(db)]);

  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const occupied = await occupancyAround(
      tx,
      Date.parse(`${dates[0]}T00:00:00Z`),
      Date.parse(`${dates.at(-1)}T00:00:00Z`) + DAY_MS,
      now,
    );
    const booked: { row: typeof appointments.$inferSelect; token: string }[] = [];
    const skipped: SkippedItem[] = [];
    for (const date of dates) {
      const start = madridInstant(date, minutes);
      if (start === null) {
        skipped.push({
          when: `${appointmentDayText(date)}, ${input.time}`,
          reason: CONFLICTS.noSuchHour,
        });
        continue;
      }
      const span = { start, end: start + durationMs };
      const conflict = conflictOf(span, occupied, config.bufferMinutes * 60_000, now);
      if (conflict) {
        skipped.push({ when: appointmentWhenText(new Date(start)), reason: CONFLICTS[conflict] });
        continue;
      }
      const manage = newToken();
      const [row] = await tx
        .insert(appointments)
        .values({
          id: randomUUID(),
          serviceId: service.id,
          serviceName: service.name,
          modality: service.modality,
          startsAt: new Date(span.start),
          endsAt: new Date(span.end),
          status: "confirmed",
          clientName: input.name,
          clientEmail: input.email,
          clientPhone: input.phone,
          firstVisit: false,
          manageTokenHash: manage.hash,
          seriesId,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      occupied.taken.push(span);
      booked.push({ row: row!, token: manage.token });
      await audit(tx, {
        action: "appointment_booked",
        actor,
        target: `cita:${row!.id}`,
        details: seriesId ? { serie: seriesId } : undefined,
        ip,
      });
    }
    if (booked.length === 0) return { booked, skipped };
    // One session: its e-mail is about that appointment; several: one e-mail about the series.
    await enqueueMail(
      tx,
      booked.length === 1
        ? appointmentMails(booked[0]!.row, settings).confirmed(booked[0]!.token)
        : seriesMail(booked, settings),
      booked.length === 1
        ? { kind: "appointment", id: booked[0]!.row.id }
        : { kind: "series", id: seriesId! },
    );
    await announceAgendaChange(tx);
    return { booked, skipped };
  });

  if (outcome.booked.length === 0) {
    const message =
      count === 1
        ? STAFF_RESULT_MESSAGES.taken(outcome.skipped[0]!.reason)
        : STAFF_RESULT_MESSAGES.noneBooked;
    return { ...formFailure(message), status: 409, skipped: outcome.skipped };
  }
  nudgeOutbox();
  return {
    ok: true,
    booked: outcome.booked.map(({ row }) => ({
      id: row.id,
      when: appointmentWhenText(row.startsAt),
    })),
    skipped: outcome.skipped,
  };
}

export type MoveResult = { ok: true; when: string } | (FormFailure & { status: 400 | 404 | 409 });

/**
 * Moves a requested or confirmed appointment to another day or hour (same length). The client
 * gets the new time with an updated calendar file and a new link; reminders are sent again for
 * the new time; a change the client had asked for counts as answered.
 */
export async function moveAppointment(
  db: Db,
  actor: Actor,
  id: unknown,
  raw: Record<string, unknown>,
  ip: string,
  now = new Date(),
): Promise<MoveResult> {
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id)) {
    return { ...formFailure(STAFF_RESULT_MESSAGES.notFound), status: 404 };
  }
  const parsed = parseWith(MoveSchema, raw);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const { date, time, message } = parsed.data;
  const start = madridInstant(date, minutesOf(time));
  if (start === null) {
    return { ...formFailure(null, { time: [`Esa hora ${CONFLICTS.noSuchHour}.`] }), status: 400 };
  }
  const [settings, config] = await Promise.all([getSettings(db), getBookingConfig(db)]);
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const [row] = await tx.select().from(appointments).where(eq(appointments.id, id));
    if (!row) return { status: 404 as const, message: STAFF_RESULT_MESSAGES.notFound };
    if (!["requested", "confirmed"].includes(row.status)) {
      return { status: 409 as const, message: STAFF_RESULT_MESSAGES.notMovable };
    }
    if (row.startsAt.getTime() === start) {
      return { status: 400 as const, message: STAFF_RESULT_MESSAGES.sameTime };
    }
    const span = { start, end: start + (row.endsAt.getTime() - row.startsAt.getTime()) };
    const occupied = await occupancyAround(tx, span.start, span.end, now, row.id);
    const conflict = conflictOf(span, occupied, config.bufferMinutes * 60_000, now);
    if (conflict) {
      return { status: 409 as const, message: STAFF_RESULT_MESSAGES.taken(CONFLICTS[conflict]) };
    }
    const manage = newToken();
    const [moved] = await tx
      .update(appointments)
      .set({
        startsAt: new Date(span.start),
        endsAt: new Date(span.end),
        manageTokenHash: manage.hash,
        changeRequest: "",
        changeRequestedAt: null,
        updatedAt: now,
      })
      .where(eq(appointments.id, row.id))
      .returning();
    // The old hour is free again: the waitlist offers it (docs/decisions/024).
    await recordFreedSlot(tx, row, "cambio", now);
    // The reminders already sent were for the old time.
    await tx.delete(appointmentReminders).where(eq(appointmentReminders.appointmentId, row.id));
    await enqueueMail(
      tx,
      appointmentMails(moved!, settings).moved(row.startsAt, manage.token, message),
      { kind: "appointment", id: row.id },
    );
    await audit(tx, {
      action: "appointment_moved",
      actor,
      target: `cita:${row.id}`,
      details: { antes: row.startsAt.toISOString(), ahora: moved!.startsAt.toISOString() },
      ip,
    });
    await announceAgendaChange(tx);
    return { status: 200 as const, when: appointmentWhenText(moved!.startsAt) };
  });
  if (outcome.status !== 200) return { ...formFailure(outcome.message), status: outcome.status };
  nudgeOutbox();
  return { ok: true, when: outcome.when };
}

/**
 * A client's details, to book them again from one of their appointments (by its id): only a
 * confirmed one, whose address the client or the practice has vouched for.
 */
export async function clientOf(db: Db, id: string | null) {
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await db
    .select({
      name: appointments.clientName,
      email: appointments.clientEmail,
      phone: appointments.clientPhone,
      serviceId: appointments.serviceId,
    })
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.status, "confirmed")));
  return row ?? null;
}
