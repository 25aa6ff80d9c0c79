import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { articleAutosaves, articles } from "~/db/schema";
import type { UnsavedCopy } from "~/modules/blog/autosave";
import { unsavedCopy } from "~/modules/blog/autosave.server";
import { seedArticles } from "~/modules/blog/seed.server";
import { RETENTION } from "~/modules/retention/periods";
import { runRetention } from "~/modules/retention/retention.server";
import * as editRoute from "~/routes/admin/blog-edit";
import * as newRoute from "~/routes/admin/blog-new";
import * as autosaveRoute from "~/routes/resources/article-autosave";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeRequest, run, staffAccounts, type StaffRole } from "../support/routes";

const SLUG = "terapia-familiar";
const DAY = 24 * 60 * 60 * 1000;

describe.each(DRIVERS)("article autosave (%s)", (driver) => {
  const db = useTestDatabase(driver);
  const cookies: Record<string, string> = {};
  const ids = {} as Record<StaffRole, string>;

  beforeAll(async () => {
    await seedArticles(db.db);
    const staff = await staffAccounts(db.db);
    Object.assign(cookies, staff.cookies);
    Object.assign(ids, staff.ids);
  });

  const post = (who: string, form: Record<string, string>) =>
    run(autosaveRoute.action, {
      request: makeRequest("/admin/blog/autoguardado", { cookie: cookies[who], form }),
    });
  const stored = async () =>
    (await db.db.select().from(articles).where(eq(articles.slug, SLUG)))[0]!;
  const copies = () => db.db.select().from(articleAutosaves);
  const editorPage = async (who: string) =>
    (
      await run(editRoute.loader, {
        request: makeRequest(`/admin/blog/editar/${SLUG}`, { cookie: cookies[who] }),
        params: { slug: SLUG },
      })
    ).data as { unsaved: UnsavedCopy | null; article: Record<string, unknown> };

  it("keeps one copy per person and article, replaced by each autosave, never the article", async () => {
    const before = await stored();
    const first = await post("editor", {
      intent: "save",
      original: SLUG,
      title: "Título a medias",
      content: "Texto\r\na medias",
      category: "no-es-una-categoria",
      image: "https://evil.example/x.png",
    });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ ok: true, savedAt: expect.any(String) });
    const second = await post("editor", {
      intent: "save",
      original: SLUG,
      title: "Título casi terminado",
      content: "Texto casi terminado",
      image: "/media/blog/images/foto-960.webp",
    });
    expect(second.status).toBe(200);
    const rows = await copies();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: ids.editor, articleId: before.id });
    expect(rows[0]!.data).toMatchObject({
      title: "Título casi terminado",
      content: "Texto casi terminado",
      image: "/media/blog/images/foto-960.webp",
      category: "",
      excerpt: "",
    });
    expect(await stored()).toEqual(before);

    // What the browser cannot be trusted with: a category or image the article form refuses.
    await post("editor", { intent: "save", original: SLUG, category: "x", image: "javascript:1" });
    expect((await copies())[0]!.data).toMatchObject({ category: "", image: "" });
  });

  it("offers the copy only to its owner, and only when it differs from the stored article", async () => {
    await post("editor", { intent: "save", original: SLUG, title: "Solo mío" });
    const mine = await editorPage("editor");
    expect(mine.unsaved?.data.title).toBe("Solo mío");
    expect(Date.parse(mine.unsaved!.savedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Another person (who may publish too) never sees it, nor a contributor.
    expect((await editorPage("administrator")).unsaved).toBeNull();
    expect((await editorPage("contributor")).unsaved).toBeNull();

    // A copy equal to the article as stored (the editor's fields) is not offered.
    const same = Object.fromEntries(
      Object.entries(mine.article).filter(([, v]) => typeof v === "string"),
    ) as Record<string, string>;
    await post("editor", {
      intent: "save",
      original: SLUG,
      ...same,
      content: `${same.content}\r\n`,
    });
    expect((await editorPage("editor")).unsaved).toBeNull();
    expect(await copies()).toHaveLength(1);
  });

  it("keeps a new article's copy apart, and deletes each copy when its owner saves", async () => {
    await post("editor", { intent: "save", original: SLUG, title: "Cambio sin guardar" });
    await post("editor", { intent: "save", original: "", title: "Un artículo nuevo" });
    await post("administrator", { intent: "save", title: "El nuevo de otra persona" });
    const newPage = await run(newRoute.loader, {
      request: makeRequest("/admin/blog/nuevo", { cookie: cookies.editor }),
    });
    expect((newPage.data as { unsaved: UnsavedCopy }).unsaved.data.title).toBe("Un artículo nuevo");

    // A failed save keeps the copy.
    const a = await stored();
    const form = {
      title: "Guardado de verdad",
      slug: SLUG,
      category: a.category,
      excerpt: a.excerpt,
      content: a.content,
      image: a.image,
      imageAlt: a.imageAlt,
      status: "publicado",
    };
    const failed = await run(editRoute.action, {
      request: makeRequest(`/admin/blog/editar/${SLUG}`, {
        cookie: cookies.editor,
        form: { ...form, content: "" },
      }),
      params: { slug: SLUG },
    });
    expect(failed.status).toBe(400);
    expect(await copies()).toHaveLength(3);

    const saved = await run(editRoute.action, {
      request: makeRequest(`/admin/blog/editar/${SLUG}`, { cookie: cookies.editor, form }),
      params: { slug: SLUG },
    });
    expect(saved.status).toBe(302);
    // Only that person's copy of that article went.
    const left = await copies();
    expect(left.map((c) => [c.userId, c.articleId]).sort()).toEqual(
      [
        [ids.editor, null],
        [ids.administrator, null],
      ].sort(),
    );

    const created = await run(newRoute.action, {
      request: makeRequest("/admin/blog/nuevo", {
        cookie: cookies.editor,
        form: { ...form, slug: "un-articulo-nuevo", title: "Un artículo nuevo" },
      }),
    });
    expect(created.status).toBe(302);
    expect((await copies()).map((c) => c.userId)).toEqual([ids.administrator]);
  });

  it("a new article's blank form is not offered back", async () => {
    await post("contributor", { intent: "save" }); // refused: a contributor has no copy
    const blank = await post("editor", { intent: "save", original: "", author: "Editora" });
    expect(blank.status).toBe(200);
    expect(await unsavedCopy(db.db, ids.editor, null)).toBeNull();
    await post("editor", { intent: "save", original: "", excerpt: "Algo escrito" });
    expect((await unsavedCopy(db.db, ids.editor, null))?.data.excerpt).toBe("Algo escrito");
    await post("editor", { intent: "discard", original: "" });
  });

  it("discards a copy on request, only the caller's", async () => {
    await post("editor", { intent: "save", original: SLUG, title: "Para descartar" });
    await post("administrator", { intent: "save", original: SLUG, title: "De otra persona" });
    const out = await post("editor", { intent: "discard", original: SLUG });
    expect(out.status).toBe(200);
    const left = await copies();
    expect(left.map((c) => c.data.title).sort()).toEqual([
      "De otra persona",
      "El nuevo de otra persona",
    ]);
    expect(await unsavedCopy(db.db, ids.editor, null)).toBeNull();
  });

  it("refuses contributors, unknown articles, unknown intents and oversized fields, storing nothing", async () => {
    const before = await copies();
    const contributor = await post("contributor", { intent: "save", original: SLUG, title: "x" });
    expect(contributor.status).toBe(403);
    expect(contributor.data).toMatchObject({
      formError: "Tu rol no permite guardar cambios de artículos.",
    });
    const unknown = await post("editor", { intent: "save", original: "no-existe", title: "x" });
    expect(unknown.status).toBe(404);
    expect((await post("editor", { intent: "save", original: "../x", title: "x" })).status).toBe(
      404,
    );
    expect((await post("editor", { intent: "otra" })).status).toBe(400);
    const huge = await post("editor", {
      intent: "save",
      original: SLUG,
      content: "a".repeat(100_001),
    });
    expect(huge.status).toBe(400);
    expect((huge.data as { formError: string }).formError).toContain(
      "El contenido no puede exceder 100.000 caracteres",
    );
    expect(
      (await post("editor", { intent: "save", original: SLUG, title: "t".repeat(201) })).status,
    ).toBe(400);
    expect(await copies()).toEqual(before);
    const anonymous = await run(autosaveRoute.action, {
      request: makeRequest("/admin/blog/autoguardado", { form: { intent: "save" } }),
    });
    expect(anonymous.status).toBe(302);
  });

  it("the retention job deletes copies untouched for 30 days", async () => {
    await post("editor", { intent: "save", original: SLUG, title: "Reciente" });
    const old = new Date(Date.now() - (RETENTION.articleAutosaveDays + 1) * DAY);
    await db.db
      .update(articleAutosaves)
      .set({ updatedAt: old })
      .where(eq(articleAutosaves.userId, ids.administrator));
    const removed = await runRetention(db.db);
    expect(removed.articleAutosaves).toBe(2);
    expect((await copies()).map((c) => c.data.title)).toEqual(["Reciente"]);
  });
});
