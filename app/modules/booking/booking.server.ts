import { randomUUID } from "node:crypto";
import { hashToken, isToken, newToken } from "~/platform/tokens.server";
import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  appointmentLinks,
  appointments,
  bookingConfig,
  bookingExceptions,
  bookingServices,
  busyTimes,
  contentSeeds,
} from "~/db/schema";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import { hitRateLimit, underRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { announceAgendaChange } from "~/platform/events.server";
import { getSettings } from "~/modules/settings/settings.server";
import { formFailure, type FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { BookingConfigSchema, type BookingConfig, DEFAULT_BOOKING_CONFIG } from "./config";
import { HOLD_LIMITS, holdRefusal } from "./holds";
import { appointmentIcs } from "./ics.server";
import { recordFreedSlot } from "./freed-slots.server";
import { appointmentMails, appointmentPlace } from "./mails.server";
import { HOLD_MINUTES } from "./messages";
import { BOOKING_MESSAGES, BookingSchema, ChangeRequestSchema } from "./schema";
import { freeSlots, madridDate, type Slot, type Span } from "./slots";
import type { BookingView, CalendarDay, PublicService } from "./view";

export type { BookingView, CalendarDay, PublicService };

/**
 * Appointments (docs/decisions/015-appointments.md): the practice's services and rules, the free
 * slots, and a visitor's booking from request to confirmation.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Db | Tx;

export type BookingService = typeof bookingServices.$inferSelect;
export type Appointment = typeof appointments.$inferSelect;

/** A direct booking holds its slot this long, waiting for the visitor's e-mail confirmation. */
export const HOLD_MS = HOLD_MINUTES * 60_000;
/** Bookings per client address and hour. */
export const BOOKINGS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** One lock for every booking of the practice (pg_advisory_xact_lock's key). */
export const BOOKING_LOCK = 4_815_162_342;

// ─── The practice's rules and services ───────────────────────────────────────────────────────────

export async function getBookingConfig(db: Reader): Promise<BookingConfig> {
  const [row] = await db.select().from(bookingConfig).where(eq(bookingConfig.id, 1));
  if (!row) return DEFAULT_BOOKING_CONFIG;
  const parsed = BookingConfigSchema.safeParse({ ...DEFAULT_BOOKING_CONFIG, ...row.data });
  return parsed.success ? parsed.data : DEFAULT_BOOKING_CONFIG;
}

export async function listServices(db: Reader, options: { activeOnly?: boolean } = {}) {
  return db
    .select()
    .from(bookingServices)
    .where(options.activeOnly ? eq(bookingServices.active, true) : undefined)
    .orderBy(asc(bookingServices.position), asc(bookingServices.id));
}

/** The services a visitor may book: all of them, or those for a first visit / returning client. */
export function servicesFor(services: BookingService[], firstVisit: boolean | null) {
  return services.filter(
    (s) =>
      s.active &&
      (s.audience === "all" ||
        firstVisit === null ||
        s.audience === (firstVisit ? "new" : "existing")),
  );
}

export const BOOKING_SEED_KEY = "booking-services-v1";

/**
 * The services a new install offers once booking is turned on (staff change them in Citas):
 * inserted once per database, like the built-in articles and reviews.
 */
export async function seedBookingServices(db: Db) {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(contentSeeds)
      .values({ key: BOOKING_SEED_KEY })
      .onConflictDoNothing()
      .returning({ key: contentSeeds.key });
    if (marked.length === 0) return 0;
    const rows = await tx
      .insert(bookingServices)
      .values([
        {
          name: "Primera sesión",
          durationMinutes: 50,
          modality: "presencial",
          mode: "request",
          audience: "new",
          position: 1,
        },
        {
          name: "Llamada informativa gratuita",
          durationMinutes: 15,
          modality: "online",
          mode: "direct",
          audience: "new",
          position: 2,
        },
        {
          name: "Sesión de seguimiento",
          durationMinutes: 50,
          modality: "presencial",
          mode: "request",
          audience: "existing",
          position: 3,
        },
        {
          name: "Sesión en línea",
          durationMinutes: 50,
          modality: "online",
          mode: "request",
          audience: "existing",
          position: 4,
        },
      ])
      .returning({ id: bookingServices.id });
    return rows.length;
  });
}

// ─── Free slots ──────────────────────────────────────────────────────────────────────────────────

/** Statuses that hold their time: a request, a confirmed appointment, an unexpired hold. */
export function holdsTime(now: Date) {
  return or(
    inArray(appointments.status, ["requested", "confirmed"]),
    and(eq(appointments.status, "held"), gt(appointments.holdExpiresAt, now)),
  );
}

/**
 * What holds time in a window: appointments (all but `except`), the busy times of her calendar,
 * closed days from the window's start. Read one after the other: inside a booking's transaction
 * this is one connection, which must not run two queries at once.
 */
export async function occupancy(
  db: Reader,
  windowStart: Date,
  windowEnd: Date,
  now: Date,
  except?: string,
) {
  const taken = await db
    .select({ start: appointments.startsAt, end: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        holdsTime(now),
        lt(appointments.startsAt, windowEnd),
        gt(appointments.endsAt, windowStart),
        except ? ne(appointments.id, except) : undefined,
      ),
    );
  const busy = await db
    .select({ start: busyTimes.startsAt, end: busyTimes.endsAt })
    .from(busyTimes)
    .where(and(lt(busyTimes.startsAt, windowEnd), gt(busyTimes.endsAt, windowStart)));
  const closed = await db
    .select({ startsOn: bookingExceptions.startsOn, endsOn: bookingExceptions.endsOn })
    .from(bookingExceptions)
    .where(
      gte(bookingExceptions.endsOn, madridDate(Math.min(windowStart.getTime(), now.getTime()))),
    );
  const span = (r: { start: Date; end: Date }): Span => ({
    start: r.start.getTime(),
    end: r.end.getTime(),
  });
  return { taken: taken.map(span), busy: busy.map(span), closed };
}

/** The free slots of a service between two Madrid dates (default: today to the horizon). */
export async function slotsFor(
  db: Reader,
  service: Pick<BookingService, "durationMinutes">,
  options: { now?: Date; from?: string; to?: string; config?: BookingConfig } = {},
): Promise<Slot[]> {
  const now = options.now ?? new Date();
  const config = options.config ?? (await getBookingConfig(db));
  // What could touch the days asked for, with a day's margin for buffers and the zone.
  const start = options.from ? new Date(`${options.from}T00:00:00Z`) : now;
  const windowStart = new Date(Math.min(start.getTime(), now.getTime()) - DAY_MS);
  const windowEnd = new Date(
    (options.to ? Date.parse(`${options.to}T00:00:00Z`) : now.getTime()) +
      (options.to ? 2 : config.horizonDays + 2) * DAY_MS,
  );
  const { taken, busy, closed } = await occupancy(db, windowStart, windowEnd, now);
  return freeSlots({
    config,
    durationMinutes: service.durationMinutes,
    closed,
    taken,
    busy,
    now: now.getTime(),
    from: options.from,
    to: options.to,
  });
}

// ─── A visitor's booking ─────────────────────────────────────────────────────────────────────────

export type BookResult =
  | { ok: true; id: string; status: "held" | "requested"; email: string }
  | (FormFailure & { status: 400 | 409 | 429 });

/** Why a hold was refused (a cap of holds.ts), as the visitor reads it. */
const HOLD_REFUSALS = {
  email: BOOKING_MESSAGES.holdOpen,
  domain: BOOKING_MESSAGES.holdsForDomain,
  ip: BOOKING_MESSAGES.holdsFromAddress,
} as const;

/**
 * Books a slot for a visitor: `held` until the e-mailed link confirms it (direct services) or
 * `requested` until the practice answers. The slot is re-checked under the practice's booking
 * lock, so two bookings of one slot never both succeed, whatever the number of instances. A hold
 * must also fit the caps on open holds (holds.ts: per e-mail, per domain, per client address),
 * checked under the same lock: a refusal stores nothing and sends nothing.
 */
export async function bookAppointment(
  db: Db,
  raw: Record<string, unknown>,
  client: { ip: string },
  now = new Date(),
): Promise<BookResult> {
  const parsed = parseWith(BookingSchema, raw);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const input = parsed.data;
  const firstVisit = input.firstVisit === "si";
  const [service] = await db
    .select()
    .from(bookingServices)
    .where(eq(bookingServices.id, Number(input.service)));
  if (!service || !service.active) {
    return { ...formFailure(null, { service: [BOOKING_MESSAGES.service] }), status: 400 };
  }
  if (servicesFor([service], firstVisit).length === 0) {
    return { ...formFailure(null, { service: [BOOKING_MESSAGES.notForYou] }), status: 400 };
  }
  const limited = await hitRateLimit(db, `booking:${client.ip}`, BOOKINGS_PER_HOUR, HOUR_MS);
  if (!limited.allowed) return { ...formFailure(BOOKING_MESSAGES.rateLimited), status: 429 };

  const start = Number(input.slot);
  const direct = service.mode === "direct";
  const confirm = direct ? newToken() : null;
  const manage = newToken();
  const id = randomUUID();
  const settings = await getSettings(db);
  const holdKey = `booking-hold:${client.ip}`;
  const booked = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    if (direct) {
      const open = await tx
        .select({ email: appointments.clientEmail })
        .from(appointments)
        .where(and(eq(appointments.status, "held"), gt(appointments.holdExpiresAt, now)));
      const refusal = holdRefusal(
        input.email,
        open.map((o) => o.email),
      );
      if (refusal) return refusal;
      if (!(await underRateLimit(tx, holdKey, HOLD_LIMITS.perIp, HOLD_MS))) return "ip" as const;
    }
    const date = madridDate(start);
    const free = await slotsFor(tx, service, { now, from: date, to: date });
    const slot = free.find((s) => s.start === start);
    if (!slot) return null;
    const [row] = await tx
      .insert(appointments)
      .values({
        id,
        serviceId: service.id,
        serviceName: service.name,
        modality: service.modality,
        startsAt: new Date(slot.start),
        endsAt: new Date(slot.end),
        status: direct ? "held" : "requested",
        holdExpiresAt: direct ? new Date(now.getTime() + HOLD_MS) : null,
        clientName: input.name,
        clientEmail: input.email,
        clientPhone: input.phone,
        firstVisit,
        note: input.note,
        consentAt: now,
        confirmTokenHash: confirm?.hash ?? null,
        manageTokenHash: manage.hash,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const mails = appointmentMails(row!, settings);
    const source = { kind: "appointment", id } as const;
    if (confirm) {
      // Counted in this transaction: only a hold actually stored counts against the address.
      await hitRateLimit(tx, holdKey, HOLD_LIMITS.perIp, HOLD_MS);
      await enqueueMail(tx, mails.confirmHold(confirm.token), source);
    } else {
      await enqueueMail(tx, mails.requestReceived(manage.token), source);
      await enqueueMail(tx, mails.newRequestNotice(), source);
    }
    await announceAgendaChange(tx);
    return row!;
  });
  if (!booked) return { ...formFailure(null, { slot: [BOOKING_MESSAGES.slotTaken] }), status: 409 };
  if (typeof booked === "string") return { ...formFailure(HOLD_REFUSALS[booked]), status: 429 };
  nudgeOutbox();
  return { ok: true, id: booked.id, status: direct ? "held" : "requested", email: input.email };
}

export type ConfirmResult =
  | { ok: true; appointment: Appointment; manageToken: string }
  | { ok: false; reason: "invalid" | "expired" | "taken" };

/**
 * The visitor confirms a held booking through the e-mailed link (once, within HOLD_MINUTES). The
 * manage link is new: the e-mail that confirms the appointment carries it, and so does the page
 * that answers (its 'Gestionar mi cita' and calendar file).
 */
export async function confirmHold(db: Db, token: string, now = new Date()): Promise<ConfirmResult> {
  if (!isToken(token)) return { ok: false, reason: "invalid" };
  const hash = hashToken(token);
  const settings = await getSettings(db);
  const result = await db.transaction(async (tx): Promise<ConfirmResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const [row] = await tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.confirmTokenHash, hash), eq(appointments.status, "held")));
    if (!row) return { ok: false, reason: "invalid" };
    if (!row.holdExpiresAt || row.holdExpiresAt <= now) return { ok: false, reason: "expired" };
    const manage = newToken();
    const [confirmed] = await tx
      .update(appointments)
      .set({
        status: "confirmed",
        holdExpiresAt: null,
        confirmTokenHash: null,
        manageTokenHash: manage.hash,
        updatedAt: now,
      })
      .where(eq(appointments.id, row.id))
      .returning();
    const mails = appointmentMails(confirmed!, settings);
    const source = { kind: "appointment", id: row.id } as const;
    await enqueueMail(tx, mails.confirmed(manage.token), source);
    await enqueueMail(tx, mails.newBookingNotice(), source);
    await announceAgendaChange(tx);
    return { ok: true, appointment: confirmed!, manageToken: manage.token };
  });
  if (result.ok) nudgeOutbox();
  return result;
}

