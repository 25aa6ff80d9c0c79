import { pendingReviewCount } from "~/modules/reviews/reviews.server";
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  bookingConfig,
  bookingServices,
  firstSteps,
  mailOutbox,
  rateLimit,
  reviews,
} from "~/db/schema";
import { seedBookingServices } from "~/modules/booking/booking.server";
import { firstStepsView, TEST_MAILS_PER_HOUR } from "~/modules/onboarding/first-steps.server";
import { seedReviews } from "~/modules/reviews/reviews.server";
import { DEFAULT_SETTINGS } from "~/modules/settings/defaults";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { deliverDue } from "~/platform/mail/outbox.server";
import * as dashboard from "~/routes/admin/dashboard";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeRequest, run, staffCookie } from "../support/routes";

/**
 * The panel (issue #34, items 3 and 4): 'Para hoy' by role, 'Primeros pasos' for administrators
 * with its three actions (a test e-mail through the outbox, the example reviews taken down, hiding
 * the list), each audited, against a real database.
 */

type Loaded = {
  firstSteps: {
    steps: Array<{ key: string; done: boolean } & Record<string, unknown>>;
    testMail: { status: string };
  } | null;
  legalMissing: Array<{ id: string; title: string }> | null;
  appointments: unknown;
  unread: number | null;
  pendingReviews: number | null;
};

const REAL_IDENTITY = {
  professionalName: "Lucía Martín Sanz",
  nif: "12345678Z",
  postalAddress: "Calle Mayor 10, 28013 Madrid",
  contactEmail: "consulta@luciamartin.es",
  collegeNumber: "M-12345",
};

