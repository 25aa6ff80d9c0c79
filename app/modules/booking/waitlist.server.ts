import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  appointments,
  bookingServices,
  waitlistConfig,
  waitlistEntries,
  waitlistOffers,
  waitlistSlots,
} from "~/db/schema";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { getSettings } from "~/modules/settings/settings.server";
import { audit } from "~/platform/audit.server";
import { announceAgendaChange } from "~/platform/events.server";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import { hashToken, isToken, newToken } from "~/platform/tokens.server";
import { getEnv } from "~/utils/env.server";
import { type FormFailure, formFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { logger } from "~/utils/logger.server";
import { startPeriodicJob } from "~/platform/jobs.server";
import { BOOKING_LOCK, getBookingConfig } from "./booking.server";
import { appointmentMails, clientMail, practiceMail } from "./mails.server";
import { madridInstant, minutesOf } from "./slots";
import { conflictOf, occupancyAround } from "./staff.server";
import { recordFreedSlot } from "./freed-slots.server";
import { fits, holdMs, MIN_LEAD_MS, WAITLIST_MESSAGES, WaitlistSchema } from "./waitlist";
import { appointmentWhenText } from "./when";

/**
 * The waitlist (docs/decisions/024-waitlist-offers.md). A person joins from /cita when no hour
 * suits her and confirms by e-mail. When an hour frees (a cancellation, a move, or one the
 * practice releases), it is recorded in the same transaction (`recordFreedSlot`) and offered to
 * one person at a time, in order (existing clients first if the practice wants, then who joined
 * first), among those whose days and times it suits. The offer holds the hour (a `held`
 * appointment) for a while; not taken, the next person gets it. Everything that decides runs
 * under the booking lock, and one live offer per hour is a unique index: never two people at
 * once, never an hour already taken.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const DAY_MS = 24 * 60 * 60_000;
/** Joins per address (rate-limit bucket) per hour. */
const JOINS_PER_HOUR = 5;

export async function getWaitlistConfig(db: Pick<Db, "select">) {
  const [row] = await db.select().from(waitlistConfig).where(eq(waitlistConfig.id, 1));
  return row ?? { id: 1, holdMinutes: 120, existingFirst: true, approveFirst: false };
}

/** The practice's waitlist rules (the form on /admin/citas/lista-espera). */
export async function saveWaitlistConfig(
  db: Db,
  actor: { id: string; email: string },
  raw: { holdMinutes: unknown; existingFirst: unknown; approveFirst: unknown },
  ip: string,
): Promise<{ ok: true } | (FormFailure & { status: 400 })> {
  const minutes = Number(raw.holdMinutes);
  if (
    typeof raw.holdMinutes !== "string" ||
    !Number.isInteger(minutes) ||
    minutes < 15 ||
    minutes > 1440
  ) {
    return {
      ...formFailure(null, { holdMinutes: ["Escribe un número de minutos entre 15 y 1440."] }),
      status: 400,
    };
  }
  const values = {
    holdMinutes: minutes,
    existingFirst: raw.existingFirst === "on",
    approveFirst: raw.approveFirst === "on",
    updatedAt: new Date(),
  };
  await db
    .insert(waitlistConfig)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: waitlistConfig.id, set: values });
  await audit(db, { action: "waitlist_config_saved", actor, ip });
  return { ok: true };
}

const url = () => getEnv().PUBLIC_URL;
const leaveLink = (token: string) => ({
  href: `${url()}/cita/lista-espera/baja?token=${token}`,
  label: "Salir de la lista de espera",
});
const leaveLine = (token: string) =>
  `${leaveLink(token).label}, cuando quieras: ${leaveLink(token).href}`;

export type JoinResult = { ok: true; email: string } | (FormFailure & { status: 400 | 429 });

