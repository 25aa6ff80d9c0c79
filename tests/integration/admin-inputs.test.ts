import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { appointments } from "~/db/schema";
import {
  BookingRulesFormSchema,
  BusyFeedFormSchema,
  ClosedDaysFormSchema,
  ServiceFormSchema,
} from "~/modules/booking/config";
import {
  MoveSchema,
  PracticeMessageSchema,
  StaffBookingSchema,
} from "~/modules/booking/staff-schema";
import * as settingsPage from "~/routes/admin/appointment-settings";
import * as agendaPage from "~/routes/admin/appointments";
import * as messagesRoute from "~/routes/admin/messages";
import { type FieldConstraints, htmlConstraints } from "~/utils/form-schema";
import * as reviewsRoute from "~/routes/admin/reviews";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeRequest, run, staffCookie } from "../support/routes";

/** Malformed record ids reach the admin actions as 4xx answers, never as database errors (500). */
describe.each(DRIVERS)("hostile ids in admin actions (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let cookie = "";
  beforeAll(async () => {
    cookie = await staffCookie(db.db, "administrator");
  });

  const BAD = ["abc", "", "-1", "1.5", "99999999999", "1e3", "NaN"];

  it.each(BAD)("messages actions and loader with id %j", async (bad) => {
    for (const form of <Array<Record<string, string>>>[
      { intent: "answered", id: bad, value: "1" },
      { intent: "delete", id: bad },
      { intent: "retry", outboxId: bad },
    ]) {
      const outcome = await run(messagesRoute.action, {
        request: makeRequest("/admin/mensajes", { cookie, form }),
      });
      expect(outcome.status, JSON.stringify(form)).toBe(404);
    }
    const page = await run(messagesRoute.loader, {
      request: makeRequest(`/admin/mensajes?id=${encodeURIComponent(bad)}`, { cookie }),
    });
    expect(page.status).toBe(200);
  });

  it.each(BAD)("reviews actions with id %j", async (bad) => {
    for (const form of <Array<Record<string, string>>>[
      { intent: "toggle", id: bad, publish: "1" },
      { intent: "delete", id: bad },
      {
        intent: "save",
        id: bad,
        name: "Ana R.",
        content: "Una reseña suficientemente larga.",
        rating: "5",
      },
    ]) {
      const outcome = await run(reviewsRoute.action, {
        request: makeRequest("/admin/resenas", { cookie, form }),
      });
      expect(outcome.status, JSON.stringify(form)).toBe(
        bad === "" && form.intent === "save" ? 302 : 404,
      );
    }
  });
});

/** Every `<input>` / `<textarea>` of a page as rendered, with its limits. */
function inputsOf(html: string) {
  return [...html.matchAll(/<(?:input|textarea)\b[^>]*>/g)].map(([tag]) => {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    const number = (name: string) => (attr(name) === undefined ? undefined : Number(attr(name)));
    return {
      name: attr("name"),
      maxLength: number("maxLength"),
      minLength: number("minLength"),
      min: number("min"),
      max: number("max"),
    };
  });
}

function render(page: { default: unknown }, id: string, url: string, loaderData: unknown) {
  const Stub = createRoutesStub([
    { id, path: url.split("?")[0], Component: page.default as never, action: () => null },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [url],
      hydrationData: { loaderData: { [id]: loaderData } },
    }),
  );
}

/**
 * The booking admin's limits come from the schemas its actions run (docs/decisions/006): a limit
 * typed by hand drifted from its rule (a 520 for a 500, a 100 for an 80).
 */
describe.each(DRIVERS)("the booking admin's fields are limited by their schemas (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let cookie = "";
  beforeAll(async () => {
    cookie = await staffCookie(db.db, "administrator");
    const base = {
      serviceName: "Terapia individual",
      modality: "in_person",
      clientName: "Lucía Pérez",
      clientEmail: "lucia@example.com",
      startsAt: new Date("2030-03-05T09:00:00Z"),
      endsAt: new Date("2030-03-05T09:50:00Z"),
    };
    await db.db.insert(appointments).values([
      { ...base, id: "b0000000-0000-4000-8000-000000000001", status: "confirmed" },
      {
        ...base,
        id: "b0000000-0000-4000-8000-000000000002",
        status: "requested",
        startsAt: new Date("2030-03-06T09:00:00Z"),
        endsAt: new Date("2030-03-06T09:50:00Z"),
      },
    ]);
  });

  /** Each field a schema limits carries exactly the schema's limits, wherever it appears. */
  const expectLimits = (
    inputs: ReturnType<typeof inputsOf>,
    schemas: Record<string, FieldConstraints>[],
  ) => {
    let checked = 0;
    for (const constraints of schemas) {
      for (const [name, c] of Object.entries(constraints)) {
        const { required: _, ...limits } = c;
        if (Object.keys(limits).length === 0) continue;
        const found = inputs.filter((i) => i.name === name);
        expect(found.length, name).toBeGreaterThan(0);
        for (const input of found) {
          expect(input, name).toEqual({
            name,
            maxLength: limits.maxLength,
            minLength: limits.minLength,
            min: limits.min,
            max: limits.max,
          });
          checked++;
        }
      }
    }
    return checked;
  };

  it("Horario y servicios: the rules, every service, the closed days and the busy calendar", async () => {
    const url = "/admin/citas/ajustes";
    const out = await run(settingsPage.loader, { request: makeRequest(url, { cookie }) });
    const inputs = inputsOf(render(settingsPage, "settings", url, out.data));
    const checked = expectLimits(inputs, [
      htmlConstraints(BookingRulesFormSchema),
      htmlConstraints(ServiceFormSchema),
      htmlConstraints(ClosedDaysFormSchema),
      htmlConstraints(BusyFeedFormSchema),
    ]);
    // 7 days, 7 numbers, reminders and link; 3 fields on each service form and the new one's;
    // the closed days' note; the calendar's address.
    const services = (out.data as { services: unknown[] }).services.length;
    expect(checked).toBe(16 + 3 * (services + 1) + 2);
    expect(inputs.find((i) => i.name === "note")?.maxLength).toBe(140);
  });

  it("the agenda: booking for a client, moving, declining and cancelling", async () => {
    const url = "/admin/citas?semana=2030-03-04";
    const out = await run(agendaPage.loader as (args: never) => unknown, {
      request: makeRequest(url, { cookie }),
    });
    const inputs = inputsOf(render(agendaPage, "agenda", url, out.data));
    expectLimits(inputs, [
      htmlConstraints(StaffBookingSchema),
      htmlConstraints(MoveSchema),
      htmlConstraints(PracticeMessageSchema),
    ]);
    // The message to the client: moving, declining and cancelling, each under the same rule.
    const messages = inputs.filter((i) => i.name === "message");
    expect(messages.length).toBeGreaterThanOrEqual(3);
    for (const m of messages) expect(m.maxLength).toBe(525);
  });
});
