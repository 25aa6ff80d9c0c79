import { desc, eq, max } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, reviews } from "~/db/schema";
import { audit } from "~/platform/audit.server";
import { seedArticles } from "~/modules/blog/seed.server";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { submitReview } from "~/modules/reviews/reviews.server";
import * as auditRoute from "~/routes/admin/audit";
import * as blogRoute from "~/routes/admin/blog";
import * as editRoute from "~/routes/admin/blog-edit";
import * as newRoute from "~/routes/admin/blog-new";
import * as messagesRoute from "~/routes/admin/messages";
import * as reviewsRoute from "~/routes/admin/reviews";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeContext, makeRequest, run, staffCookie } from "../support/routes";

const article = {
  title: "Respirar antes de responder",
  slug: "respirar-antes-de-responder",
  category: "emociones",
  excerpt: "Una pausa breve cambia la conversación.",
  content: "## La pausa\n\nContar hasta tres.",
  image: "/media/portadas/emociones/duelo-como-abordarlo.svg",
  imageAlt: "Ilustración abstracta",
  status: "publicado",
};

const REVIEW_TEXT = "Me ayudó muchísimo con la ansiedad, lo recomiendo de corazón.";

/**
 * Security review, item 16: article, review-moderation and outbox-retry actions leave an audit
 * row (actor, target, IP; never the review's or message's text), and administrators can read the
 * log at /admin/registro with filters. Everything goes through the real route actions.
 */
