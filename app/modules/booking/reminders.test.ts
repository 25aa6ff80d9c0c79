import { beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { appointmentReminders, appointments, bookingConfig, mailOutbox } from "~/db/schema";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { appointmentByManageToken } from "./booking.server";
import { DEFAULT_BOOKING_CONFIG } from "./config";
import { queueDueReminders } from "./reminders.server";

const NOW = new Date("2027-02-01T08:00:00Z");
const HOUR = 60 * 60_000;
const appointment = (id: string, hoursAhead: number, status = "confirmed") => ({
  id,
  serviceName: "Primera sesión",
  modality: "presencial",
  startsAt: new Date(NOW.getTime() + hoursAhead * HOUR),
  endsAt: new Date(NOW.getTime() + hoursAhead * HOUR + 50 * 60_000),
  status,
  clientName: "Lucía Pérez",
  clientEmail: `${id.slice(0, 4)}@example.com`,
});
const A = "aaaaaaaa-0000-4000-8000-000000000001";
const B = "bbbbbbbb-0000-4000-8000-000000000002";
const C = "cccccccc-0000-4000-8000-000000000003";

describe.each(DRIVERS)("appointment reminders (%s)", (driver) => {
  const db = useTestDatabase(driver);
  beforeEach(async () => {
    await db.db.delete(appointmentReminders);
    await db.db.delete(appointments);
    await db.db.delete(mailOutbox);
    await db.db
      .insert(bookingConfig)
      .values({ id: 1, data: { ...DEFAULT_BOOKING_CONFIG, reminderHours: [48, 2] } })
      .onConflictDoUpdate({
        target: bookingConfig.id,
        set: { data: { ...DEFAULT_BOOKING_CONFIG, reminderHours: [48, 2] } },
      });
  });
  const mailsTo = async (to: string) =>
    (await db.db.select().from(mailOutbox)).filter((m) => m.to === to);

  it("sends each reminder once, at 48 h and at 2 h, with a manage link that works", async () => {
    await db.db.insert(appointments).values([appointment(A, 47), appointment(C, 47, "cancelled")]);
    expect(await queueDueReminders(db.db, NOW)).toBe(1);
    expect(await queueDueReminders(db.db, NOW)).toBe(0);
    expect(await queueDueReminders(db.db, new Date(NOW.getTime() + 30 * HOUR))).toBe(0);
    expect(await queueDueReminders(db.db, new Date(NOW.getTime() + 45.5 * HOUR))).toBe(1);
    const mails = await mailsTo("aaaa@example.com");
    expect(mails.map((m) => m.subject)).toEqual([
      "Recordatorio de tu cita",
      "Recordatorio de tu cita",
    ]);
    const token = /cita\/gestionar\?token=([A-Za-z0-9_-]+)/.exec(mails[1]!.text)![1]!;
    expect((await appointmentByManageToken(db.db, token))?.id).toBe(A);
    // A cancelled appointment is never reminded.
    expect(await mailsTo("cccc@example.com")).toEqual([]);
  });

  it("an appointment confirmed an hour before gets one reminder, not every missed one", async () => {
    await db.db.insert(appointments).values(appointment(B, 1));
    expect(await queueDueReminders(db.db, NOW)).toBe(1);
    expect(await queueDueReminders(db.db, NOW)).toBe(0);
    expect(await mailsTo("bbbb@example.com")).toHaveLength(1);
  });

  it("several instances at once still send one", async () => {
    await db.db.insert(appointments).values(appointment(A, 47));
    const other = driver === "pg" ? await openDatabase({ url: db.url! }) : null;
    try {
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          queueDueReminders(i % 2 && other ? other.db : db.db, NOW),
        ),
      );
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await mailsTo("aaaa@example.com")).toHaveLength(1);
    } finally {
      await other?.close();
    }
  });
});
