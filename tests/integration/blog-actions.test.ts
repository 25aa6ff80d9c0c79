import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { articles } from "~/db/schema";
import { getPublicArticle } from "~/modules/blog/blog.server";
import { seedArticles } from "~/modules/blog/seed.server";
import * as blogRoute from "~/routes/admin/blog";
import * as editRoute from "~/routes/admin/blog-edit";
import * as newRoute from "~/routes/admin/blog-new";
import * as articleRoute from "~/routes/public/article";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeRequest, run, staffCookie } from "../support/routes";

const article = {
  title: "Respirar antes de responder",
  slug: "respirar-antes-de-responder",
  category: "emociones",
  excerpt: "Una pausa breve cambia la conversación.",
  content: "## La pausa\n\nContar hasta tres.\n\n<script>alert(1)</script>",
  image: "/media/portadas/emociones/duelo-como-abordarlo.svg",
  imageAlt: "Ilustración abstracta",
  status: "publicado",
};

/**
 * Create, edit, switch and delete through the real route actions, for each role
 * (docs/decisions/007).
 */
describe.each(DRIVERS)("blog actions by role (%s)", (driver) => {
  const db = useTestDatabase(driver);
  const cookies: Record<string, string> = {};
  const rows = async () => (await db.db.select({ n: count() }).from(articles))[0]!.n;

  beforeAll(async () => {
    await seedArticles(db.db);
    for (const role of ["administrator", "editor", "contributor"]) {
      cookies[role] = await staffCookie(db.db, role);
    }
  });

  it("a contributor can change nothing: every action is 403 and nothing is stored", async () => {
    const before = await rows();
    const cookie = cookies.contributor;
    const created = await run(newRoute.action, {
      request: makeRequest("/admin/blog/nuevo", { cookie, form: article }),
    });
    expect(created.status).toBe(403);
    const edited = await run(editRoute.action, {
      request: makeRequest("/admin/blog/editar/manejo-fobias", { cookie, form: article }),
      params: { slug: "manejo-fobias" },
    });
    expect(edited.status).toBe(403);
    for (const form of <Array<Record<string, string>>>[
      { intent: "visibility", slug: "manejo-fobias", isPublic: "0" },
      { intent: "delete", slug: "manejo-fobias" },
    ]) {
      const out = await run(blogRoute.action, {
        request: makeRequest("/admin/blog", { cookie, form }),
      });
      expect(out.status).toBe(403);
    }
    expect(await rows()).toBe(before);
    expect(await getPublicArticle(db.db, "manejo-fobias")).not.toBeNull();
    // …but may read the list and the editor.
    const list = await run(blogRoute.loader, {
      request: makeRequest("/admin/blog", { cookie }),
    });
    expect(list.status).toBe(200);
    expect((list.data as { canPublish: boolean }).canPublish).toBe(false);
  });

  it("an editor creates an article; a taken slug is refused with the message", async () => {
    const created = await run(newRoute.action, {
      request: makeRequest("/admin/blog/nuevo", { cookie: cookies.editor, form: article }),
    });
    expect(created.status).toBe(302);
    expect(created.location).toBe("/admin/blog");
    const found = await getPublicArticle(db.db, article.slug);
    expect(found?.article.title).toBe(article.title);

    const again = await run(newRoute.action, {
      request: makeRequest("/admin/blog/nuevo", { cookie: cookies.editor, form: article }),
    });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({
      fieldErrors: { slug: [expect.stringContaining("Ya existe")] },
    });
  });

  it("the public page renders hostile Markdown inert", async () => {
    const out = await run(articleRoute.loader, {
      request: makeRequest(`/blog/${article.slug}`),
      params: { slug: article.slug },
    });
    const html = (out.data as { html: string }).html;
    expect(html).toContain(`<h2 id="seccion-la-pausa">La pausa</h2>`);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
  });

  it("an administrator renames the slug: the old address answers 301", async () => {
    const edited = await run(editRoute.action, {
      request: makeRequest(`/admin/blog/editar/${article.slug}`, {
        cookie: cookies.administrator,
        form: { ...article, slug: "respirar-antes" },
      }),
      params: { slug: article.slug },
    });
    expect(edited.status).toBe(302);
    const old = await run(articleRoute.loader, {
      request: makeRequest(`/blog/${article.slug}`),
      params: { slug: article.slug },
    });
    expect(old.status).toBe(301);
    expect(old.location).toBe("/blog/respirar-antes");
  });

  it("an editor makes it private (public page 404), then an administrator deletes it", async () => {
    const hidden = await run(blogRoute.action, {
      request: makeRequest("/admin/blog", {
        cookie: cookies.editor,
        form: { intent: "visibility", slug: "respirar-antes", isPublic: "0" },
      }),
    });
    expect(hidden.status).toBe(302);
    const publicPage = await run(articleRoute.loader, {
      request: makeRequest("/blog/respirar-antes"),
      params: { slug: "respirar-antes" },
    });
    expect(publicPage.status).toBe(404);

    const before = await rows();
    const deleted = await run(blogRoute.action, {
      request: makeRequest("/admin/blog", {
        cookie: cookies.administrator,
        form: { intent: "delete", slug: "respirar-antes" },
      }),
    });
    expect(deleted.status).toBe(302);
    expect(await rows()).toBe(before - 1);
  });
});