describe.each(DRIVERS)("the panel (%s)", (driver) => {
  const db = useTestDatabase(driver);
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    for (const role of ["administrator", "editor", "contributor"]) {
      cookies[role] = await staffCookie(db.db, role);
    }
  });

  const load = async (who: string) => {
    const out = await run(dashboard.loader as (args: never) => unknown, {
      request: makeRequest("/admin", { cookie: cookies[who] }),
    });
    expect(out.status).toBe(200);
    return out.data as Loaded;
  };
  const post = (who: string, intent: string) =>
    run(dashboard.action as (args: never) => unknown, {
      request: makeRequest("/admin", { cookie: cookies[who], form: { intent } }),
    });
  const step = (data: Loaded, key: string) => data.firstSteps!.steps.find((s) => s.key === key)!;
  const render = (data: Loaded) => {
    const Stub = createRoutesStub([
      { id: "dashboard", path: "/admin", Component: dashboard.default as never },
    ]);
    return renderToString(
      createElement(Stub, {
        initialEntries: ["/admin"],
        hydrationData: { loaderData: { dashboard: data } },
      }),
    );
  };

  it("'Primeros pasos' on a new install: administrators only, each step read from its data", async () => {
    await seedReviews(db.db);
    await seedBookingServices(db.db);
    const data = await load("administrator");
    expect(data.firstSteps!.steps.map((s) => [s.key, s.done])).toEqual([
      ["identity", false],
      ["photo", false],
      ["hours", false],
      ["booking", false],
      ["mail", false],
      ["reviews", false],
    ]);
    expect(step(data, "reviews").examples).toBe(25);
    expect(step(data, "hours")).toMatchObject({ rulesSaved: false, unpriced: 4 });
    expect(data.firstSteps!.testMail).toEqual({ status: "none" });
    // Estado legal's red items reach 'Para hoy' (a new install's identity is the example's).
    expect(data.legalMissing!.length).toBeGreaterThan(0);
    const html = render(data);
    expect(html).toContain("Primeros pasos");
    expect(html).toContain("Enviar un correo de prueba");
    expect(html).toContain("Despublicar las reseñas de ejemplo");
    expect(html.replaceAll("<!-- -->", "")).toContain("0 de 6 hechos");
    expect(html).toMatch(/<h1[^>]*>Panel<\/h1>/);
    for (const who of ["editor", "contributor"]) {
      const other = await load(who);
      expect(other.firstSteps, who).toBeNull();
      expect(other.legalMissing, who).toBeNull();
      expect(render(other)).not.toContain("Primeros pasos");
    }
  });

  it("'Para hoy' leaves out what a contributor may not read, and says when nothing waits", async () => {
    const contributor = await load("contributor");
    expect(contributor).toMatchObject({ appointments: null, unread: null, pendingReviews: null });
    const html = render(contributor);
    expect(html).toContain("Para hoy");
    expect(html).toContain("Nada pendiente para hoy");
    // An editor with a review waiting: the count and the way to it.
    await db.db.insert(reviews).values({ name: "Pendiente", content: "Espera moderación" });
    const editor = render(await load("editor"));
    expect(editor).toMatch(/1 reseña(<!-- -->)? por moderar/);
    expect(editor).toContain('href="/admin/resenas?estado=borradores"');
    expect(editor).not.toContain("Nada pendiente para hoy");
    await db.db.delete(reviews).where(eq(reviews.name, "Pendiente"));
  });

  it("unpublishes every example review in one go (audited), leaving the others alone", async () => {
    const [own] = await db.db
      .insert(reviews)
      .values({ name: "Real", content: "Una reseña de verdad", isPublished: true, source: "staff" })
      .returning({ id: reviews.id });
    expect((await post("contributor", "unpublish-examples")).status).toBe(403);
    const out = await post("administrator", "unpublish-examples");
    expect(out.status).toBe(302);
    expect(out.location).toBe("/admin");
    const published = await db.db
      .select({ id: reviews.id, source: reviews.source })
      .from(reviews)
      .where(eq(reviews.isPublished, true));
    expect(published).toEqual([{ id: own!.id, source: "staff" }]);
    const examples = await db.db.select().from(reviews).where(eq(reviews.source, "seed"));
    expect(examples).toHaveLength(25);
    const [entry] = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "review_examples_unpublished"));
    expect(entry).toMatchObject({
      actorEmail: "administrator@example.com",
      details: { count: 25 },
    });
    expect(step(await load("administrator"), "reviews").done).toBe(true);
    // Taken down, the examples wait for no moderation: the panel and the menu count none.
    expect(await pendingReviewCount(db.db)).toBe(0);
    // Again: nothing left to take down, nothing audited.
    expect((await post("administrator", "unpublish-examples")).status).toBe(302);
    expect(
      await db.db.select().from(auditLog).where(eq(auditLog.action, "review_examples_unpublished")),
    ).toHaveLength(1);
  });

  it("'Enviar un correo de prueba' queues one e-mail to the administrator; done once delivered with SMTP", async () => {
    expect((await post("editor", "test-mail")).status).toBe(403);
    expect(await db.db.select().from(mailOutbox)).toHaveLength(0);
    const out = await post("administrator", "test-mail");
    expect(out.status).toBe(302);
    const [mail] = await db.db.select().from(mailOutbox);
    expect(mail).toMatchObject({
      to: "administrator@example.com",
      subject: "Correo de prueba de tu web",
      status: "pending",
      sourceKind: null,
    });
    const [entry] = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "mail_test_sent"));
    expect(entry).toMatchObject({
      actorEmail: "administrator@example.com",
      target: `correo:${mail!.id}`,
    });
    let data = await load("administrator");
    expect(data.firstSteps!.testMail).toMatchObject({ status: "pending", attempts: 0 });
    expect(step(data, "mail").done).toBe(false);

    // A failed attempt says why.
    await deliverDue(db.db, {
      send: async () => {
        throw new Error("Conexión rechazada por el servidor SMTP");
      },
    });
    data = await load("administrator");
    expect(data.firstSteps!.testMail).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: expect.stringContaining("Conexión rechazada"),
    });
    expect(render(data)).toContain("aún no se ha podido entregar");

    // Delivered: without SMTP the step stays undone (a file on the server reaches nobody)…
    await db.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.id, mail!.id));
    await deliverDue(db.db, { send: async () => {} });
    data = await load("administrator");
    expect(data.firstSteps!.testMail.status).toBe("sent");
    expect(step(data, "mail")).toMatchObject({ done: false, smtpConfigured: false });
    // …with it, done; and kept when retention deletes the outbox row.
    await db.db.delete(mailOutbox);
    const view = await firstStepsView(db.db, { smtpConfigured: true });
    expect(view!.steps.find((s) => s.key === "mail")!.done).toBe(true);
  });

  it("limits test e-mails to a few an hour per account", async () => {
    await db.db.delete(rateLimit);
    for (let i = 0; i < TEST_MAILS_PER_HOUR; i++) {
      expect((await post("administrator", "test-mail")).status).toBe(302);
    }
    const refused = await post("administrator", "test-mail");
    expect(refused.status).toBe(429);
    expect((refused.data as { formError: string }).formError).toMatch(/Espera un poco/);
    await db.db.delete(rateLimit);
  });

  it("is done when every step is, and then stays away; booking counts either way once Ajustes is saved", async () => {
    // The test e-mails queued above, delivered.
    await deliverDue(db.db, { send: async () => {} });
    const settings = await getSettings(db.db);
    const saved = await updateSettings(db.db, {
      ...settings,
      ...REAL_IDENTITY,
      portrait: { url: "/media/blog/images/1795000000000-retrato-800.webp", alt: "Lucía Martín" },
      bookingEnabled: false,
    });
    expect(saved.ok).toBe(true);
    await db.db.update(bookingServices).set({ priceText: "60 €" });
    let view = await firstStepsView(db.db, { smtpConfigured: true });
    expect(view!.steps.filter((s) => !s.done).map((s) => s.key)).toEqual(["hours"]);
    expect(view!.steps.find((s) => s.key === "booking")).toMatchObject({
      done: true,
      enabled: false,
    });
    await db.db.insert(bookingConfig).values({ id: 1, data: {} });
    view = await firstStepsView(db.db, { smtpConfigured: true });
    expect(view).toBeNull();
    const [row] = await db.db.select().from(firstSteps);
    expect(row!.completedAt).not.toBeNull();
    // A step that later reads as undone (the photo removed) does not bring the list back.
    await updateSettings(db.db, { ...(await getSettings(db.db)), portrait: { url: "", alt: "" } });
    expect(await firstStepsView(db.db, { smtpConfigured: true })).toBeNull();
    expect((await load("administrator")).firstSteps).toBeNull();
    await updateSettings(db.db, DEFAULT_SETTINGS);
  });

  it("'Ocultar' hides the list for good (audited); only administrators may", async () => {
    await db.db.delete(firstSteps);
    expect((await load("administrator")).firstSteps).not.toBeNull();
    expect((await post("editor", "hide-first-steps")).status).toBe(403);
    expect((await post("administrator", "hide-first-steps")).status).toBe(302);
    expect((await load("administrator")).firstSteps).toBeNull();
    const entries = await db.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "first_steps_hidden"),
          eq(auditLog.actorEmail, "administrator@example.com"),
        ),
      );
    expect(entries).toHaveLength(1);
  });

  it("refuses an unknown intent with a Spanish message", async () => {
    const out = await post("administrator", "borrar-todo");
    expect(out.status).toBe(400);
    expect((out.data as { formError: string }).formError).toBe("Acción no válida");
  });
});