/** Joins the waitlist (pending until the e-mailed link is opened and its button pressed). */
export async function joinWaitlist(
  db: Db,
  raw: unknown,
  client: { ip: string },
  now = new Date(),
): Promise<JoinResult> {
  const parsed = parseWith(WaitlistSchema, raw);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const input = parsed.data;
  const [service] = await db
    .select()
    .from(bookingServices)
    .where(eq(bookingServices.id, input.service));
  if (!service || !service.active) {
    return { ...formFailure(null, { service: [WAITLIST_MESSAGES.service] }), status: 400 };
  }
  const limited = await hitRateLimit(db, `waitlist:${client.ip}`, JOINS_PER_HOUR, 60 * 60_000);
  if (!limited.allowed) return { ...formFailure(WAITLIST_MESSAGES.rateLimited), status: 429 };
  const confirm = newToken();
  const manage = newToken();
  const settings = await getSettings(db);
  const asap = input.asap === "on";
  await db.transaction(async (tx) => {
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({
        id: randomUUID(),
        serviceId: service.id,
        clientName: input.name,
        clientEmail: input.email,
        existingClient: input.existing === "si",
        asap,
        days: asap ? [] : input.days.map(Number),
        windows: asap ? [] : input.windows,
        status: "pendiente",
        confirmTokenHash: confirm.hash,
        manageTokenHash: manage.hash,
        consentAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await enqueueMail(
      tx,
      clientMail(
        settings,
        input.email,
        "Confirma que quieres estar en la lista de espera",
        [
          `Hola, ${input.name}:`,
          `Has pedido apuntarte a la lista de espera de «${service.name}». Para que quede hecho, abre el enlace de abajo y pulsa «Confirmar».`,
          "Cuando se libere una hora que te encaje, te la ofreceremos por email y te la guardaremos un tiempo para que decidas.",
          "Si no has sido tú, ignora este mensaje: sin confirmar no se te apunta.",
          leaveLine(manage.token),
        ],
        {
          href: `${url()}/cita/lista-espera/confirmar?token=${confirm.token}`,
          label: "Confirmar",
        },
      ),
      { kind: "waitlist", id: entry!.id },
    );
  });
  nudgeOutbox();
  return { ok: true, email: input.email };
}

async function entryByToken(db: Pick<Db, "select">, column: "confirm" | "manage", token: unknown) {
  if (!isToken(token)) return null;
  const hash = hashToken(token);
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(
      column === "confirm"
        ? eq(waitlistEntries.confirmTokenHash, hash)
        : eq(waitlistEntries.manageTokenHash, hash),
    );
  return row ?? null;
}

/** What a link's page shows (opening it changes nothing: mail scanners open links). */
export async function entryView(db: Db, kind: "confirm" | "manage", token: unknown) {
  const row = await entryByToken(db, kind, token);
  if (!row || row.status === "baja") return null;
  const [service] = await db
    .select({ name: bookingServices.name })
    .from(bookingServices)
    .where(eq(bookingServices.id, row.serviceId));
  return { name: row.clientName, service: service?.name ?? "", status: row.status };
}

export type WaitlistLinkResult = { ok: true } | (FormFailure & { status: 404 });
const invalidLink = () => ({ ...formFailure(WAITLIST_MESSAGES.invalid), status: 404 as const });
/** What the practice reads when an offer she approves or skips was answered meanwhile. */
const offerNotWaiting = () => ({
  ...formFailure("Esa oferta ya no espera tu aprobación: se ha respondido o ha caducado."),
  status: 404 as const,
});

/** The double opt-in: a pending entry becomes active (and takes its place in the list). */
export async function confirmEntry(db: Db, token: unknown, now = new Date()) {
  const row = await entryByToken(db, "confirm", token);
  if (!row || row.status === "baja") return invalidLink();
  if (row.status === "pendiente") {
    await db
      .update(waitlistEntries)
      .set({ status: "activa", joinedAt: now, confirmTokenHash: null, updatedAt: now })
      .where(and(eq(waitlistEntries.id, row.id), eq(waitlistEntries.status, "pendiente")));
  }
  await nudgeWaitlist(db, now);
  return { ok: true as const };
}

/** Leaves the list from any of its e-mails; an offer she had is withdrawn and passed on. */
export async function leaveWaitlist(db: Db, token: unknown, now = new Date()) {
  const row = (await entryByToken(db, "manage", token)) ?? (await offerByToken(db, token))?.entry;
  if (!row) return invalidLink();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    await closeLiveOffers(tx, eq(waitlistOffers.entryId, row.id), "retirada", now);
    await tx
      .update(waitlistEntries)
      .set({ status: "baja", confirmTokenHash: null, updatedAt: now })
      .where(eq(waitlistEntries.id, row.id));
  });
  await nudgeWaitlist(db, now);
  return { ok: true as const };
}