/**
 * The appointment a link names: the one in its latest e-mail or any earlier one (every token an
 * appointment's e-mails carried is kept, hashed, in appointment_links), a manage link or a used
 * confirmation link alike; all went to the same address. `latest`: the link is the newest one.
 * Null when the link is unknown or the appointment is gone (erased, or past its retention).
 */
export async function appointmentByLink(db: Reader, token: string) {
  if (!isToken(token)) return null;
  const hash = hashToken(token);
  const [found] = await db
    .select({ row: appointments })
    .from(appointmentLinks)
    .innerJoin(appointments, eq(appointments.id, appointmentLinks.appointmentId))
    .where(eq(appointmentLinks.tokenHash, hash));
  return found ? { ...found.row, latest: found.row.manageTokenHash === hash } : null;
}

/** The appointment a manage link names, from its latest e-mail or an earlier one. */
export const appointmentByManageToken = appointmentByLink;

export type HoldView =
  | { state: "pending"; appointment: Appointment }
  | { state: "expired" }
  | { state: "used" }
  | { state: "invalid" };

/**
 * What a confirmation link opens, before anything changes (mail scanners open links): the held
 * appointment to confirm; a hold that has run out; a link already used (the appointment exists:
 * the page leads to it); or nothing.
 */
export async function holdView(db: Reader, token: string, now = new Date()): Promise<HoldView> {
  const row = await appointmentByLink(db, token);
  if (!row) return { state: "invalid" };
  if (row.status === "held" && row.confirmTokenHash === hashToken(token)) {
    return row.holdExpiresAt && row.holdExpiresAt > now
      ? { state: "pending", appointment: row }
      : { state: "expired" };
  }
  return { state: "used" };
}

