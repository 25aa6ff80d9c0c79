import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "~/db/client.server";
import {
  appointments,
  auditLog,
  bookingConfig,
  bookingExceptions,
  bookingServices,
  busyTimes,
  mailOutbox,
  rateLimit,
} from "~/db/schema";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { answerChangeRequest } from "./agenda.server";
import {
  appointmentByManageToken,
  bookAppointment,
  BOOKINGS_PER_HOUR,
  confirmHold,
  HOLD_MS,
  MANAGE_MESSAGES,
  manageView,
  requestChangeByClient,
  slotsFor,
} from "./booking.server";
import { DEFAULT_BOOKING_CONFIG } from "./config";
import { HOLD_LIMITS } from "./holds";
import { BOOKING_MESSAGES } from "./messages";
import { moveAppointment } from "./staff.server";

// Monday 1 February 2027, 09:00 in Madrid; the practice opens 10:00–12:00 on Mondays.
const NOW = new Date("2027-02-01T08:00:00Z");
const TEN = Date.parse("2027-02-01T09:00:00Z");
const CONFIG = {
  ...DEFAULT_BOOKING_CONFIG,
  weekly: [{ weekday: 1, start: "10:00", end: "12:00" }],
  noticeHours: 0,
  bufferMinutes: 0,
  stepMinutes: 60,
};
const visitor = (over: Record<string, unknown> = {}) => ({
  service: "0",
  slot: String(TEN),
  name: "Lucía Pérez",
  email: "lucia@example.com",
  firstVisit: "si",
  note: "",
  consent: "on",
  ...over,
});
/** The token of the link in the last e-mail to `to` whose path is `path`. */
async function tokenIn(db: Db, to: string, path: string) {
  const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const text = mails.map((m) => m.text).join("\n");
  const match = [...text.matchAll(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`, "g"))].at(-1);
  return match?.[1];
}

describe.each(DRIVERS)("booking (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let direct = 0;
  let request = 0;
  beforeEach(async () => {
    await db.db.delete(appointments);
    await db.db.delete(mailOutbox);
    await db.db.delete(rateLimit);
    await db.db.delete(auditLog);
    await db.db.delete(busyTimes);
    await db.db.delete(bookingExceptions);
    await db.db.delete(bookingServices);
    await db.db
      .insert(bookingConfig)
      .values({ id: 1, data: CONFIG })
      .onConflictDoUpdate({ target: bookingConfig.id, set: { data: CONFIG } });
    const [a, b] = await db.db
      .insert(bookingServices)
      .values([
        { name: "Primera llamada", durationMinutes: 15, modality: "online", mode: "direct" },
        { name: "Sesión individual", durationMinutes: 50, modality: "presencial", mode: "request" },
      ])
      .returning();
    direct = a!.id;
    request = b!.id;
  });
  const book = (over: Record<string, unknown>, ip = "203.0.113.9", now = NOW) =>
    bookAppointment(db.db, visitor(over), { ip }, now);

  it("a request holds its slot until the practice answers and tells both sides by e-mail", async () => {
    const result = await book({ service: String(request) });
    expect(result).toMatchObject({ ok: true, status: "requested" });
    const [row] = await db.db.select().from(appointments);
    expect(row).toMatchObject({ status: "requested", serviceName: "Sesión individual" });
    expect(row!.endsAt.getTime() - row!.startsAt.getTime()).toBe(50 * 60_000);
    const mails = await db.db.select().from(mailOutbox);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Hemos recibido tu solicitud de cita",
      "Nueva solicitud de cita",
    ]);
    // The practice's notice names no client; the client's link names no person either.
    const notice = mails.find((m) => m.subject === "Nueva solicitud de cita")!;
    expect(notice.text).not.toContain("Lucía");
    expect(notice.text).not.toContain("lucia@example.com");
    const token = await tokenIn(db.db, "lucia@example.com", "/cita/gestionar");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await appointmentByManageToken(db.db, token!))?.id).toBe(row!.id);
    // The 10:00 slot is gone for everyone else.
    const slots = await slotsFor(db.db, { durationMinutes: 50 }, { now: NOW, to: "2027-02-01" });
    expect(slots.map((s) => s.time)).toEqual(["11:00"]);
    expect(await book({ service: String(request), email: "otra@example.com" })).toMatchObject({
      ok: false,
      fieldErrors: { slot: [BOOKING_MESSAGES.slotTaken] },
    });
  });

  it("a direct booking is held 15 minutes and confirmed once through the e-mailed link", async () => {
    expect(await book({ service: String(direct) })).toMatchObject({ ok: true, status: "held" });
    const token = await tokenIn(db.db, "lucia@example.com", "/cita/confirmar");
    expect(token).toBeTruthy();
    const confirmed = await confirmHold(db.db, token!, new Date(NOW.getTime() + 60_000));
    expect(confirmed).toMatchObject({ ok: true, appointment: { status: "confirmed" } });
    // The link works once; the confirmation e-mail brings a new manage link.
    expect(await confirmHold(db.db, token!, NOW)).toEqual({ ok: false, reason: "invalid" });
    const manage = await tokenIn(db.db, "lucia@example.com", "/cita/gestionar");
    expect((await appointmentByManageToken(db.db, manage!))?.status).toBe("confirmed");
    expect(await confirmHold(db.db, "x".repeat(43), NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("a hold lasts 15 minutes: then its slot is free and its link has expired", async () => {
    await book({ service: String(direct) });
    const [row] = await db.db.select().from(appointments);
    expect(row!.holdExpiresAt!.getTime() - NOW.getTime()).toBe(15 * 60_000);
    const token = await tokenIn(db.db, "lucia@example.com", "/cita/confirmar");
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000 + 1000);
    const slots = await slotsFor(db.db, { durationMinutes: 15 }, { now: at(15), to: "2027-02-01" });
    expect(slots.map((s) => s.time)).toEqual(["10:00", "11:00"]);
    expect(await confirmHold(db.db, token!, at(15))).toEqual({ ok: false, reason: "expired" });
    const [mail] = await db.db.select().from(mailOutbox);
    expect(mail!.text).toContain("en los próximos 15 minutos");
  });

  it("an unconfirmed hold frees its slot when it expires, and its link stops working", async () => {
    await book({ service: String(direct) });
    const token = await tokenIn(db.db, "lucia@example.com", "/cita/confirmar");
    const later = new Date(NOW.getTime() + HOLD_MS + 1000);
    const slots = await slotsFor(db.db, { durationMinutes: 15 }, { now: later, to: "2027-02-01" });
    expect(slots.map((s) => s.time)).toEqual(["10:00", "11:00"]);
    expect(await confirmHold(db.db, token!, later)).toEqual({ ok: false, reason: "expired" });
    // Someone else can now take it.
    expect(
      await book({ service: String(direct), email: "otra@example.com" }, "198.51.100.1", later),
    ).toMatchObject({ ok: true });
  });

  it("refuses what the rules do not offer: outside the hours, a closed day, a busy time, a service for others", async () => {
    const refusedSlot = { ok: false, fieldErrors: { slot: [BOOKING_MESSAGES.slotTaken] } };
    expect(
      await book({ slot: String(Date.parse("2027-02-01T12:00:00Z")), service: String(request) }),
    ).toMatchObject(refusedSlot);
    expect(await book({ slot: String(TEN + 30 * 60_000), service: String(request) })).toMatchObject(
      refusedSlot,
    );
    await db.db
      .insert(busyTimes)
      .values({ startsAt: new Date(TEN + 40 * 60_000), endsAt: new Date(TEN + 45 * 60_000) });
    expect(await book({ service: String(request) })).toMatchObject(refusedSlot);
    await db.db.delete(busyTimes);
    await db.db.insert(bookingExceptions).values({ startsOn: "2027-02-01", endsOn: "2027-02-01" });
    expect(await book({ service: String(request) })).toMatchObject(refusedSlot);
    await db.db.delete(bookingExceptions);
    await db.db
      .update(bookingServices)
      .set({ audience: "existing" })
      .where(eq(bookingServices.id, request));
    expect(await book({ service: String(request) })).toMatchObject({
      ok: false,
      fieldErrors: { service: [BOOKING_MESSAGES.notForYou] },
    });
    expect(await book({ service: "999999" })).toMatchObject({ ok: false, status: 400 });
    expect(await db.db.select().from(appointments)).toEqual([]);
    expect(await db.db.select().from(mailOutbox)).toEqual([]);
  });

  it("bad input gets Spanish messages and stores nothing", async () => {
    const result = await book({
      name: "",
      email: "no",
      consent: "",
      firstVisit: "tal vez",
      slot: "ayer",
    });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        name: [BOOKING_MESSAGES.nameRequired],
        email: [BOOKING_MESSAGES.emailInvalid],
        consent: [BOOKING_MESSAGES.consent],
        firstVisit: [BOOKING_MESSAGES.firstVisit],
        slot: [BOOKING_MESSAGES.slot],
      },
    });
    expect(await db.db.select().from(appointments)).toEqual([]);
  });

  it(`limits bookings to ${BOOKINGS_PER_HOUR} an hour from one address`, async () => {
    await db.db.update(bookingConfig).set({
      data: {
        ...CONFIG,
        stepMinutes: 15,
        weekly: [{ weekday: 1, start: "10:00", end: "20:00" }],
      },
    });
    await db.db.update(bookingServices).set({ durationMinutes: 15 });
    for (let i = 0; i < BOOKINGS_PER_HOUR; i++) {
      const slot = String(TEN + i * 15 * 60_000);
      expect(await book({ service: String(request), slot })).toMatchObject({ ok: true });
    }
    const slot = String(TEN + BOOKINGS_PER_HOUR * 15 * 60_000);
    expect(await book({ service: String(request), slot })).toMatchObject({
      ok: false,
      status: 429,
      formError: BOOKING_MESSAGES.rateLimited,
    });
    expect(await book({ service: String(request), slot }, "198.51.100.7")).toMatchObject({
      ok: true,
    });
  });

  it("20 simultaneous bookings of one slot: exactly one succeeds", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book({ service: String(request), email: `p${i}@example.com` }, `192.0.2.${i + 1}`),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.status === 409)).toHaveLength(19);
    expect(await db.db.select().from(appointments)).toHaveLength(1);
  });

  it.runIf(driver === "pg")("two instances on one PostgreSQL: still exactly one", async () => {
    const other = await openDatabase({ url: db.url! });
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          bookAppointment(
            i % 2 ? db.db : other.db,
            visitor({ service: String(request), email: `p${i}@example.com` }),
            { ip: `192.0.2.${i + 1}` },
            NOW,
          ),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(await db.db.select().from(appointments)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  describe("caps on unconfirmed holds (issue #32)", () => {
    beforeEach(async () => {
      await db.db.update(bookingConfig).set({
        data: {
          ...CONFIG,
          stepMinutes: 15,
          weekly: [{ weekday: 1, start: "10:00", end: "20:00" }],
        },
      });
    });
    /** The i-th quarter hour from 10:00. */
    const at = (i: number) => String(TEN + i * 15 * 60_000);
    const stored = async () => ({
      appointments: (await db.db.select().from(appointments)).length,
      mails: (await db.db.select().from(mailOutbox)).length,
    });

    it("one open hold per e-mail, aliases included: the next is refused and stores and sends nothing", async () => {
      const hold = (email: string, slot: number, ip: string, now = NOW) =>
        book({ service: String(direct), email, slot: at(slot) }, ip, now);
      expect(await hold("lucia.perez@gmail.com", 0, "192.0.2.1")).toMatchObject({ ok: true });
      expect(await stored()).toEqual({ appointments: 1, mails: 1 });
      const aliases = [
        "lucia.perez@gmail.com",
        "LuciaPerez@gmail.com",
        "lucia.perez+cita@googlemail.com",
      ];
      for (const [i, email] of aliases.entries()) {
        expect(await hold(email, i + 1, `192.0.2.${i + 10}`)).toMatchObject({
          ok: false,
          status: 429,
          formError: BOOKING_MESSAGES.holdOpen,
        });
      }
      expect(await stored()).toEqual({ appointments: 1, mails: 1 });
      // A request is not a hold: the practice answers it.
      expect(
        await book({ service: String(request), email: "lucia.perez@gmail.com", slot: at(8) }),
      ).toMatchObject({ ok: true, status: "requested" });
      // Once the hold has run out, the same person may book again.
      const later = new Date(NOW.getTime() + HOLD_MS + 1000);
      expect(await hold("lucia.perez@gmail.com", 20, "192.0.2.30", later)).toMatchObject({
        ok: true,
      });
    });

    it(`at most ${HOLD_LIMITS.perDomain} open holds per domain, ${HOLD_LIMITS.perSharedDomain} per shared webmail provider`, async () => {
      let n = 0;
      const hold = (email: string) =>
        book({ service: String(direct), email, slot: at(n++) }, `198.51.100.${n + 1}`);
      for (let i = 0; i < HOLD_LIMITS.perDomain; i++) {
        expect(await hold(`p${i}@consulta-falsa.es`)).toMatchObject({ ok: true });
      }
      // A subdomain is the same domain.
      expect(await hold("otra@mail.consulta-falsa.es")).toMatchObject({
        ok: false,
        status: 429,
        formError: BOOKING_MESSAGES.holdsForDomain,
      });
      for (let i = 0; i < HOLD_LIMITS.perSharedDomain; i++) {
        expect(await hold(`g${i}@gmail.com`)).toMatchObject({ ok: true });
      }
      expect(await hold("g9@gmail.com")).toMatchObject({ ok: false, status: 429 });
      // Other domains are not affected.
      expect(await hold("alguien@hotmail.es")).toMatchObject({ ok: true });
      expect(await stored()).toEqual({
        appointments: HOLD_LIMITS.perDomain + HOLD_LIMITS.perSharedDomain + 1,
        mails: HOLD_LIMITS.perDomain + HOLD_LIMITS.perSharedDomain + 1,
      });
    });

    it(`${HOLD_LIMITS.perIp} new holds per client address per hold period, counting only holds stored`, async () => {
      const hold = (email: string, slot: number, ip: string) =>
        book({ service: String(direct), email, slot: at(slot) }, ip);
      expect(await hold("a@uno.es", 0, "203.0.113.50")).toMatchObject({ ok: true });
      expect(await hold("b@dos.es", 1, "203.0.113.50")).toMatchObject({ ok: true });
      expect(await hold("c@tres.es", 2, "203.0.113.50")).toMatchObject({
        ok: false,
        status: 429,
        formError: BOOKING_MESSAGES.holdsFromAddress,
      });
      expect(await stored()).toEqual({ appointments: 2, mails: 2 });
      // A refused attempt (the hour was taken) does not use up the address's holds.
      expect(await hold("d@cuatro.es", 0, "203.0.113.60")).toMatchObject({ status: 409 });
      expect(await hold("d@cuatro.es", 3, "203.0.113.60")).toMatchObject({ ok: true });
      expect(await hold("e@cinco.es", 4, "203.0.113.60")).toMatchObject({ ok: true });
      expect(await hold("f@seis.es", 5, "203.0.113.60")).toMatchObject({ status: 429 });
    });

    it("ten holds for one e-mail at once, on ten hours: exactly one", async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          book({ service: String(direct), slot: at(i) }, `192.0.2.${i + 100}`),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(9);
      expect(await stored()).toEqual({ appointments: 1, mails: 1 });
    });
  });

  describe("change requests from the manage link (issue #32)", () => {
    const STAFF = { id: "u1", email: "editora@example.com" };
    let id = "";
    let token = "";
    beforeEach(async () => {
      await db.db.update(bookingConfig).set({ data: { ...CONFIG, cancelHours: 0 } });
      const booked = await book({ service: String(request) });
      if (!booked.ok) throw new Error(JSON.stringify(booked));
      id = booked.id;
      token = (await tokenIn(db.db, "lucia@example.com", "/cita/gestionar"))!;
      await db.db.delete(mailOutbox);
    });
    const notices = async () =>
      (await db.db.select().from(mailOutbox)).filter(
        (m) => m.subject === "Petición de cambio de cita",
      );
    const refused = { ok: false, status: 409, formError: MANAGE_MESSAGES.changePending };

    it("one link sends 8 change requests: one is stored and e-mailed, the rest are refused calmly", async () => {
      const results = [];
      for (let i = 0; i < 8; i++) {
        results.push(await requestChangeByClient(db.db, token, `Mejor el martes (${i})`, NOW));
      }
      expect(results[0]).toEqual({ ok: true });
      for (const result of results.slice(1)) expect(result).toMatchObject(refused);
      expect(await notices()).toHaveLength(1);
      const [row] = await db.db.select().from(appointments);
      expect(row!.changeRequest).toBe("Mejor el martes (0)");
      expect((await manageView(db.db, token, NOW))?.changeRequested).toBe(true);
    });

    it("two change requests at once: one is stored and e-mailed", async () => {
      const results = await Promise.all(
        ["Mejor el martes", "Mejor el jueves"].map((m) =>
          requestChangeByClient(db.db, token, m, NOW),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([expect.objectContaining(refused)]);
      expect(await notices()).toHaveLength(1);
    });

    it("once the practice answers it (keeps the hour, or moves the appointment), the client may ask again", async () => {
      expect(await requestChangeByClient(db.db, token, "Mejor por la tarde", NOW)).toEqual({
        ok: true,
      });
      expect(await answerChangeRequest(db.db, STAFF, id, "192.0.2.1")).toEqual({ ok: true });
      // Answered once.
      expect(await answerChangeRequest(db.db, STAFF, id, "192.0.2.1")).toMatchObject({
        ok: false,
        status: 409,
      });
      const [entry] = await db.db.select().from(auditLog);
      expect(entry).toMatchObject({ action: "appointment_change_answered", target: `cita:${id}` });
      expect((await manageView(db.db, token, NOW))?.changeRequested).toBe(false);
      expect(await requestChangeByClient(db.db, token, "Sigue sin irme bien", NOW)).toEqual({
        ok: true,
      });
      expect(await requestChangeByClient(db.db, token, "¿Y el viernes?", NOW)).toMatchObject(
        refused,
      );
      // Moving answers it too; the e-mail about the new time brings a new link.
      expect(
        await moveAppointment(db.db, STAFF, id, { date: "2027-02-01", time: "11:00" }, "ip", NOW),
      ).toMatchObject({ ok: true });
      const moved = (await tokenIn(db.db, "lucia@example.com", "/cita/gestionar"))!;
      expect(await requestChangeByClient(db.db, moved, "Perdona, otra vez", NOW)).toEqual({
        ok: true,
      });
      expect(await notices()).toHaveLength(3);
    });
  });
});
