import { describe, expect, it } from "vitest";
import { reviews } from "~/db/schema";
import * as reviewsPage from "~/routes/admin/reviews";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeRequest, run, staffCookie } from "../support/routes";

describe.each(DRIVERS)("the Reseñas page's data (%s)", (driver) => {
  const db = useTestDatabase(driver);

  it("sends the browser what the list shows, never the author's e-mail or withdrawal token", async () => {
    // A verified review: the invitation's address and the withdrawal link's hash are stored.
    await db.db.insert(reviews).values({
      name: "Lucía M.",
      content: "Me ayudó mucho a ordenar lo que sentía en una etapa difícil.",
      rating: 5,
      isPublished: true,
      source: "invitation",
      email: `lucia.verificada.${driver}@example.com`,
      withdrawTokenHash: "hash-del-enlace-para-retirar",
      consentAt: new Date(),
    });
    for (const role of ["contributor", "editor", "administrator"]) {
      const cookie = await staffCookie(db.db, role, `${role}.resenas.${driver}@example.com`);
      const out = await run(reviewsPage.loader, {
        request: makeRequest("/admin/resenas?estado=publicadas", { cookie }),
      });
      expect(out.status, role).toBe(200);
      const items = (out.data as { items: Record<string, unknown>[] }).items;
      const mine = items.find((item) => item.name === "Lucía M.");
      expect(mine, role).toBeDefined();
      expect(Object.keys(mine!).sort(), role).toEqual(
        ["content", "createdAt", "id", "isPublished", "name", "rating", "role", "source"].sort(),
      );
      const sent = JSON.stringify(out.data);
      expect(sent, role).not.toContain("lucia.verificada");
      expect(sent, role).not.toContain("hash-del-enlace-para-retirar");
    }
  });
});
