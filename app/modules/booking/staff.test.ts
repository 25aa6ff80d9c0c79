import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  appointmentReminders,
  appointments,
  auditLog,
  bookingExceptions,
  bookingServices,
  busyTimes,
  mailOutbox,
} from "~/db/schema";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { appointmentByManageToken } from "./booking.server";
import { queueDueReminders } from "./reminders.server";
import { bookByStaff, CONFLICTS, moveAppointment } from "./staff.server";
import { STAFF_MESSAGES } from "./staff-schema";

const NOW = new Date("2027-02-20T09:00:00Z");
const STAFF = { id: "u1", email: "editora@example.com" };
const IP = "192.0.2.1";
const CLIENT = { name: "Lucía Pérez", email: "Lucia@Example.com", phone: "600 000 000" };

/** The manage tokens an e-mail carries, in order. */
const tokensIn = (text: string) => [...text.matchAll(/token=([\w-]{43})/g)].map((m) => m[1]!);
const madrid = (d: Date) => d.toLocaleString("sv-SE", { timeZone: "Europe/Madrid" }).slice(0, 16);

describe.each(DRIVERS)("staff booking and moving (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let service = "";
  beforeEach(async () => {
    for (const table of [
      appointmentReminders,
      appointments,
      mailOutbox,
      auditLog,
      bookingExceptions,
      busyTimes,
      bookingServices,
    ]) {
      await db.db.delete(table);
    }
    const [row] = await db.db
      .insert(bookingServices)
      .values({
        name: "Sesión de seguimiento",
        durationMinutes: 50,
        modality: "presencial",
        active: false,
      })
      .returning();
    service = String(row!.id);
  });

  const book = (fields: Record<string, string>, now = NOW) =>
    bookByStaff(db.db, STAFF, { service, ...CLIENT, ...fields }, IP, now);

  it("books one appointment, confirmed, even outside the web's hours and for a service not offered there", async () => {
    // Saturday 11:00: no web hours that day.
    const result = await book({ date: "2027-03-06", time: "11:00" });
    expect(result).toMatchObject({ ok: true, skipped: [] });
    const rows = await db.db.select().from(appointments);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "confirmed",
      clientEmail: "lucia@example.com",
      firstVisit: false,
      consentAt: null,
      createdBy: "u1",
      seriesId: null,
    });
    expect(madrid(rows[0]!.startsAt)).toBe("2027-03-06 11:00");
    const mails = await db.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "lucia@example.com", subject: "Tu cita está confirmada" });
    expect(mails[0]!.attachments![0]!.content).toContain("STATUS:CONFIRMED");
    const [token] = tokensIn(mails[0]!.text);
    expect((await appointmentByManageToken(db.db, token!))?.id).toBe(rows[0]!.id);
    const [entry] = await db.db.select().from(auditLog);
    expect(entry).toMatchObject({ action: "appointment_booked", target: `cita:${rows[0]!.id}` });
    expect(JSON.stringify(entry)).not.toMatch(/Lucía|lucia@/i);
  });

  it("books a weekly series across the March clock change, skipping a closed day, another appointment and a busy time, and lists why", async () => {
    await db.db
      .insert(bookingExceptions)
      .values({ startsOn: "2027-03-15", endsOn: "2027-03-15", note: "Festivo" });
    await book({ date: "2027-03-22", time: "10:30", email: "otra@example.com" });
    await db.db.insert(busyTimes).values({
      startsAt: new Date("2027-03-29T08:00:00Z"), // 10:00 in Madrid (summer time)
      endsAt: new Date("2027-03-29T09:00:00Z"),
    });
    await db.db.delete(mailOutbox);

    const result = await book({
      date: "2027-03-01",
      time: "10:00",
      repeat: "weekly",
      sessions: "6",
    });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.booked.map((b) => b.when)).toEqual([
      "lunes, 1 de marzo de 2027, 10:00",
      "lunes, 8 de marzo de 2027, 10:00",
      "lunes, 5 de abril de 2027, 10:00",
    ]);
    expect(result.skipped).toEqual([
      { when: "lunes, 15 de marzo de 2027, 10:00", reason: CONFLICTS.closed },
      { when: "lunes, 22 de marzo de 2027, 10:00", reason: CONFLICTS.taken },
      { when: "lunes, 29 de marzo de 2027, 10:00", reason: CONFLICTS.busy },
    ]);
    const series = await db.db
      .select()
      .from(appointments)
      .where(eq(appointments.clientEmail, "lucia@example.com"));
    expect(series.map((r) => madrid(r.startsAt)).sort()).toEqual([
      "2027-03-01 10:00",
      "2027-03-08 10:00",
      "2027-04-05 10:00",
    ]);
    expect(new Set(series.map((r) => r.seriesId)).size).toBe(1);
    expect(series[0]!.seriesId).not.toBeNull();
    // One e-mail: each session with its own link, one calendar file with the three.
    const mails = await db.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Tus próximas citas");
    const tokens = tokensIn(mails[0]!.text);
    expect(new Set(tokens).size).toBe(3);
    const named = await Promise.all(tokens.map((t) => appointmentByManageToken(db.db, t)));
    expect(new Set(named.map((r) => r!.id))).toEqual(new Set(series.map((r) => r.id)));
    expect(mails[0]!.attachments![0]!.filename).toBe("citas.ics");
    expect(mails[0]!.attachments![0]!.content.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(await db.db.select().from(auditLog)).toHaveLength(4);
  });

  it("books every two weeks, and skips an hour that does not exist on the night of the change", async () => {
    const fortnightly = await book({
      date: "2027-03-14",
      time: "02:30",
      repeat: "fortnightly",
      sessions: "3",
    });
    if (!fortnightly.ok) throw new Error(JSON.stringify(fortnightly));
    expect(fortnightly.booked.map((b) => b.when)).toEqual([
      "domingo, 14 de marzo de 2027, 02:30",
      "domingo, 11 de abril de 2027, 02:30",
    ]);
    expect(fortnightly.skipped).toEqual([
      { when: "domingo, 28 de marzo de 2027, 02:30", reason: CONFLICTS.noSuchHour },
    ]);
    const single = await book({ date: "2027-03-28", time: "02:15" });
    expect(single).toMatchObject({ ok: false, status: 409 });
  });

  it("refuses a taken time for one appointment, storing and sending nothing", async () => {
    await book({ date: "2027-03-02", time: "10:00" });
    await db.db.delete(mailOutbox);
    // 10:55 starts within the 10-minute buffer after 10:50.
    const result = await book({ date: "2027-03-02", time: "10:55", email: "otra@example.com" });
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      formError: `Esa hora no está libre: ${CONFLICTS.taken}.`,
    });
    expect(await db.db.select().from(appointments)).toHaveLength(1);
    expect(await db.db.select().from(mailOutbox)).toHaveLength(0);
    expect(await book({ date: "2027-02-19", time: "10:00" })).toMatchObject({
      ok: false,
      formError: `Esa hora no está libre: ${CONFLICTS.past}.`,
    });
  });

  it("answers bad input with Spanish messages and stores nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: "2027-02-30", time: "10:00" }, "date", STAFF_MESSAGES.date],
      [{ date: "2027-03-01", time: "25:00" }, "time", STAFF_MESSAGES.time],
      [{ date: "2027-03-01", time: "10:00", name: " " }, "name", STAFF_MESSAGES.nameRequired],
      [{ date: "2027-03-01", time: "10:00", email: "no" }, "email", STAFF_MESSAGES.emailInvalid],
      [
        { date: "2027-03-01", time: "10:00", repeat: "weekly", sessions: "40" },
        "sessions",
        STAFF_MESSAGES.sessions,
      ],
      [{ date: "2027-03-01", time: "10:00", repeat: "daily" }, "repeat", STAFF_MESSAGES.repeat],
      [{ date: "2027-03-01", time: "10:00", service: "999999" }, "service", "Elige un servicio."],
      [{ date: ["2027-03-01"], time: "10:00" }, "date", STAFF_MESSAGES.date],
    ];
    for (const [fields, field, message] of cases) {
      const result = await bookByStaff(db.db, STAFF, { service, ...CLIENT, ...fields }, IP, NOW);
      expect(result, field).toMatchObject({ ok: false, status: 400 });
      expect(!result.ok && result.fieldErrors[field], field).toEqual([message]);
    }
    expect(await db.db.select().from(appointments)).toHaveLength(0);
  });

  it("twenty staff bookings of one time at once: exactly one is kept", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book({ date: "2027-03-03", time: "12:00", email: `c${i}@example.com` }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await db.db.select().from(appointments)).toHaveLength(1);
  });

  it("moves an appointment: new time, the client told with the same calendar event, reminders again, the old link still opens it as it is now", async () => {
    await book({ date: "2027-03-02", time: "10:00" });
    const [row] = await db.db.select().from(appointments);
    const [first] = await db.db.select().from(mailOutbox);
    const [oldToken] = tokensIn(first!.text);
    await db.db.update(appointments).set({
      changeRequest: "Mejor por la tarde",
      changeRequestedAt: NOW,
    });
    // The 48-hour reminder of the old time was already queued.
    expect(await queueDueReminders(db.db, new Date("2027-02-28T10:00:00Z"))).toBe(1);
    await db.db.delete(mailOutbox);

    await book({ date: "2027-03-04", time: "17:00", email: "otra@example.com" });
    await db.db.delete(mailOutbox);
    expect(
      await moveAppointment(db.db, STAFF, row!.id, { date: "2027-03-04", time: "17:30" }, IP, NOW),
    ).toMatchObject({
      ok: false,
      status: 409,
      formError: `Esa hora no está libre: ${CONFLICTS.taken}.`,
    });

    const moved = await moveAppointment(
      db.db,
      STAFF,
      row!.id,
      { date: "2027-03-04", time: "18:30", message: "Te va mejor por la tarde." },
      IP,
      NOW,
    );
    expect(moved).toEqual({ ok: true, when: "jueves, 4 de marzo de 2027, 18:30" });
    const [after] = await db.db.select().from(appointments).where(eq(appointments.id, row!.id));
    expect(madrid(after!.startsAt)).toBe("2027-03-04 18:30");
    expect(after!.endsAt.getTime() - after!.startsAt.getTime()).toBe(50 * 60_000);
    expect(after!).toMatchObject({
      status: "confirmed",
      changeRequest: "",
      changeRequestedAt: null,
    });
    const mails = await db.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "lucia@example.com", subject: "Tu cita cambia de hora" });
    expect(mails[0]!.text).toContain("Antes: martes, 2 de marzo de 2027, 10:00.");
    expect(mails[0]!.text).toContain("Ahora: jueves, 4 de marzo de 2027, 18:30.");
    expect(mails[0]!.text).toContain("Te va mejor por la tarde.");
    expect(mails[0]!.attachments![0]!.content).toContain(`UID:${row!.id}@`);
    // The link of the earlier e-mail still opens the appointment, moved (issue #34); the new one
    // is the latest.
    expect(await appointmentByManageToken(db.db, oldToken!)).toMatchObject({
      id: row!.id,
      startsAt: after!.startsAt,
      latest: false,
    });
    const [newToken] = tokensIn(mails[0]!.text);
    expect(await appointmentByManageToken(db.db, newToken!)).toMatchObject({
      id: row!.id,
      latest: true,
    });
    expect(await db.db.select().from(appointmentReminders)).toHaveLength(0);
    const audits = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "appointment_moved"));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.target).toBe(`cita:${row!.id}`);
  });

  it("refuses to move what cannot be moved, with Spanish messages", async () => {
    await book({ date: "2027-03-02", time: "10:00" });
    const [row] = await db.db.select().from(appointments);
    const move = (id: unknown, fields: Record<string, unknown>) =>
      moveAppointment(db.db, STAFF, id, fields, IP, NOW);
    expect(await move("x", { date: "2027-03-03", time: "10:00" })).toMatchObject({ status: 404 });
    expect(await move(row!.id, { date: "2027-03-03", time: "9" })).toMatchObject({
      status: 400,
      fieldErrors: { time: [STAFF_MESSAGES.time] },
    });
    expect(await move(row!.id, { date: "2027-03-28", time: "02:30" })).toMatchObject({
      status: 400,
    });
    expect(await move(row!.id, { date: "2027-02-01", time: "10:00" })).toMatchObject({
      status: 409,
      formError: `Esa hora no está libre: ${CONFLICTS.past}.`,
    });
    await db.db.update(appointments).set({ status: "cancelled" });
    expect(await move(row!.id, { date: "2027-03-03", time: "10:00" })).toMatchObject({
      status: 409,
    });
  });
});