/** Ends the live offers a condition names: their held hours are let go. */
async function closeLiveOffers(tx: Tx, which: ReturnType<typeof eq>, status: string, now: Date) {
  const closed = await tx
    .update(waitlistOffers)
    .set({ status, decidedAt: now })
    .where(and(which, inArray(waitlistOffers.status, ["por-aprobar", "enviada"])))
    .returning();
  for (const offer of closed) {
    if (offer.appointmentId) {
      await tx
        .delete(appointments)
        .where(and(eq(appointments.id, offer.appointmentId), eq(appointments.status, "held")));
    }
    await tx
      .update(waitlistEntries)
      .set({ status: "activa", updatedAt: now })
      .where(and(eq(waitlistEntries.id, offer.entryId), eq(waitlistEntries.status, "ofrecida")));
    await tx
      .update(waitlistSlots)
      .set({ status: "abierta", updatedAt: now })
      .where(and(eq(waitlistSlots.id, offer.slotId), eq(waitlistSlots.status, "ofrecida")));
  }
  return closed;
}

/** The practice releases an hour by hand (a service, a day, a time): offered like a freed one. */
export async function releaseSlot(
  db: Db,
  actor: { id: string; email: string },
  raw: { service: unknown; date: unknown; time: unknown },
  ip: string,
  now = new Date(),
): Promise<{ ok: true } | (FormFailure & { status: 400 | 409 })> {
  const serviceId = Number(raw.service);
  const [service] = Number.isInteger(serviceId)
    ? await db.select().from(bookingServices).where(eq(bookingServices.id, serviceId))
    : [];
  if (!service)
    return { ...formFailure(null, { service: [WAITLIST_MESSAGES.service] }), status: 400 };
  const date =
    typeof raw.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(raw.date) ? raw.date : null;
  const time =
    typeof raw.time === "string" && /^([01]\d|2[0-3]):[0-5]\d$/.test(raw.time) ? raw.time : null;
  if (!date || !time) {
    return {
      ...formFailure(null, {
        ...(date ? {} : { date: ["Escribe un día válido."] }),
        ...(time ? {} : { time: ["Escribe una hora válida (hh:mm)."] }),
      }),
      status: 400,
    };
  }
  const start = madridInstant(date, minutesOf(time));
  if (start === null || start - now.getTime() < MIN_LEAD_MS) {
    return {
      ...formFailure(null, { time: ["Elige una hora con al menos dos horas de margen."] }),
      status: 400,
    };
  }
  const config = await getBookingConfig(db);
  const span = { start, end: start + service.durationMinutes * 60_000 };
  const refused = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const occupied = await occupancyAround(tx, span.start, span.end, now);
    if (conflictOf(span, occupied, config.bufferMinutes * 60_000, now)) return true;
    await recordFreedSlot(
      tx,
      { serviceId: service.id, startsAt: new Date(span.start), endsAt: new Date(span.end) },
      "liberada",
      now,
    );
    await audit(tx, { action: "waitlist_slot_released", actor, target: `hora:${start}`, ip });
    return false;
  });
  if (refused) {
    return {
      ...formFailure(null, { time: ["Esa hora no está libre en la agenda."] }),
      status: 409,
    };
  }
  await nudgeWaitlist(db, now);
  return { ok: true };
}

/** Entries that may be offered a slot, in the list's order. */
async function candidates(tx: Tx, slot: typeof waitlistSlots.$inferSelect, existingFirst: boolean) {
  const tried = tx
    .select({ id: waitlistOffers.entryId })
    .from(waitlistOffers)
    .where(eq(waitlistOffers.slotId, slot.id));
  const slotMinutes = (slot.endsAt.getTime() - slot.startsAt.getTime()) / 60_000;
  const rows = await tx
    .select({ entry: waitlistEntries, service: bookingServices })
    .from(waitlistEntries)
    .innerJoin(bookingServices, eq(bookingServices.id, waitlistEntries.serviceId))
    .where(
      and(
        eq(waitlistEntries.status, "activa"),
        eq(bookingServices.active, true),
        sql`${waitlistEntries.id} not in (${tried})`,
      ),
    )
    .orderBy(
      ...(existingFirst ? [desc(waitlistEntries.existingClient)] : []),
      asc(waitlistEntries.joinedAt),
      asc(waitlistEntries.createdAt),
    );
  return rows.filter(
    ({ entry, service }) =>
      // Her service, or another that fits in the hour's time.
      (slot.serviceId === service.id || service.durationMinutes <= slotMinutes) &&
      fits(entry, slot.startsAt),
  );
}

/**
 * Moves one freed hour on: an expired offer closes, a free hour goes to the next person who fits,
 * an hour taken meanwhile or too near is closed. Under the booking lock.
 */
