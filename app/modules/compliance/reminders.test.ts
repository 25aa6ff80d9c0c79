import { describe, expect, it } from "vitest";
import { complianceReminders, mailOutbox } from "~/db/schema";
import { DEFAULT_SETTINGS } from "~/modules/settings/defaults";
import { updateSettings } from "~/modules/settings/settings.server";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { queueExpiryReminders } from "./reminders.server";

const NOW = new Date("2026-11-24T10:00:00Z");

describe.each(DRIVERS)("the renewal reminders (%s)", (driver) => {
  const db = useTestDatabase(driver);

  it("e-mails the practice once, 60 days before the registry or the authorisation expires", async () => {
    await db.db.delete(complianceReminders);
    await db.db.delete(mailOutbox);
    const settings = {
      ...DEFAULT_SETTINGS,
      contactEmail: "consulta@luciaribera.es",
      healthRegistryNumber: "CS12345",
      healthRegistryExpiry: "2027-03-01", // 97 days ahead: not yet
      advertisingAuthNumber: "PS-1",
      advertisingAuthExpiry: "2027-01-20", // 57 days ahead
    };
    expect(await updateSettings(db.db, settings)).toMatchObject({ ok: true });
    expect(await queueExpiryReminders(db.db, NOW)).toBe(1);
    // Again, and at the same time on another instance: nothing more.
    expect(
      await Promise.all([queueExpiryReminders(db.db, NOW), queueExpiryReminders(db.db, NOW)]),
    ).toEqual([0, 0]);
    const mails = await db.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: "consulta@luciaribera.es",
      subject: "La autorización de publicidad sanitaria caduca el 20/01/2027",
    });
    expect(mails[0]!.text).toContain("/admin/estado-legal");

    // Once the registry's date is near, its own reminder; a renewed date, another later.
    expect(await queueExpiryReminders(db.db, new Date("2027-01-05T10:00:00Z"))).toBe(1);
    await updateSettings(db.db, { ...settings, advertisingAuthExpiry: "2027-03-10" });
    expect(await queueExpiryReminders(db.db, new Date("2027-01-10T10:00:00Z"))).toBe(1);
    // Without a date (or a number) there is nothing to remind of.
    expect(
      await updateSettings(db.db, {
        ...settings,
        healthRegistryExpiry: "",
        advertisingAuthNumber: "",
      }),
    ).toMatchObject({ ok: true });
    await db.db.delete(complianceReminders);
    expect(await queueExpiryReminders(db.db, new Date("2027-01-10T10:00:00Z"))).toBe(0);
  });
});
