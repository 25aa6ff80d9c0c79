import { and, asc, count, desc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { articleRevisions, articles, auditLog } from "~/db/schema";
import { saveArticle } from "~/modules/blog/admin.server";
import { ORIGINAL_VERSION } from "~/modules/blog/revisions";
import { seedArticles } from "~/modules/blog/seed.server";
import { resetEnvCache } from "~/utils/env.server";
import * as editRoute from "~/routes/admin/blog-edit";
import * as newRoute from "~/routes/admin/blog-new";
import * as revisionsRoute from "~/routes/admin/blog-revisions";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeRequest, run, staffAccounts, type StaffRole } from "../support/routes";

const SEEDED = "soledad-no-deseada";

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

type Loaded = Awaited<ReturnType<typeof revisionsRoute.loader>>;

describe.each(DRIVERS)("article revisions (%s)", (driver) => {
  const db = useTestDatabase(driver);
  const cookies: Record<string, string> = {};
  const ids = {} as Record<StaffRole, string>;

  beforeAll(async () => {
    await seedArticles(db.db);
    const staff = await staffAccounts(db.db);
    Object.assign(cookies, staff.cookies);
    Object.assign(ids, staff.ids);
  });

  afterEach(() => {
    delete process.env.ARTICLE_REVISIONS_KEPT;
    resetEnvCache();
  });

  const articleRow = async (slug: string) =>
    (await db.db.select().from(articles).where(eq(articles.slug, slug)))[0]!;
  const revisionsOf = async (slug: string) =>
    db.db
      .select()
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, (await articleRow(slug)).id))
      .orderBy(asc(articleRevisions.createdAt), asc(articleRevisions.id));

  /** The editor's form for a stored article, with some fields changed. */
  async function editForm(slug: string, changes: Record<string, string>) {
    const a = await articleRow(slug);
    return {
      title: a.title,
      slug: a.slug,
      category: a.category,
      excerpt: a.excerpt,
      content: a.content,
      image: a.image,
      imageAlt: a.imageAlt,
      status: a.status,
      ...changes,
    };
  }
  const edit = async (who: string, slug: string, changes: Record<string, string>) =>
    run(editRoute.action, {
      request: makeRequest(`/admin/blog/editar/${slug}`, {
        cookie: cookies[who],
        form: await editForm(slug, changes),
      }),
      params: { slug },
    });
  const page = async (who: string, slug: string, query = "") =>
    run(revisionsRoute.loader, {
      request: makeRequest(`/admin/blog/editar/${slug}/revisiones${query}`, {
        cookie: cookies[who],
      }),
      params: { slug },
    });
  const restore = async (who: string, slug: string, revisionId: number | string) =>
    run(revisionsRoute.action, {
      request: makeRequest(`/admin/blog/editar/${slug}/revisiones`, {
        cookie: cookies[who],
        form: { intent: "restore", revisionId: String(revisionId) },
      }),
      params: { slug },
    });

  it("a new article keeps its first revision, with who saved it", async () => {
    const created = await run(newRoute.action, {
      request: makeRequest("/admin/blog/nuevo", { cookie: cookies.editor, form: article }),
    });
    expect(created.status).toBe(302);
    const revisions = await revisionsOf(article.slug);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({
      title: article.title,
      excerpt: article.excerpt,
      content: article.content,
      userId: ids.editor,
      userName: "editor",
    });
  });

  it("the first edit of a bundled article keeps its original text too; an unchanged save adds none", async () => {
    const original = await articleRow(SEEDED);
    expect(await revisionsOf(SEEDED)).toHaveLength(0);
    const saved = await edit("administrator", SEEDED, {
      content: `${original.content}\n\nUn párrafo nuevo.`,
    });
    expect(saved.status).toBe(302);
    const revisions = await revisionsOf(SEEDED);
    expect(revisions.map((r) => [r.userName, r.userId])).toEqual([
      [ORIGINAL_VERSION, null],
      ["administrator", ids.administrator],
    ]);
    expect(revisions[0]!.content).toBe(original.content);
    expect(revisions[1]!.content).toBe(`${original.content}\n\nUn párrafo nuevo.`);

    // Only the category changes: no revision (their texts would be the same).
    expect((await edit("editor", SEEDED, { category: "emociones" })).status).toBe(302);
    expect(await revisionsOf(SEEDED)).toHaveLength(2);
  });

  it("keeps only the newest ARTICLE_REVISIONS_KEPT revisions of each article", async () => {
    process.env.ARTICLE_REVISIONS_KEPT = "3";
    resetEnvCache();
    const other = (await revisionsOf(SEEDED)).length;
    for (let i = 1; i <= 5; i++) {
      expect((await edit("editor", article.slug, { title: `Versión ${i}` })).status).toBe(302);
    }
    const kept = await revisionsOf(article.slug);
    expect(kept.map((r) => r.title)).toEqual(["Versión 3", "Versión 4", "Versión 5"]);
    // Another article's revisions are not touched.
    expect(await revisionsOf(SEEDED)).toHaveLength(other);
  });

  it("lists revisions newest first and shows a diff of the two newest by default", async () => {
    const out = await page("contributor", SEEDED);
    expect(out.status).toBe(200);
    const data = out.data as Loaded;
    expect(data.canPublish).toBe(false);
    expect(data.revisions.map((r) => r.userName)).toEqual(["administrator", ORIGINAL_VERSION]);
    expect(data.revisions[0]).toMatchObject({ current: true, wordsChange: 3 });
    expect(data.revisions[1]).toMatchObject({ current: false, wordsChange: null });
    expect([data.from, data.to]).toEqual([data.revisions[1]!.id, data.revisions[0]!.id]);
    const content = data.diff!.find((f) => f.field === "content")!;
    expect(content.changed).toBe(true);
    // The text as it reads, formatted, the new paragraph marked as added (revision-html.server.ts).
    expect(content.html).toMatch(
      /<ins [^>]*>(?:(?!<\/ins>).)*Un párrafo nuevo\.(?:(?!<\/ins>).)*<\/ins>/s,
    );
    expect(content.html).toContain("[Añadido: ");
    expect(data.diff!.find((f) => f.field === "title")!.changed).toBe(false);

    // Any two, in either order; an unknown id falls back to the default.
    const swapped = (await page("editor", SEEDED, `?de=${data.to}&con=${data.from}`))
      .data as Loaded;
    expect(swapped.diff!.find((f) => f.field === "content")!.html).toMatch(
      /<del [^>]*>(?:(?!<\/del>).)*Un párrafo nuevo\.(?:(?!<\/del>).)*<\/del>/s,
    );
    const unknown = (await page("editor", SEEDED, "?de=999999&con=abc")).data as Loaded;
    expect([unknown.from, unknown.to]).toEqual([data.from, data.to]);
  });

  it("restores an older revision into the article, as a new revision, and audits it", async () => {
    const before = await articleRow(SEEDED);
    const [original] = await revisionsOf(SEEDED);
    const out = await restore("editor", SEEDED, original!.id);
    expect(out.status).toBe(302);
    expect(out.location).toBe(`/admin/blog/editar/${SEEDED}`);
    const after = await articleRow(SEEDED);
    expect(after.content).toBe(original!.content);
    // Everything else stays.
    expect([after.slug, after.status, after.isPublic, after.category, after.image]).toEqual([
      before.slug,
      before.status,
      before.isPublic,
      before.category,
      before.image,
    ]);
    const revisions = await revisionsOf(SEEDED);
    expect(revisions).toHaveLength(3);
    expect(revisions.at(-1)).toMatchObject({ content: original!.content, userName: "editor" });
    const [entry] = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "article_revision_restored"))
      .orderBy(desc(auditLog.at));
    expect(entry).toMatchObject({ target: SEEDED, details: { revisionId: original!.id } });

    // …and the restore itself can be undone.
    const undo = await restore("administrator", SEEDED, revisions[1]!.id);
    expect(undo.status).toBe(302);
    expect((await articleRow(SEEDED)).content).toBe(revisions[1]!.content);
  });

  it("refuses a contributor, another article's revision, an unknown one or a bad text", async () => {
    const before = await articleRow(SEEDED);
    const count0 = (await db.db.select({ n: count() }).from(articleRevisions))[0]!.n;
    const [mine] = await revisionsOf(SEEDED);
    const [others] = await revisionsOf(article.slug);

    const contributor = await restore("contributor", SEEDED, mine!.id);
    expect(contributor.status).toBe(403);
    expect(contributor.data).toMatchObject({
      formError: "Tu rol no permite restaurar revisiones.",
    });

    const foreign = await restore("administrator", SEEDED, others!.id);
    expect(foreign.status).toBe(404);
    expect((foreign.data as { formError: string }).formError).toMatch(/Revisión no encontrada/);
    for (const id of ["999999", "abc", "-1", ""]) {
      expect((await restore("administrator", SEEDED, id)).status).toBe(404);
    }
    expect((await restore("administrator", "no-existe", mine!.id)).status).toBe(404);
    const other = await run(revisionsRoute.action, {
      request: makeRequest(`/admin/blog/editar/${SEEDED}/revisiones`, {
        cookie: cookies.administrator,
        form: { intent: "borrar", revisionId: String(mine!.id) },
      }),
      params: { slug: SEEDED },
    });
    expect(other.status).toBe(400);

    // A revision whose text the article form refuses (an empty text) restores nothing.
    const [broken] = await db.db
      .insert(articleRevisions)
      .values({ articleId: before.id, title: "Vacío", content: "  ", userName: "Prueba" })
      .returning({ id: articleRevisions.id });
    const refused = await restore("administrator", SEEDED, broken!.id);
    expect(refused.status).toBe(400);
    expect((refused.data as { formError: string }).formError).toContain(
      "El contenido es requerido",
    );
    await db.db.delete(articleRevisions).where(eq(articleRevisions.id, broken!.id));

    expect(await articleRow(SEEDED)).toEqual(before);
    expect((await db.db.select({ n: count() }).from(articleRevisions))[0]!.n).toBe(count0);
  });

  it("the editor links to the revisions with their count; without `by` nothing is recorded", async () => {
    const out = await run(editRoute.loader, {
      request: makeRequest(`/admin/blog/editar/${SEEDED}`, { cookie: cookies.contributor }),
      params: { slug: SEEDED },
    });
    const { revisionCount } = out.data as { revisionCount: number };
    expect(revisionCount).toBe((await revisionsOf(SEEDED)).length);

    const a = await articleRow("manejo-fobias");
    const saved = await saveArticle(db.db, await editForm("manejo-fobias", { title: "Otro" }), {
      originalSlug: "manejo-fobias",
    });
    expect(saved).toMatchObject({ ok: true, id: a.id });
    const n = await db.db
      .select({ n: count() })
      .from(articleRevisions)
      .where(and(eq(articleRevisions.articleId, a.id)));
    expect(n[0]!.n).toBe(0);
  });
});