type Rules = {
  config: Awaited<ReturnType<typeof getWaitlistConfig>>;
  bookingRules: Awaited<ReturnType<typeof getBookingConfig>>;
  settings: Awaited<ReturnType<typeof getSettings>>;
};

async function advance(db: Db, slotId: number, now: Date, rules: Rules) {
  const { config, bookingRules, settings } = rules;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const [slot] = await tx.select().from(waitlistSlots).where(eq(waitlistSlots.id, slotId));
    if (!slot || !["abierta", "ofrecida", "sin-candidatos"].includes(slot.status)) return false;
    const [live] = await tx
      .select()
      .from(waitlistOffers)
      .where(
        and(
          eq(waitlistOffers.slotId, slot.id),
          inArray(waitlistOffers.status, ["por-aprobar", "enviada"]),
        ),
      );
    if (live) {
      if (live.status !== "enviada" || live.expiresAt > now) return false;
      await closeLiveOffers(tx, eq(waitlistOffers.id, live.id), "caducada", now);
    }
    const close = async (status: string) => {
      await tx
        .update(waitlistSlots)
        .set({ status, updatedAt: now })
        .where(eq(waitlistSlots.id, slot.id));
      return true;
    };
    if (slot.startsAt.getTime() - now.getTime() < MIN_LEAD_MS) return close("pasada");
    const span = { start: slot.startsAt.getTime(), end: slot.endsAt.getTime() };
    const occupied = await occupancyAround(tx, span.start, span.end, now);
    if (conflictOf(span, occupied, bookingRules.bufferMinutes * 60_000, now)) {
      return close("ocupada");
    }
    const [next] = await candidates(tx, slot, config.existingFirst);
    if (!next) return slot.status === "sin-candidatos" ? false : close("sin-candidatos");
    await makeOffer(tx, slot, next, config, settings, now);
    await announceAgendaChange(tx);
    return true;
  });
}

/**
 * Creates the offer of a freed hour to one person: the hour held for her (a `held` appointment),
 * the offer (waiting for the practice's approval, or sent), and its e-mail. Under the booking lock.
 */
async function makeOffer(
  tx: Tx,
  slot: typeof waitlistSlots.$inferSelect,
  next: {
    entry: typeof waitlistEntries.$inferSelect;
    service: typeof bookingServices.$inferSelect;
  },
  config: { approveFirst: boolean; holdMinutes: number },
  settings: Awaited<ReturnType<typeof getSettings>>,
  now: Date,
) {
  const { entry, service } = next;
  const approve = config.approveFirst;
  const expiresAt = approve
    ? slot.startsAt
    : new Date(now.getTime() + holdMs(config.holdMinutes, slot.startsAt, now));
  const appointmentId = randomUUID();
  await tx.insert(appointments).values({
    id: appointmentId,
    serviceId: service.id,
    serviceName: service.name,
    modality: service.modality,
    startsAt: slot.startsAt,
    endsAt: new Date(slot.startsAt.getTime() + service.durationMinutes * 60_000),
    status: "held",
    holdExpiresAt: expiresAt,
    clientName: entry.clientName,
    clientEmail: entry.clientEmail,
    firstVisit: !entry.existingClient,
    consentAt: entry.consentAt,
    createdBy: "lista-espera",
  });
  const link = newToken();
  const [offer] = await tx
    .insert(waitlistOffers)
    .values({
      id: randomUUID(),
      slotId: slot.id,
      entryId: entry.id,
      appointmentId,
      status: approve ? "por-aprobar" : "enviada",
      tokenHash: link.hash,
      expiresAt,
    })
    .returning();
  await tx
    .update(waitlistEntries)
    .set({ status: "ofrecida", updatedAt: now })
    .where(eq(waitlistEntries.id, entry.id));
  await tx
    .update(waitlistSlots)
    .set({ status: "ofrecida", updatedAt: now })
    .where(eq(waitlistSlots.id, slot.id));
  if (approve) {
    await enqueueMail(
      tx,
      practiceMail(
        settings.contactEmail,
        "Una hora liberada espera tu aprobación",
        [
          `Se ha liberado una hora (${appointmentWhenText(slot.startsAt)}) y la siguiente persona de la lista de espera encaja.`,
          "Apruébala en la lista de espera para que le llegue la oferta.",
        ],
        { href: `${url()}/admin/citas/lista-espera`, label: "Abrir la lista de espera" },
      ),
    );
  } else {
    await sendOffer(tx, offer!, link.token, entry, service.name, settings);
  }
}

