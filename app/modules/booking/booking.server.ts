import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, gt, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  appointments,
  bookingConfig,
  bookingExceptions,
  bookingServices,
  busyTimes,
} from "~/db/schema";
import { enqueueMail, nudgeOutbox } from "~/modules/mail/outbox.server";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { getSettings } from "~/modules/settings/settings.server";
import { formFailure, type FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { BookingConfigSchema, type BookingConfig, DEFAULT_BOOKING_CONFIG } from "./config";
import { appointmentMails } from "./mails.server";
import { BOOKING_MESSAGES, BookingSchema } from "./schema";
import { freeSlots, madridDate, type Slot } from "./slots";

/**
 * Appointments (docs/decisions/015-appointments.md): the practice's services and rules, the free
 * slots, and a visitor's booking from request to confirmation.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Db | Tx;

export type BookingService = typeof bookingServices.$inferSelect;
export type Appointment = typeof appointments.$inferSelect;

/** A direct booking holds its slot this long, waiting for the visitor's e-mail confirmation. */
export const HOLD_MS = 30 * 60_000;
/** Bookings per client address and hour. */
export const BOOKINGS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** One lock for every booking of the practice (pg_advisory_xact_lock's key). */
const BOOKING_LOCK = 4_815_162_342;

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

// ─── Free slots ──────────────────────────────────────────────────────────────────────────────────

/** Statuses that hold their time: a request, a confirmed appointment, an unexpired hold. */
function holdsTime(now: Date) {
  return or(
    inArray(appointments.status, ["requested", "confirmed"]),
    and(eq(appointments.status, "held"), gt(appointments.holdExpiresAt, now)),
  );
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
  const [taken, busy, closed] = await Promise.all([
    db
      .select({ start: appointments.startsAt, end: appointments.endsAt })
      .from(appointments)
      .where(
        and(
          holdsTime(now),
          lt(appointments.startsAt, windowEnd),
          gt(appointments.endsAt, windowStart),
        ),
      ),
    db
      .select({ start: busyTimes.startsAt, end: busyTimes.endsAt })
      .from(busyTimes)
      .where(and(lt(busyTimes.startsAt, windowEnd), gt(busyTimes.endsAt, windowStart))),
    db
      .select({ startsOn: bookingExceptions.startsOn, endsOn: bookingExceptions.endsOn })
      .from(bookingExceptions)
      .where(gte(bookingExceptions.endsOn, madridDate(now.getTime()))),
  ]);
  const span = (r: { start: Date; end: Date }) => ({
    start: r.start.getTime(),
    end: r.end.getTime(),
  });
  return freeSlots({
    config,
    durationMinutes: service.durationMinutes,
    closed,
    taken: taken.map(span),
    busy: busy.map(span),
    now: now.getTime(),
    from: options.from,
    to: options.to,
  });
}

// ─── A visitor's booking ─────────────────────────────────────────────────────────────────────────

/** A random token for an e-mailed link, and the hash the database keeps of it. */
function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

export type BookResult =
  | { ok: true; id: string; status: "held" | "requested"; email: string }
  | (FormFailure & { status: 400 | 409 | 429 });

/**
 * Books a slot for a visitor: `held` until the e-mailed link confirms it (direct services) or
 * `requested` until the practice answers. The slot is re-checked under the practice's booking
 * lock, so two bookings of one slot never both succeed, whatever the number of instances.
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
    return { ...formFailure("", { service: [BOOKING_MESSAGES.service] }), status: 400 };
  }
  if (servicesFor([service], firstVisit).length === 0) {
    return { ...formFailure("", { service: [BOOKING_MESSAGES.notForYou] }), status: 400 };
  }
  const limited = await hitRateLimit(db, `booking:${client.ip}`, BOOKINGS_PER_HOUR, HOUR_MS);
  if (!limited.allowed) return { ...formFailure(BOOKING_MESSAGES.rateLimited), status: 429 };

  const start = Number(input.slot);
  const direct = service.mode === "direct";
  const confirm = direct ? newToken() : null;
  const manage = newToken();
  const id = randomUUID();
  const settings = await getSettings(db);
  const booked = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
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
    if (confirm) {
      await enqueueMail(tx, mails.confirmHold(confirm.token));
    } else {
      await enqueueMail(tx, mails.requestReceived(manage.token));
      await enqueueMail(tx, mails.newRequestNotice());
    }
    return row!;
  });
  if (!booked) return { ...formFailure("", { slot: [BOOKING_MESSAGES.slotTaken] }), status: 409 };
  nudgeOutbox();
  return { ok: true, id: booked.id, status: direct ? "held" : "requested", email: input.email };
}

export type ConfirmResult =
  { ok: true; appointment: Appointment } | { ok: false; reason: "invalid" | "expired" | "taken" };

/**
 * The visitor confirms a held booking through the e-mailed link (once, within 30 minutes). The
 * manage link is new: the e-mail that confirms the appointment carries it.
 */
export async function confirmHold(db: Db, token: string, now = new Date()): Promise<ConfirmResult> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: "invalid" };
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
    await enqueueMail(tx, mails.confirmed(manage.token));
    await enqueueMail(tx, mails.newBookingNotice());
    return { ok: true, appointment: confirmed! };
  });
  if (result.ok) nudgeOutbox();
  return result;
}

/** The appointment a manage link names (null when the link is unknown or the data are gone). */
export async function appointmentByManageToken(db: Reader, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(appointments)
    .where(eq(appointments.manageTokenHash, hashToken(token)));
  return row ?? null;
}