describe.each(DRIVERS)("audit log of content actions and its viewer (%s)", (driver) => {
  const db = useTestDatabase(driver);
  const cookies: Record<string, string> = {};
  const IP = "198.51.100.23";

  beforeAll(async () => {
    await seedArticles(db.db);
    for (const role of ["administrator", "editor", "contributor"]) {
      cookies[role] = await staffCookie(db.db, role);
    }
  });

  const post = (
    action: (args: never) => unknown,
    path: string,
    form: Record<string, string>,
    options: { role?: string; params?: Record<string, string> } = {},
  ) =>
    run(action, {
      request: makeRequest(path, { cookie: cookies[options.role ?? "editor"], form }),
      params: options.params,
      context: makeContext(IP),
    });

  const last = async () =>
    (await db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

  const expectLast = async (action: string, target: string, email = "editor@example.com") => {
    const row = await last();
    expect(row).toMatchObject({ action, target, actorEmail: email, ip: IP });
    return row;
  };

  it("records creating, editing, publishing, hiding and deleting an article", async () => {
    expect((await post(newRoute.action, "/admin/blog/nuevo", article)).status).toBe(302);
    await expectLast("article_created", article.slug);

    const edited = await post(
      editRoute.action,
      `/admin/blog/editar/${article.slug}`,
      { ...article, slug: "respirar-antes" },
      { params: { slug: article.slug } },
    );
    expect(edited.status).toBe(302);
    const row = await expectLast("article_updated", "respirar-antes");
    expect(row.details).toEqual({ previousSlug: article.slug });

    const hide = { intent: "visibility", slug: "respirar-antes", isPublic: "0" };
    expect((await post(blogRoute.action, "/admin/blog", hide)).status).toBe(302);
    await expectLast("article_unpublished", "respirar-antes");
    const show = { ...hide, isPublic: "1" };
    expect((await post(blogRoute.action, "/admin/blog", show)).status).toBe(302);
    await expectLast("article_published", "respirar-antes");

    const del = { intent: "delete", slug: "respirar-antes" };
    expect(
      (await post(blogRoute.action, "/admin/blog", del, { role: "administrator" })).status,
    ).toBe(302);
    await expectLast("article_deleted", "respirar-antes", "administrator@example.com");
  });

  it("records review moderation without the review's text", async () => {
    const sent = await submitReview(
      db.db,
      { name: "Clara V.", role: "", content: REVIEW_TEXT, rating: "5", consent: "on" },
      { ip: "visitante" },
    );
    expect(sent.ok).toBe(true);
    const before = (await last()).id;
    const id = (await db.db.select({ id: max(reviews.id) }).from(reviews))[0]!.id!;
    const rid = String(id);

    expect(
      (
        await post(reviewsRoute.action, "/admin/resenas", {
          intent: "toggle",
          id: rid,
          publish: "1",
        })
      ).status,
    ).toBe(302);
    await expectLast("review_published", rid);
    expect(
      (
        await post(reviewsRoute.action, "/admin/resenas", {
          intent: "toggle",
          id: rid,
          publish: "0",
        })
      ).status,
    ).toBe(302);
    await expectLast("review_unpublished", rid);

    const save = { intent: "save", name: "Clara V.", role: "", content: REVIEW_TEXT, rating: "4" };
    expect((await post(reviewsRoute.action, "/admin/resenas", { ...save, id: rid })).status).toBe(
      302,
    );
    await expectLast("review_updated", rid);
    expect((await post(reviewsRoute.action, "/admin/resenas", save)).status).toBe(302);
    const created = await last();
    expect(created.action).toBe("review_created");
    expect(Number(created.target)).toBeGreaterThan(id);

    expect(
      (await post(reviewsRoute.action, "/admin/resenas", { intent: "delete", id: rid })).status,
    ).toBe(302);
    await expectLast("review_deleted", rid);

    // Five moderation rows; none carries the text, the author's name or the rating.
    const rows = (await db.db.select().from(auditLog)).filter((r) => r.id > before);
    expect(rows).toHaveLength(5);
    expect(JSON.stringify(rows)).not.toMatch(/ansiedad|Clara/);
  });

  it("records an administrator's retry of an outbox e-mail, without its text", async () => {
    const outboxId = await enqueueMail(db.db, {
      to: "contacto@example.com",
      subject: "Nuevo mensaje",
      text: "Texto privado del mensaje",
    });
    const out = await post(
      messagesRoute.action,
      "/admin/mensajes",
      { intent: "retry", outboxId: String(outboxId) },
      { role: "administrator" },
    );
    expect(out.status).toBe(302);
    const row = await expectLast("mail_retried", String(outboxId), "administrator@example.com");
    expect(JSON.stringify(row)).not.toMatch(/privado|contacto@/);
  });

  const view = async (query = "", role = "administrator") =>
    run(auditRoute.loader, {
      request: makeRequest(`/admin/registro${query}`, { cookie: cookies[role] }),
    });
  type View = {
    total: number;
    errors: string[];
    items: Array<{ action: string; person: string | null; target: string | null; at: string }>;
    pageCount: number;
  };

  it("the viewer is for administrators only", async () => {
    for (const role of ["editor", "contributor"]) expect((await view("", role)).status).toBe(403);
    const anonymous = await run(auditRoute.loader, { request: makeRequest("/admin/registro") });
    expect(anonymous.status).toBe(302);
    expect((await view()).status).toBe(200);
  });

  it("the viewer filters by action, person and dates, and pages the results", async () => {
    const all = (await view()).data as View;
    expect(all.total).toBeGreaterThan(10);
    // Spanish labels, Spanish time.
    expect(all.items.map((i) => i.action)).toContain("Reintento de email");

    const byAction = (await view("?accion=review_published")).data as View;
    expect(byAction.total).toBe(1);
    expect(byAction.items[0]).toMatchObject({ action: "Reseña publicada" });

    const byPerson = (await view("?persona=ADMINISTRATOR@example.com")).data as View;
    expect(byPerson.items.length).toBeGreaterThan(0);
    expect(byPerson.items.every((i) => i.person === "administrator@example.com")).toBe(true);

    // Dates are Spanish calendar days: 23:30 UTC on 31 Dec is already 1 Jan in Madrid.
    await audit(db.db, { action: "settings_changed", actor: null, target: "madrid" });
    await db.db
      .update(auditLog)
      .set({ at: new Date("2025-12-31T23:30:00Z") })
      .where(eq(auditLog.target, "madrid"));
    const jan1 = (await view("?desde=2026-01-01&hasta=2026-01-01")).data as View;
    expect(jan1.items.map((i) => i.target)).toEqual(["madrid"]);
    const dec31 = (await view("?desde=2025-12-31&hasta=2025-12-31")).data as View;
    expect(dec31.total).toBe(0);

    const bad = (await view("?desde=31-12-2025&hasta=2025-02-30")).data as View;
    expect(bad.errors).toHaveLength(2);
    expect(bad.total).toBe(all.total + 1); // invalid dates filter nothing
    const reversed = (await view("?desde=2026-02-01&hasta=2026-01-01")).data as View;
    expect(reversed.errors[0]).toMatch(/posterior/);

    // Pages of 50, newest first.
    for (let i = 0; i < 60; i++) await audit(db.db, { action: "login", target: `p${i}` });
    const page2 = (await view("?accion=login&pagina=2")).data as View;
    expect(page2.pageCount).toBeGreaterThanOrEqual(2);
    const targets = page2.items.map((i) => i.target);
    expect(targets).toContain("p0");
    expect(targets).not.toContain("p59");
    expect(((await view("?pagina=abc")).data as View).total).toBeGreaterThan(60);
  });
});