async function sendOffer(
  tx: Tx,
  offer: typeof waitlistOffers.$inferSelect,
  token: string,
  entry: typeof waitlistEntries.$inferSelect,
  serviceName: string,
  settings: Awaited<ReturnType<typeof getSettings>>,
) {
  const [slot] = await tx.select().from(waitlistSlots).where(eq(waitlistSlots.id, offer.slotId));
  const until = new Intl.DateTimeFormat("es-ES", {
    timeZone: "Europe/Madrid",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(offer.expiresAt);
  await enqueueMail(
    tx,
    clientMail(
      settings,
      entry.clientEmail,
      "Se ha liberado una hora para ti",
      [
        `Hola, ${entry.clientName}:`,
        `Se ha liberado una hora de «${serviceName}»: ${appointmentWhenText(slot!.startsAt)}.`,
        `Te la guardamos hasta las ${until}. Si te va bien, ábrela y pulsa «Reservar esta hora»; si no, pulsa «No me va bien» y se la ofreceremos a otra persona. Seguirás en la lista para la próxima.`,
        "Desde el mismo enlace puedes salir de la lista de espera.",
      ],
      { href: `${url()}/cita/lista-espera/oferta?token=${token}`, label: "Ver la hora" },
    ),
    { kind: "waitlist", id: entry.id },
  );
}

/** Offers every open hour it can, and closes expired offers; idempotent, any instance. */
export async function processWaitlist(db: Db, now = new Date()) {
  const open = await db
    .select({ id: waitlistSlots.id })
    .from(waitlistSlots)
    .where(
      and(
        inArray(waitlistSlots.status, ["abierta", "ofrecida", "sin-candidatos"]),
        gt(waitlistSlots.startsAt, now),
      ),
    )
    .orderBy(asc(waitlistSlots.startsAt));
  let moved = 0;
  // The rules, read once a pass (not once per hour).
  const rules: Rules | null = open.length
    ? {
        config: await getWaitlistConfig(db),
        bookingRules: await getBookingConfig(db),
        settings: await getSettings(db),
      }
    : null;
  for (const { id } of open) {
    // An hour can move on several times in one pass (an expired offer, then the next person).
    if (await advance(db, id, now, rules!)) moved++;
  }
  // Hours that went by while waiting.
  await db
    .update(waitlistSlots)
    .set({ status: "pasada", updatedAt: now })
    .where(
      and(
        inArray(waitlistSlots.status, ["abierta", "sin-candidatos"]),
        lt(waitlistSlots.startsAt, now),
      ),
    );
  if (moved) nudgeOutbox();
  return moved;
}

/**
 * Moves the list now, after something that may free or answer an hour has been committed (a
 * cancellation, a move, an answer, someone joining): a failure here is logged and left to the
 * job, never turned into an error for what was already done.
 */
export async function nudgeWaitlist(db: Db, now = new Date()) {
  try {
    await processWaitlist(db, now);
  } catch (error) {
    logger.error({ err: error }, "error al mover la lista de espera");
  }
}

/** Every minute: expired offers move on to the next person. */
export function startWaitlistJob(getDb: () => Promise<Db>, intervalMs = 60_000) {
  return startPeriodicJob(
    async () => {
      try {
        await processWaitlist(await getDb());
      } catch (error) {
        logger.error({ err: error }, "error al mover la lista de espera");
      }
    },
    { firstMs: 20_000, intervalMs },
  );
}

async function offerByToken(db: Pick<Db, "select">, token: unknown) {
  if (!isToken(token)) return null;
  const [row] = await db
    .select({ offer: waitlistOffers, slot: waitlistSlots, entry: waitlistEntries })
    .from(waitlistOffers)
    .innerJoin(waitlistSlots, eq(waitlistSlots.id, waitlistOffers.slotId))
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(eq(waitlistOffers.tokenHash, hashToken(token)));
  return row ?? null;
}

/** The offer's page: the hour, until when it is held, or null when it no longer stands. */
export async function offerView(db: Db, token: unknown, now = new Date()) {
  const row = await offerByToken(db, token);
  if (!row || row.offer.status !== "enviada" || row.offer.expiresAt <= now) return null;
  const [appointment] = await db
    .select({ serviceName: appointments.serviceName })
    .from(appointments)
    .where(eq(appointments.id, row.offer.appointmentId ?? ""));
  return {
    name: row.entry.clientName,
    service: appointment?.serviceName ?? "",
    when: appointmentWhenText(row.slot.startsAt),
    until: row.offer.expiresAt.toISOString(),
  };
}

export type OfferResult =
  { ok: true; when: string; appointmentId: string } | (FormFailure & { status: 404 | 409 });

/** She takes the offered hour: the held appointment is confirmed and she gets its e-mail. */
export async function acceptOffer(db: Db, token: unknown, now = new Date()): Promise<OfferResult> {
  const found = await offerByToken(db, token);
  if (!found) return invalidLink();
  const settings = await getSettings(db);
  const manage = newToken();
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const [offer] = await tx
      .select()
      .from(waitlistOffers)
      .where(eq(waitlistOffers.id, found.offer.id));
    if (!offer || offer.status !== "enviada" || offer.expiresAt <= now) return null;
    const [booked] = await tx
      .update(appointments)
      .set({
        status: "confirmed",
        holdExpiresAt: null,
        manageTokenHash: manage.hash,
        updatedAt: now,
      })
      .where(and(eq(appointments.id, offer.appointmentId ?? ""), eq(appointments.status, "held")))
      .returning();
    if (!booked) return null;
    await tx
      .update(waitlistOffers)
      .set({ status: "aceptada", decidedAt: now })
      .where(eq(waitlistOffers.id, offer.id));
    await tx
      .update(waitlistEntries)
      .set({ status: "reservada", updatedAt: now })
      .where(eq(waitlistEntries.id, offer.entryId));
    await tx
      .update(waitlistSlots)
      .set({ status: "cubierta", updatedAt: now })
      .where(eq(waitlistSlots.id, offer.slotId));
    const mails = appointmentMails(booked, settings);
    const source = { kind: "appointment", id: booked.id } as const;
    await enqueueMail(tx, mails.confirmed(manage.token), source);
    await enqueueMail(
      tx,
      practiceMail(
        settings.contactEmail,
        "Una hora liberada se ha vuelto a reservar",
        [
          `${booked.clientName}, de la lista de espera, ha reservado la hora que se liberó: ${booked.serviceName} · ${appointmentWhenText(booked.startsAt)}.`,
        ],
        { href: `${url()}/admin/citas`, label: "Abrir la agenda" },
      ),
      source,
    );
    await announceAgendaChange(tx);
    return { when: appointmentWhenText(booked.startsAt), appointmentId: booked.id };
  });
  if (outcome === null) return { ...formFailure(WAITLIST_MESSAGES.offerGone), status: 409 };
  nudgeOutbox();
  return { ok: true, ...outcome };
}

