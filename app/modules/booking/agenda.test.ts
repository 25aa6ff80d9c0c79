import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { mailDir } from "~/platform/mail/mail.server";
import { deliverDue } from "~/platform/mail/outbox.server";
import { beforeEach, describe, expect, it } from "vitest";
import { appointments, auditLog, bookingServices, mailOutbox, rateLimit } from "~/db/schema";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import {
  acceptRequest,
  AGENDA_MESSAGES,
  agenda,
  cancelByPractice,
  declineRequest,
  EXPIRED_HOLDS_WARNING,
  expiredHoldCount,
  purgeOldAppointments,
  waitingRequestCount,
} from "./agenda.server";
import { appointmentByManageToken, bookAppointment, slotsFor } from "./booking.server";

const NOW = new Date("2027-02-01T08:00:00Z"); // Monday 09:00 in Madrid
const LATER = new Date("2027-02-03T09:00:00Z"); // Wednesday 10:00: default hours, after 24 h
const STAFF = { id: "u1", email: "editora@example.com" };

describe.each(DRIVERS)("the agenda (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let id = "";
  beforeEach(async () => {
    for (const table of [appointments, mailOutbox, rateLimit, auditLog, bookingServices]) {
      await db.db.delete(table);
    }
    const [service] = await db.db
      .insert(bookingServices)
      .values({ name: "Primera sesión", durationMinutes: 50, modality: "presencial" })
      .returning();
    const booked = await bookAppointment(
      db.db,
      {
        service: String(service!.id),
        slot: String(LATER.getTime()),
        name: "Lucía Pérez",
        email: "lucia@example.com",
        firstVisit: "si",
        consent: "on",
      },
      { ip: "203.0.113.1" },
      NOW,
    );
    if (!booked.ok) throw new Error(JSON.stringify(booked));
    id = booked.id;
    await db.db.delete(mailOutbox);
  });

  it("lists requests waiting first and the seven days from today, in Madrid days", async () => {
    const view = await agenda(db.db, { now: NOW });
    expect(view.pending.map((p) => p.id)).toEqual([id]);
    expect(view.week.start).toBe("2027-02-01");
    expect(view.week.days.find((d) => d.date === "2027-02-03")!.items.map((i) => i.id)).toEqual([
      id,
    ]);
    // Seven days from the date asked for, whatever its weekday; the neighbours a week away.
    const later = await agenda(db.db, { now: NOW, week: "2027-02-04" });
    expect(later.week.days.map((d) => d.date)).toEqual([
      "2027-02-04",
      "2027-02-05",
      "2027-02-06",
      "2027-02-07",
      "2027-02-08",
      "2027-02-09",
      "2027-02-10",
    ]);
    expect(later.week).toMatchObject({
      start: "2027-02-04",
      end: "2027-02-10",
      previous: "2027-01-28",
      next: "2027-02-11",
    });
    expect(later.week.days.every((d) => d.items.length === 0)).toBe(true);
    // On a Friday (Madrid), the agenda opens on that Friday and the next six days, not on the
    // calendar week that is ending.
    const friday = await agenda(db.db, { now: new Date("2027-01-29T22:30:00Z") });
    expect(friday.week.start).toBe("2027-01-29");
    expect(friday.week.days.find((d) => d.date === "2027-02-03")!.items.map((i) => i.id)).toEqual([
      id,
    ]);
    // Nonsense falls back to today.
    expect((await agenda(db.db, { now: NOW, week: "2027-13-45" })).week.start).toBe("2027-02-01");
  });

  it("accepting confirms, e-mails a new manage link and is audited by id, not by name", async () => {
    expect(await waitingRequestCount(db.db, NOW)).toBe(1);
    expect(await acceptRequest(db.db, STAFF, id, "192.0.2.1")).toEqual({ ok: true });
    expect(await waitingRequestCount(db.db, NOW)).toBe(0);
    const [row] = await db.db.select().from(appointments);
    expect(row!.status).toBe("confirmed");
    const [mail] = await db.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ to: "lucia@example.com", subject: "Tu cita está confirmada" });
    // The calendar file: the appointment in UTC, confirmed, without the client's name.
    const [ics] = mail!.attachments!;
    expect(ics).toMatchObject({
      filename: "cita.ics",
      contentType: expect.stringContaining("text/calendar"),
    });
    expect(ics!.content).toContain("BEGIN:VEVENT");
    expect(ics!.content).toContain("DTSTART:20270203T090000Z");
    expect(ics!.content).toContain("STATUS:CONFIRMED");
    expect(ics!.content).toContain(`UID:${id}@`);
    expect(ics!.content).not.toContain("Lucía");
    const token = /cita\/gestionar\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect((await appointmentByManageToken(db.db, token))?.id).toBe(id);
    const [entry] = await db.db.select().from(auditLog);
    expect(entry).toMatchObject({ action: "appointment_accepted", target: `cita:${id}` });
    expect(JSON.stringify(entry)).not.toContain("Lucía");
    expect(JSON.stringify(entry)).not.toContain("lucia@");
    // Answered once.
    expect(await acceptRequest(db.db, STAFF, id, "192.0.2.1")).toMatchObject({
      ok: false,
      status: 409,
      formError: AGENDA_MESSAGES.notPending,
    });
  });

  it("declining frees the hour and passes the message on; bad input stores nothing", async () => {
    expect(await declineRequest(db.db, STAFF, id, "x".repeat(501), "ip")).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { message: [AGENDA_MESSAGES.messageTooLong] },
    });
    expect(await declineRequest(db.db, STAFF, "no-es-un-id", "", "ip")).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await db.db.select().from(mailOutbox)).toEqual([]);
    expect(await declineRequest(db.db, STAFF, id, "Esa semana estoy fuera.", "ip")).toEqual({
      ok: true,
    });
    const [mail] = await db.db.select().from(mailOutbox);
    expect(mail!.text).toContain("Esa semana estoy fuera.");
    const free = await slotsFor(
      db.db,
      { durationMinutes: 50 },
      { now: NOW, from: "2027-02-03", to: "2027-02-03" },
    );
    expect(free.some((s) => s.start === LATER.getTime())).toBe(true);
  });

  it("cancelling tells the client; a cancelled appointment cannot be cancelled again", async () => {
    await acceptRequest(db.db, STAFF, id, "ip");
    await db.db.delete(mailOutbox);
    expect(await cancelByPractice(db.db, STAFF, id, "", "ip")).toEqual({ ok: true });
    const [row] = await db.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ status: "cancelled", cancelledBy: "practice" });
    const [cancelMail] = await db.db.select().from(mailOutbox);
    expect(cancelMail!.subject).toBe("Tu cita se ha cancelado");
    expect(cancelMail!.attachments![0]!.content).toContain("STATUS:CANCELLED");
    // Delivered (as an .eml file without SMTP_URL) with the calendar file attached.
    while ((await deliverDue(db.db)).claimed > 0);
    const file = fs.readdirSync(mailDir()).find((f) => f.includes(`-o${cancelMail!.id}-`));
    const eml = fs.readFileSync(path.join(mailDir(), file!), "utf8");
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(eml).toContain("filename=cita.ics");
    expect(await cancelByPractice(db.db, STAFF, id, "", "ip")).toMatchObject({ status: 409 });
  });

  it("erases past appointments after the retention period and holds nobody confirmed", async () => {
    const base = {
      serviceName: "Primera sesión",
      modality: "presencial",
      clientName: "Antigua",
      clientEmail: "antigua@example.com",
    };
    const day = 24 * 60 * 60_000;
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    await db.db.insert(appointments).values([
      // Ended 366 days ago (the default keeps 365): erased.
      {
        ...base,
        id: "a0000000-0000-4000-8000-000000000001",
        status: "confirmed",
        startsAt: at(-366 * day - 3_600_000),
        endsAt: at(-366 * day),
      },
      // Ended 300 days ago: kept.
      {
        ...base,
        id: "a0000000-0000-4000-8000-000000000002",
        status: "confirmed",
        startsAt: at(-300 * day - 3_600_000),
        endsAt: at(-300 * day),
      },
      // A hold that ran out two days ago: erased, though the hour is ahead.
      {
        ...base,
        id: "a0000000-0000-4000-8000-000000000003",
        status: "held",
        holdExpiresAt: at(-2 * day),
        startsAt: at(5 * day),
        endsAt: at(5 * day + 3_000_000),
      },
    ]);
    expect(await purgeOldAppointments(db.db, NOW)).toBe(2);
    const ids = (await db.db.select().from(appointments)).map((a) => a.id).sort();
    expect(ids).toEqual([id, "a0000000-0000-4000-8000-000000000002"].sort());
  });

  it("counts the holds that ran out unconfirmed in the last 24 hours, and the retention job keeps them", async () => {
    const hour = 60 * 60_000;
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    const hold = (n: number, expires: Date, status = "held") => ({
      id: `b0000000-0000-4000-8000-00000000000${n}`,
      serviceName: "Llamada",
      modality: "online",
      clientName: "Nadie",
      clientEmail: `nadie${n}@example.com`,
      status,
      holdExpiresAt: expires,
      startsAt: at(48 * hour + n * hour),
      endsAt: at(48 * hour + n * hour + 900_000),
    });
    await db.db.insert(appointments).values([
      hold(1, at(-1 * hour)),
      hold(2, at(-23 * hour)),
      hold(3, at(-60_000)),
      // Not counted: still open, confirmed, expired more than a day ago.
      hold(4, at(10 * 60_000)),
      hold(5, at(-2 * hour), "confirmed"),
      hold(6, at(-25 * hour)),
    ]);
    expect(EXPIRED_HOLDS_WARNING).toBe(5);
    expect(await expiredHoldCount(db.db, NOW)).toBe(3);
    // The daily retention job erases only the one that ran out more than a day ago.
    expect(await purgeOldAppointments(db.db, NOW)).toBe(1);
    expect(await expiredHoldCount(db.db, NOW)).toBe(3);
  });
});