// ─── The visitor's pages (/cita) ─────────────────────────────────────────────────────────────────

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What /cita shows for its query: services; a service's month of days; a day's hours; a slot. */
export async function bookingView(
  db: Db,
  query: {
    service?: string | null;
    month?: string | null;
    day?: string | null;
    slot?: string | null;
  },
  now = new Date(),
): Promise<BookingView> {
  const config = await getBookingConfig(db);
  const services: PublicService[] = (await listServices(db, { activeOnly: true })).map(
    ({ id, name, durationMinutes, modality, priceText, mode, audience }) => ({
      id,
      name,
      durationMinutes,
      modality,
      priceText,
      mode,
      audience,
    }),
  );
  const view: BookingView = {
    services,
    service: null,
    month: null,
    day: null,
    slot: null,
    slotGone: false,
    firstSlots: [],
    cancelHours: config.cancelHours,
  };
  const service = services.find((s) => String(s.id) === query.service);
  if (!service) return view;
  view.service = service;
  const today = madridDate(now.getTime());
  const lastDay = madridDate(now.getTime() + config.horizonDays * DAY_MS);
  if (query.slot && /^\d{12,14}$/.test(query.slot)) {
    const start = Number(query.slot);
    const date = madridDate(start);
    const free = await slotsFor(db, service, { now, from: date, to: date, config });
    const slot = free.find((s) => s.start === start);
    if (slot) view.slot = { start: slot.start, date: slot.date, time: slot.time };
    else view.slotGone = true;
    if (slot) return view;
  }
  // Every free slot to the horizon, once: the first few are offered as they are, the month
  // opens on the first one with a free day, and the month's days are counted from them.
  const free = await slotsFor(db, service, { now, config });
  view.firstSlots = firstFreeSlots(free);
  const asked = query.day && DATE.test(query.day) ? query.day : null;
  const opening = (free[0]?.date ?? today).slice(0, 7);
  let month =
    query.month && MONTH.test(query.month) ? query.month : (asked?.slice(0, 7) ?? opening);
  if (month < today.slice(0, 7)) month = today.slice(0, 7);
  if (month > lastDay.slice(0, 7)) month = lastDay.slice(0, 7);
  const slots = free.filter((s) => s.date.startsWith(month));
  const days: CalendarDay[] = [];
  for (let d = 1; d <= Number(lastOfMonth(month).slice(8)); d++) {
    const date = `${month}-${String(d).padStart(2, "0")}`;
    days.push({
      date,
      day: d,
      weekday: isoWeekday(date),
      free: slots.filter((s) => s.date === date).length,
    });
  }
  view.month = {
    value: month,
    previous: month > today.slice(0, 7) ? shiftMonth(month, -1) : null,
    next: month < lastDay.slice(0, 7) ? shiftMonth(month, 1) : null,
    days,
  };
  if (asked && asked.startsWith(month)) {
    view.day = {
      date: asked,
      slots: slots.filter((s) => s.date === asked).map((s) => ({ start: s.start, time: s.time })),
    };
  }
  return view;
}

