import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { appointments, auditLog, bookingExceptions, bookingServices } from "~/db/schema";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { newToken } from "~/platform/tokens.server";
import { getBookingConfig, listServices, manageView } from "./booking.server";
import { parseRanges } from "./config";
import { addClosedDays, removeService, saveRules, saveService } from "./practice.server";

const STAFF = { id: "u1", email: "editora@example.com" };
const RULES = {
  hours: { 1: "9-14, 16:00-20:00", 2: "", 3: "", 4: "", 5: "09:00 a 13:30", 6: "", 7: "" },
  bufferMinutes: "10",
  noticeHours: "24",
  horizonDays: "60",
  dailyCap: "0",
  stepMinutes: "30",
  cancelHours: "24",
  reminderHours: "48, 2",
  retentionDays: "365",
};

describe("the hours of a day as written", () => {
  it.each([
    [
      "09:00-14:00, 16:00-20:00",
      [
        { start: "09:00", end: "14:00" },
        { start: "16:00", end: "20:00" },
      ],
    ],
    ["9-14", [{ start: "09:00", end: "14:00" }]],
    ["9:30 a 13", [{ start: "09:30", end: "13:00" }]],
    ["", []],
    ["14-9", null],
    ["25-26", null],
    ["nueve a dos", null],
    ["9-10, 10-11, 11-12, 12-13, 13-14", null],
  ])("%j", (text, ranges) => {
    expect(parseRanges(text)).toEqual(ranges);
  });
});

describe.each(DRIVERS)("the 'Citas' settings (%s)", (driver) => {
  const db = useTestDatabase(driver);

  it("saves the rules the slots then follow, and refuses what cannot be read", async () => {
    expect(await saveRules(db.db, STAFF, RULES, "ip")).toEqual({ ok: true });
    const config = await getBookingConfig(db.db);
    expect(config.weekly).toEqual([
      { weekday: 1, start: "09:00", end: "14:00" },
      { weekday: 1, start: "16:00", end: "20:00" },
      { weekday: 5, start: "09:00", end: "13:30" },
    ]);
    expect(config.reminderHours).toEqual([48, 2]);
    const refused = await saveRules(
      db.db,
      STAFF,
      { ...RULES, hours: { ...RULES.hours, 2: "mañanas" }, horizonDays: "0", reminderHours: "x" },
      "ip",
    );
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect(Object.keys(!refused.ok ? refused.fieldErrors : {}).sort()).toEqual([
      "horizonDays",
      "hours.2",
      "reminderHours",
    ]);
    expect((await getBookingConfig(db.db)).horizonDays).toBe(60);
  });

  it("keeps the online sessions' link, https only, and shows it only to a confirmed online appointment's client", async () => {
    for (const bad of ["http://meet.example.org/sala", "javascript:alert(1)", "sala"]) {
      const refused = await saveRules(db.db, STAFF, { ...RULES, onlineLink: bad }, "ip");
      expect(!refused.ok && refused.fieldErrors.onlineLink, bad).toEqual([
        "El enlace de las sesiones en línea debe empezar por https://",
      ]);
    }
    const link = "https://meet.example.org/consulta-ana";
    expect(await saveRules(db.db, STAFF, { ...RULES, onlineLink: link }, "ip")).toEqual({
      ok: true,
    });
    expect((await getBookingConfig(db.db)).onlineLink).toBe(link);

    await db.db.delete(appointments);
    const manage = newToken();
    const base = {
      serviceName: "Sesión en línea",
      startsAt: new Date("2030-01-07T09:00:00Z"),
      endsAt: new Date("2030-01-07T09:50:00Z"),
      clientName: "Lucía",
      clientEmail: "lucia@example.com",
    };
    const show = async (modality: string, status: string) => {
      await db.db.delete(appointments);
      await db.db
        .insert(appointments)
        .values({ ...base, id: randomUUID(), modality, status, manageTokenHash: manage.hash });
      return (await manageView(db.db, manage.token))!.onlineLink;
    };
    expect(await show("online", "confirmed")).toBe(link);
    expect(await show("online", "requested")).toBe("");
    expect(await show("presencial", "confirmed")).toBe("");
    // Not once the session is over.
    base.startsAt = new Date("2020-01-07T09:00:00Z");
    base.endsAt = new Date("2020-01-07T09:50:00Z");
    expect(await show("online", "confirmed")).toBe("");
    await db.db.delete(appointments);
  });

  it("adds, edits and removes services; closed days need an order", async () => {
    await db.db.delete(bookingServices);
    const service = {
      name: "Sesión breve",
      durationMinutes: "30",
      modality: "online",
      priceText: "40 €",
      mode: "direct",
      audience: "existing",
      active: "on",
    };
    expect(await saveService(db.db, STAFF, null, service, "ip")).toEqual({ ok: true });
    const [saved] = await listServices(db.db);
    expect(saved).toMatchObject({ name: "Sesión breve", durationMinutes: 30, active: true });
    expect(
      await saveService(
        db.db,
        STAFF,
        saved!.id,
        { ...service, active: undefined, modality: "tele" },
        "ip",
      ),
    ).toMatchObject({ ok: false, fieldErrors: { modality: ["Elige presencial o en línea"] } });
    expect(
      await saveService(db.db, STAFF, saved!.id, { ...service, active: undefined }, "ip"),
    ).toEqual({
      ok: true,
    });
    expect((await listServices(db.db))[0]!.active).toBe(false);
    expect(await removeService(db.db, STAFF, saved!.id, "ip")).toEqual({ ok: true });
    expect(await removeService(db.db, STAFF, saved!.id, "ip")).toMatchObject({ status: 404 });

    expect(
      await addClosedDays(
        db.db,
        STAFF,
        { startsOn: "2030-08-10", endsOn: "2030-08-01", note: "" },
        "ip",
      ),
    ).toMatchObject({ ok: false, fieldErrors: { endsOn: [expect.any(String)] } });
    expect(
      await addClosedDays(
        db.db,
        STAFF,
        { startsOn: "2030-08-01", endsOn: "2030-08-15", note: "Agosto" },
        "ip",
      ),
    ).toEqual({ ok: true });
    expect(await db.db.select().from(bookingExceptions)).toHaveLength(1);
    const actions = (await db.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toContain("booking_service_removed");
    expect(actions).toContain("booking_closed_days_changed");
  });
});
