import { describe, expect, it } from "vitest";
import { appointments } from "~/db/schema";
import * as feedRoute from "~/routes/resources/agenda-feed";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { makeRequest, run } from "../../../tests/support/routes";
import { agendaFeed, hasAgendaFeed, removeAgendaFeed, renewAgendaFeed } from "./feed.server";
import { initials } from "~/utils/format";

const STAFF = { id: "u1", email: "admin@example.com" };
const NOW = new Date("2027-02-01T08:00:00Z");

it("initials keep who it is without the name", () => {
  expect(initials("Lucía Pérez")).toBe("L. P.");
  expect(initials("  ana  maría de la  Torre ")).toBe("A. M. D.");
});

describe.each(DRIVERS)("the agenda feed (%s)", (driver) => {
  const db = useTestDatabase(driver);

  it("serves confirmed appointments with initials to the current secret only", async () => {
    const base = {
      serviceName: "Primera sesión",
      modality: "online",
      clientName: "Lucía Pérez",
      clientEmail: "lucia@example.com",
      note: "nota privada",
    };
    await db.db.insert(appointments).values([
      {
        ...base,
        id: "f0000000-0000-4000-8000-000000000001",
        status: "confirmed",
        startsAt: new Date("2027-02-03T09:00:00Z"),
        endsAt: new Date("2027-02-03T09:50:00Z"),
      },
      {
        ...base,
        id: "f0000000-0000-4000-8000-000000000002",
        status: "requested",
        startsAt: new Date("2027-02-04T09:00:00Z"),
        endsAt: new Date("2027-02-04T09:50:00Z"),
      },
    ]);
    expect(await hasAgendaFeed(db.db)).toBe(false);
    const first = await renewAgendaFeed(db.db, STAFF, "ip");
    const calendar = (await agendaFeed(db.db, first, NOW))!;
    expect(calendar).toContain("SUMMARY:Primera sesión · L. P.");
    expect(calendar).toContain("DTSTART:20270203T090000Z");
    expect(calendar).not.toContain("20270204");
    for (const secret of ["Lucía", "lucia@example.com", "nota privada"]) {
      expect(calendar).not.toContain(secret);
    }
    // A new address replaces the old one; removing turns it off.
    const second = await renewAgendaFeed(db.db, STAFF, "ip");
    expect(await agendaFeed(db.db, first, NOW)).toBeNull();
    expect(await agendaFeed(db.db, second, NOW)).not.toBeNull();
    const ok = await run(feedRoute.loader as (args: never) => unknown, {
      request: makeRequest(`/api/citas.ics?token=${second}`),
    });
    expect(ok.status).toBe(200);
    await removeAgendaFeed(db.db, STAFF, "ip");
    expect(await agendaFeed(db.db, second, NOW)).toBeNull();
    for (const url of [
      `/api/citas.ics?token=${second}`,
      "/api/citas.ics",
      "/api/citas.ics?token=x",
    ]) {
      const out = await run(feedRoute.loader as (args: never) => unknown, {
        request: makeRequest(url),
      });
      expect(out.status, url).toBe(404);
    }
  });
});