/** How many free slots step 2 offers first, and how many of them may fall on one day. */
export const FIRST_SLOTS = { count: 5, perDay: 2 } as const;

/**
 * 'Primeros huecos libres': the earliest free slots, at most FIRST_SLOTS.perDay a day so the
 * few offered span several days.
 */
export function firstFreeSlots(free: Slot[]) {
  const chosen: { start: number; date: string; time: string }[] = [];
  const perDay = new Map<string, number>();
  for (const s of free) {
    const used = perDay.get(s.date) ?? 0;
    if (used >= FIRST_SLOTS.perDay) continue;
    perDay.set(s.date, used + 1);
    chosen.push({ start: s.start, date: s.date, time: s.time });
    if (chosen.length === FIRST_SLOTS.count) break;
  }
  return chosen;
}

function lastOfMonth(month: string) {
  const [y, m] = month.split("-").map(Number);
  const days = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, "0")}`;
}

function shiftMonth(month: string, by: number) {
  const [y, m] = month.split("-").map(Number);
  const date = new Date(Date.UTC(y!, m! - 1 + by, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** 1 = lunes … 7 = domingo, for a calendar date (no zone can move it). */
function isoWeekday(date: string) {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

// ─── The client's own link (/cita/gestionar) ─────────────────────────────────────────────────────

/** Statuses a client may still cancel or ask to move. */
const OPEN = ["held", "requested", "confirmed"];

/** Whether the client may still cancel or ask to move it (the window set in Ajustes). */
export function clientMayChange(
  row: Pick<Appointment, "status" | "startsAt">,
  cancelHours: number,
  now = new Date(),
) {
  return (
    OPEN.includes(row.status) && row.startsAt.getTime() - now.getTime() >= cancelHours * HOUR_MS
  );
}

/**
 * What the manage page shows, for the link of any of the appointment's e-mails: the appointment
 * as it is now, never the client's data beyond the name.
 */
export async function manageView(db: Db, token: string, now = new Date()) {
  const row = await appointmentByLink(db, token);
  if (!row) return null;
  const config = await getBookingConfig(db);
  return {
    clientName: row.clientName,
    /** The link is from an earlier e-mail (a later one carries a newer link to the same page). */
    earlierLink: !row.latest,
    serviceName: row.serviceName,
    modality: row.modality,
    startsAt: row.startsAt.toISOString(),
    status: row.status,
    changeRequested: row.changeRequestedAt !== null && OPEN.includes(row.status),
    mayChange: clientMayChange(row, config.cancelHours, now),
    // The video-call room, only to the client of a confirmed online session, until it ends.
    onlineLink:
      row.modality === "online" && row.status === "confirmed" && row.endsAt > now
        ? config.onlineLink
        : "",
    cancelHours: config.cancelHours,
  };
}

export const MANAGE_MESSAGES = {
  invalid:
    "No encontramos ninguna cita con este enlace. Ábrelo entero desde tu email o llámanos, por favor.",
  noLink:
    "Falta el enlace de tu cita: ábrela desde el botón del email y vuelve a intentarlo. No hemos cambiado nada.",
  tooLate:
    "Ya no se puede cambiar por aquí: falta poco para la cita. Escríbenos o llámanos, por favor.",
  changeTooLong: BOOKING_MESSAGES.changeRequestTooLong,
  changePending:
    "Ya enviaste una petición de cambio para esta cita; la consulta te responderá pronto. Si es urgente, escríbenos o llámanos.",
} as const;

export type ManageResult = { ok: true } | (FormFailure & { status: 400 | 404 | 409 });
export type CancelResult =
  | { ok: true; was: "held" | "requested" | "confirmed" }
  | (FormFailure & { status: 400 | 404 | 409 });

/** The appointment of a manage link, when the client may still change it. */
async function changeable(db: Db, token: string, now: Date) {
  const row = await appointmentByLink(db, token);
  if (!row) return { ...formFailure(MANAGE_MESSAGES.invalid), status: 404 as const };
  const config = await getBookingConfig(db);
  if (!clientMayChange(row, config.cancelHours, now)) {
    return { ...formFailure(MANAGE_MESSAGES.tooLate), status: 409 as const };
  }
  return row;
}

/** The client cancels through the manage link: both sides are told; the hour is free again. */
export async function cancelByClient(
  db: Db,
  token: string,
  now = new Date(),
): Promise<CancelResult> {
  const row = await changeable(db, token, now);
  if (!("id" in row)) return row;
  const settings = await getSettings(db);
  await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(appointments)
      .set({
        status: "cancelled",
        cancelledBy: "client",
        holdExpiresAt: null,
        confirmTokenHash: null,
        updatedAt: now,
      })
      .where(and(eq(appointments.id, row.id), inArray(appointments.status, OPEN)))
      .returning();
    if (!cancelled) return;
    // The hour is free again: the waitlist offers it (docs/decisions/024).
    if (row.status !== "held") await recordFreedSlot(tx, cancelled, "cancelacion", now);
    const mails = appointmentMails(cancelled, settings);
    const source = { kind: "appointment", id: cancelled.id } as const;
    await enqueueMail(tx, mails.cancelledByClient(), source);
    await enqueueMail(tx, mails.cancelledNotice(), source);
    await announceAgendaChange(tx);
  });
  nudgeOutbox();
  return { ok: true, was: row.status as "held" | "requested" | "confirmed" };
}

/**
 * The calendar file of the appointment a link names (any of its e-mails' links): as it is now,
 * so a request is 'pendiente de confirmar' (STATUS:TENTATIVE) and a cancelled one CANCELLED.
 */
export async function appointmentCalendarFile(db: Db, token: string) {
  const row = await appointmentByLink(db, token);
  if (!row) return null;
  const settings = await getSettings(db);
  return appointmentIcs(row, appointmentPlace(row, settings), settings.siteName);
}

/**
 * The client asks to move it (optionally saying when suits them); the practice is told. One open
 * request per appointment: until the practice answers it (moves the appointment, marks the request
 * answered, or cancels or declines the appointment), another is refused without storing or
 * e-mailing anything. The update is conditional, so of two requests sent at once one wins.
 */
export async function requestChangeByClient(
  db: Db,
  token: string,
  rawMessage: unknown,
  now = new Date(),
): Promise<ManageResult> {
  const parsed = parseWith(ChangeRequestSchema, { message: rawMessage ?? undefined });
  if (!parsed.ok) return { ...parsed, status: 400 };
  const { message } = parsed.data;
  const row = await changeable(db, token, now);
  if (!("id" in row)) return row;
  if (row.changeRequestedAt) {
    return { ...formFailure(MANAGE_MESSAGES.changePending), status: 409 };
  }
  const settings = await getSettings(db);
  const sent = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(appointments)
      .set({ changeRequest: message, changeRequestedAt: now, updatedAt: now })
      .where(
        and(
          eq(appointments.id, row.id),
          isNull(appointments.changeRequestedAt),
          inArray(appointments.status, OPEN),
        ),
      )
      .returning();
    if (!changed) return false;
    await enqueueMail(tx, appointmentMails(changed, settings).changeRequestNotice(), {
      kind: "appointment",
      id: row.id,
    });
    await announceAgendaChange(tx);
    return true;
  });
  if (!sent) return { ...formFailure(MANAGE_MESSAGES.changePending), status: 409 };
  nudgeOutbox();
  return { ok: true };
}