/** 'No me va bien': the hour goes to the next person; she stays on the list. */
export async function declineOffer(db: Db, token: unknown, now = new Date()) {
  const found = await offerByToken(db, token);
  if (!found) return invalidLink();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    await closeLiveOffers(tx, eq(waitlistOffers.id, found.offer.id), "rechazada", now);
  });
  await nudgeWaitlist(db, now);
  return { ok: true as const };
}

/** The practice approves an offer waiting for it: the e-mail goes and the hold starts now. */
export async function approveOffer(
  db: Db,
  actor: { id: string; email: string },
  id: unknown,
  ip: string,
  now = new Date(),
): Promise<{ ok: true } | (FormFailure & { status: 404 })> {
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id)) return offerNotWaiting();
  const config = await getWaitlistConfig(db);
  const settings = await getSettings(db);
  const done = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const [row] = await tx
      .select({ offer: waitlistOffers, slot: waitlistSlots, entry: waitlistEntries })
      .from(waitlistOffers)
      .innerJoin(waitlistSlots, eq(waitlistSlots.id, waitlistOffers.slotId))
      .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
      .where(and(eq(waitlistOffers.id, id), eq(waitlistOffers.status, "por-aprobar")));
    if (!row) return false;
    const link = newToken();
    const expiresAt = new Date(now.getTime() + holdMs(config.holdMinutes, row.slot.startsAt, now));
    const [offer] = await tx
      .update(waitlistOffers)
      .set({ status: "enviada", tokenHash: link.hash, expiresAt })
      .where(eq(waitlistOffers.id, id))
      .returning();
    await tx
      .update(appointments)
      .set({ holdExpiresAt: expiresAt })
      .where(eq(appointments.id, offer!.appointmentId ?? ""));
    const [service] = await tx
      .select({ name: bookingServices.name })
      .from(bookingServices)
      .where(eq(bookingServices.id, row.entry.serviceId));
    await sendOffer(tx, offer!, link.token, row.entry, service?.name ?? "", settings);
    await audit(tx, { action: "waitlist_offer_approved", actor, target: `oferta:${id}`, ip });
    return true;
  });
  if (!done) return offerNotWaiting();
  nudgeOutbox();
  return { ok: true };
}

