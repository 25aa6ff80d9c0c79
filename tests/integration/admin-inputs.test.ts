import { beforeAll, describe, expect, it } from "vitest";
import * as messagesRoute from "~/routes/admin/messages";
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