/**
 * The practice offers a freed hour to a person she chooses (out of the list's order): sent at
 * once, with the usual hold. Refused when the hour is already offered, taken or too near.
 */
export async function offerTo(
  db: Db,
  actor: { id: string; email: string },
  raw: { slot: unknown; entry: unknown },
  ip: string,
  now = new Date(),
): Promise<{ ok: true } | (FormFailure & { status: 400 | 404 | 409 })> {
  const slotId = Number(raw.slot);
  const entryId = raw.entry;
  if (
    !Number.isInteger(slotId) ||
    typeof entryId !== "string" ||
    !/^[0-9a-f-]{36}$/.test(entryId)
  ) {
    return { ...formFailure(null, { entry: ["Elige a quién ofrecer la hora."] }), status: 400 };
  }
  const config = await getWaitlistConfig(db);
  const rules = await getBookingConfig(db);
  const settings = await getSettings(db);
  const refusal = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const [slot] = await tx.select().from(waitlistSlots).where(eq(waitlistSlots.id, slotId));
    if (!slot || !["abierta", "sin-candidatos"].includes(slot.status)) {
      return "Esa hora ya no se puede ofrecer: está ofrecida, reservada o ya ha pasado.";
    }
    const span = { start: slot.startsAt.getTime(), end: slot.endsAt.getTime() };
    const occupied = await occupancyAround(tx, span.start, span.end, now);
    if (
      span.start - now.getTime() < MIN_LEAD_MS ||
      conflictOf(span, occupied, rules.bufferMinutes * 60_000, now)
    ) {
      return "Esa hora ya no está libre en la agenda.";
    }
    const [next] = await tx
      .select({ entry: waitlistEntries, service: bookingServices })
      .from(waitlistEntries)
      .innerJoin(bookingServices, eq(bookingServices.id, waitlistEntries.serviceId))
      .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.status, "activa")));
    if (!next)
      return "Esa persona ya no espera (tiene otra oferta, ya tiene cita o se dio de baja).";
    await makeOffer(tx, slot, next, { ...config, approveFirst: false }, settings, now);
    await announceAgendaChange(tx);
    await audit(tx, { action: "waitlist_offer_manual", actor, target: `hora:${slot.id}`, ip });
    return null;
  });
  if (refusal) return { ...formFailure(refusal), status: 409 };
  nudgeOutbox();
  return { ok: true };
}

/** The practice skips the person an offer waits for: the hour goes to the next one. */
export async function skipOffer(
  db: Db,
  actor: { id: string; email: string },
  id: unknown,
  ip: string,
  now = new Date(),
) {
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id)) return offerNotWaiting();
  const closed = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const ended = await closeLiveOffers(tx, eq(waitlistOffers.id, id), "retirada", now);
    if (ended.length) {
      await audit(tx, { action: "waitlist_offer_skipped", actor, target: `oferta:${id}`, ip });
    }
    return ended.length;
  });
  if (!closed) return offerNotWaiting();
  await nudgeWaitlist(db, now);
  return { ok: true as const };
}

/** The back office: each service's list in order, and what happened to each freed hour. */
export async function waitlistOverview(db: Db, now = new Date()) {
  const config = await getWaitlistConfig(db);
  const entries = await db
    .select({ entry: waitlistEntries, service: bookingServices.name })
    .from(waitlistEntries)
    .innerJoin(bookingServices, eq(bookingServices.id, waitlistEntries.serviceId))
    .where(inArray(waitlistEntries.status, ["pendiente", "activa", "ofrecida"]))
    .orderBy(
      asc(bookingServices.position),
      ...(config.existingFirst ? [desc(waitlistEntries.existingClient)] : []),
      asc(waitlistEntries.joinedAt),
    );
  const slots = await db
    .select()
    .from(waitlistSlots)
    .where(gt(waitlistSlots.startsAt, new Date(now.getTime() - 30 * DAY_MS)))
    .orderBy(desc(waitlistSlots.startsAt))
    .limit(50);
  const offers = slots.length
    ? await db
        .select({ offer: waitlistOffers, name: waitlistEntries.clientName })
        .from(waitlistOffers)
        .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
        .where(
          inArray(
            waitlistOffers.slotId,
            slots.map((s) => s.id),
          ),
        )
        .orderBy(asc(waitlistOffers.createdAt))
    : [];
  return {
    config,
    entries: entries.map(({ entry, service }) => ({
      id: entry.id,
      service,
      name: entry.clientName,
      email: entry.clientEmail,
      existingClient: entry.existingClient,
      asap: entry.asap,
      days: entry.days,
      windows: entry.windows,
      status: entry.status,
      joinedAt: (entry.joinedAt ?? entry.createdAt).toISOString(),
    })),
    slots: slots.map((slot) => ({
      id: slot.id,
      startsAt: slot.startsAt.toISOString(),
      reason: slot.reason,
      status: slot.status,
      offers: offers
        .filter((o) => o.offer.slotId === slot.id)
        .map((o) => ({
          id: o.offer.id,
          name: o.name,
          status: o.offer.status,
          expiresAt: o.offer.expiresAt.toISOString(),
        })),
    })),
  };
}

// ─── RGPD and retention ─────────────────────────────────────────────────────────────────────────

/** A person's waitlist entries (RGPD export), by e-mail address. */
export async function waitlistOf(db: Pick<Db, "select">, address: string) {
  return db
    .select({
      id: waitlistEntries.id,
      servicio: bookingServices.name,
      nombre: waitlistEntries.clientName,
      email: waitlistEntries.clientEmail,
      yaEsCliente: waitlistEntries.existingClient,
      loAntesPosible: waitlistEntries.asap,
      dias: waitlistEntries.days,
      franjas: waitlistEntries.windows,
      estado: waitlistEntries.status,
      consentimiento: waitlistEntries.consentAt,
      alta: waitlistEntries.joinedAt,
    })
    .from(waitlistEntries)
    .innerJoin(bookingServices, eq(bookingServices.id, waitlistEntries.serviceId))
    .where(sql`lower(${waitlistEntries.clientEmail}) = lower(${address})`);
}

/** The e-mails that carried a person's entries (erase reaches the outbox and its .eml files). */
export async function waitlistMailSources(db: Pick<Db, "select">, address: string) {
  const rows = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(sql`lower(${waitlistEntries.clientEmail}) = lower(${address})`);
  return rows.map((r) => ({ kind: "waitlist" as const, id: r.id }));
}

/** Erases a person's entries (their offers go with them; held hours are let go). */
export async function eraseWaitlistOf(tx: Pick<Db, "delete" | "select">, address: string) {
  const rows = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(sql`lower(${waitlistEntries.clientEmail}) = lower(${address})`);
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  const held = await tx
    .select({ id: waitlistOffers.appointmentId })
    .from(waitlistOffers)
    .where(
      and(
        inArray(waitlistOffers.entryId, ids),
        inArray(waitlistOffers.status, ["por-aprobar", "enviada"]),
      ),
    );
  for (const { id } of held) {
    if (id)
      await tx
        .delete(appointments)
        .where(and(eq(appointments.id, id), eq(appointments.status, "held")));
  }
  await tx.delete(waitlistEntries).where(inArray(waitlistEntries.id, ids));
  return rows.length;
}

/** How long an entry that ended (booked, left) or was never confirmed is kept. */
export const WAITLIST_RETENTION = { endedDays: 30, unconfirmedDays: 7, slotsDays: 90 } as const;

/** Retention: ended entries after 30 days, unconfirmed after 7, freed hours' history after 90. */
export async function purgeWaitlist(db: Pick<Db, "delete">, now = new Date()) {
  const ended = await db
    .delete(waitlistEntries)
    .where(
      or(
        and(
          inArray(waitlistEntries.status, ["reservada", "baja"]),
          lt(
            waitlistEntries.updatedAt,
            new Date(now.getTime() - WAITLIST_RETENTION.endedDays * DAY_MS),
          ),
        ),
        and(
          eq(waitlistEntries.status, "pendiente"),
          lt(
            waitlistEntries.createdAt,
            new Date(now.getTime() - WAITLIST_RETENTION.unconfirmedDays * DAY_MS),
          ),
        ),
      ),
    )
    .returning({ id: waitlistEntries.id });
  await db
    .delete(waitlistSlots)
    .where(
      lt(waitlistSlots.startsAt, new Date(now.getTime() - WAITLIST_RETENTION.slotsDays * DAY_MS)),
    );
  return ended.length;
}
