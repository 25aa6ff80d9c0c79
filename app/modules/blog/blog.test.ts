import { eq } from "drizzle-orm";
import { SEARCH_MAX } from "~/utils/search";
import { beforeEach, describe, expect, it } from "vitest";
import { articles, contentSeeds } from "~/db/schema";
import { renderMarkdown } from "~/modules/content/markdown";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { makeRequest, run } from "../../../tests/support/routes";
import * as blogRoute from "~/routes/public/blog";
import * as articleRoute from "~/routes/public/article";
import * as homeRoute from "~/routes/public/home";
import * as notFoundRoute from "~/routes/public/not-found";
import type { Db } from "~/db/client.server";
import {
  articleStats,
  featuredArticles,
  recentArticleLinks,
  getPublicArticle,
  listArticles,
} from "./blog.server";
import { bundledArticles, seedArticles } from "./seed.server";

describe("bundled articles", () => {
  const all = bundledArticles();
  it("are 26, with the 20 original slugs, each 600–1,200 words with related slugs that exist", () => {
    expect(all).toHaveLength(26);
    const slugs = new Set(all.map((a) => a.slug));
    for (const slug of [
      "ansiedad-comprendiendo-sus-mecanismos",
      "tecnicas-mindfulness-diario",
      "autoestima-clave-bienestar",
      "resiliencia-superar-dificultades",
      "duelo-como-abordarlo",
      "manejo-fobias",
      "psicologia-infantil",
      "educacion-emocional",
      "terapia-pareja-comunicacion-vinculo",
      "expresion-emociones-como",
      "psicologia-positiva",
      "dependencia-emocional",
      "como-prevenir-burnout",
      "terapia-cognitivo-conductual",
      "terapia-familiar",
      "sueño-y-salud-mental",
      "asertividad-aprender-a-decir-no",
      "terapia-juego-infantil",
      "crisis-vitales-afrontar-crecer",
      "poder-gratitud",
    ]) {
      expect(slugs.has(slug), slug).toBe(true);
    }
    for (const a of all) {
      const words = a.content.split(/\s+/).length;
      expect(words, a.slug).toBeGreaterThanOrEqual(600);
      expect(words, a.slug).toBeLessThanOrEqual(1300);
      expect(a.relatedSlugs.length).toBeGreaterThan(0);
      for (const r of a.relatedSlugs) expect(slugs.has(r), `${a.slug} → ${r}`).toBe(true);
      expect(a.date >= "2023-01-01" && a.date <= "2025-12-31").toBe(true);
    }
    expect(new Set(all.map((a) => a.category)).size).toBeGreaterThanOrEqual(15);
  });
});

describe("Markdown rendering is inert for hostile input", () => {
  it("escapes raw HTML and drops dangerous links", () => {
    const html = renderMarkdown(
      [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        "[clic](javascript:alert(1)) [datos](data:text/html,hola) [vb](vbscript:x)",
        "[externo](https://example.com) [interno](/blog)",
        "![imagen](https://example.com/x.png)",
        "# Título",
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<script|<img|onerror="|href="javascript|href="data|href="vbscript/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">externo</a>',
    );
    expect(html).toContain('<a href="/blog">interno</a>');
    expect(html).toContain("<h2>Título</h2>");
  });
});

describe.each(DRIVERS)("blog on the database (%s)", (driver) => {
  const db = useTestDatabase(driver);
  beforeEach(async () => {
    await db.db.delete(articles);
    await db.db.delete(contentSeeds);
    await seedArticles(db.db);
  });

  it("seeds once and never overwrites an edited article", async () => {
    expect((await db.db.select().from(articles)).length).toBe(26);
    await db.db
      .update(articles)
      .set({ title: "Editado por el equipo" })
      .where(eq(articles.slug, "duelo-como-abordarlo"));
    await db.db.delete(articles).where(eq(articles.slug, "manejo-fobias"));
    expect(await seedArticles(db.db)).toBe(0);
    const [edited] = await db.db
      .select()
      .from(articles)
      .where(eq(articles.slug, "duelo-como-abordarlo"));
    expect(edited!.title).toBe("Editado por el equipo");
    expect((await db.db.select().from(articles)).length).toBe(25);
  });

  it("searches in Spanish: accents, case and word forms, best matches first", async () => {
    const byWordForm = await listArticles(db.db, { q: "ansioso" });
    expect(byWordForm.total).toBeGreaterThan(0);
    expect(byWordForm.items.slice(0, 3).map((a) => a.slug)).toContain(
      "ansiedad-comprendiendo-sus-mecanismos",
    );
    const accents = await listArticles(db.db, { q: "SUEÑO" });
    const noAccents = await listArticles(db.db, { q: "sueno" });
    expect(accents.total).toBeGreaterThan(0);
    expect(noAccents.items.map((a) => a.slug)).toEqual(accents.items.map((a) => a.slug));
    expect(accents.items[0]!.slug).toBe("sueño-y-salud-mental");
    const none = await listArticles(db.db, { q: "xilófono cuántico" });
    expect(none).toMatchObject({ total: 0, items: [], page: 1, pageCount: 1 });
    const hostile = await listArticles(db.db, { q: "'); drop table articles; -- & | ! :* <>" });
    expect(hostile).toMatchObject({ total: 0, items: [], page: 1, pageCount: 1 });
    // Search operators are read as plain text: around a word, the same as the word alone.
    const word = await listArticles(db.db, { q: "ansiedad" });
    const withOperators = await listArticles(db.db, { q: "ansiedad & | ! :* <>" });
    expect(word.total).toBeGreaterThan(0);
    expect(withOperators.items.map((a) => a.slug)).toEqual(word.items.map((a) => a.slug));
    expect((await db.db.select().from(articles)).length).toBe(26);
  });

  it("filters by category and paginates six per page", async () => {
    const terapias = await listArticles(db.db, { category: "terapias" });
    expect(terapias.total).toBe(2);
    expect(terapias.items.every((a) => a.category === "terapias")).toBe(true);
    const unknown = await listArticles(db.db, { category: "no-existe" });
    expect(unknown.total).toBe(26);
    const p1 = await listArticles(db.db, { page: 1 });
    const p5 = await listArticles(db.db, { page: 5 });
    expect(p1).toMatchObject({ pageCount: 5, page: 1 });
    expect(p1.items).toHaveLength(6);
    expect(p5.items).toHaveLength(2);
    expect((await listArticles(db.db, { page: 99 })).page).toBe(5);
    // Newest first.
    expect(p1.items[0]!.date >= p1.items[1]!.date).toBe(true);
  });

  it("hides a private article everywhere public: list, detail, related, featured, counts", async () => {
    const [newest] = await featuredArticles(db.db, 1);
    await db.db
      .update(articles)
      .set({ isPublic: false, status: "privado" })
      .where(eq(articles.slug, newest!.slug));
    const list = await listArticles(db.db, { pageSize: 100 });
    expect(list.total).toBe(25);
    expect(list.items.map((a) => a.slug)).not.toContain(newest!.slug);
    expect(await getPublicArticle(db.db, newest!.slug)).toBeNull();
    expect((await featuredArticles(db.db, 3)).map((a) => a.slug)).not.toContain(newest!.slug);
    const pointing = (await db.db.select().from(articles)).find((a) =>
      a.relatedSlugs.includes(newest!.slug),
    );
    if (pointing) {
      const found = await getPublicArticle(db.db, pointing.slug);
      expect(found!.related.map((r) => r.slug)).not.toContain(newest!.slug);
    }
    const search = await listArticles(db.db, { q: newest!.title });
    expect(search.items.map((a) => a.slug)).not.toContain(newest!.slug);
    // Staff figures still count it.
    expect((await articleStats(db.db)).articles).toBe(26);

    const detail = await run(articleRoute.loader, {
      request: makeRequest(`/blog/${newest!.slug}`),
      params: { slug: newest!.slug },
    });
    expect(detail.status).toBe(404);
    const home = await run(homeRoute.loader, { request: makeRequest("/") });
    expect(
      (home.data as { featured: Array<{ slug: string }> }).featured.map((a) => a.slug),
    ).not.toContain(newest!.slug);
  });

  it("both 404 pages suggest the newest public articles, and stay a 404 if those cannot be read", async () => {
    const newest = (await featuredArticles(db.db, 4)).map((a) => a.slug);
    const suggested = async () => {
      const unknown = await run(notFoundRoute.loader, { request: makeRequest("/no-existe") });
      const missing = await run(articleRoute.loader, {
        request: makeRequest("/blog/no-existe"),
        params: { slug: "no-existe" },
      });
      expect([unknown.status, missing.status]).toEqual([404, 404]);
      const slugs = (o: typeof unknown) =>
        (o.data as { recent: Array<{ slug: string }> }).recent.map((a) => a.slug);
      expect(slugs(missing)).toEqual(slugs(unknown));
      return slugs(unknown);
    };
    expect(await suggested()).toEqual(newest.slice(0, 3));
    // A private article is never suggested.
    await db.db
      .update(articles)
      .set({ isPublic: false, status: "privado" })
      .where(eq(articles.slug, newest[0]!));
    expect(await suggested()).toEqual(newest.slice(1, 4));
    const unreadable = {
      select: () => {
        throw new Error("sin conexión");
      },
    } as unknown as Db;
    expect(await recentArticleLinks(unreadable, 3)).toEqual([]);
  });

  it("the /blog loader redirects malformed input to a valid page and cuts long queries", async () => {
    const go = (url: string) => run(blogRoute.loader, { request: makeRequest(url) });
    expect((await go("/blog?pagina=abc")).location).toBe("/blog");
    expect((await go("/blog?pagina=0")).location).toBe("/blog");
    expect((await go("/blog?pagina=99")).location).toBe("/blog?pagina=5");
    expect((await go("/blog?categoria=inventada")).location).toBe("/blog");
    const long = await go(`/blog?q=${"a".repeat(500)}`);
    expect(long.status).toBe(302);
    expect(new URL(long.location!, "http://x").searchParams.get("q")).toHaveLength(SEARCH_MAX);
    const ok = await go("/blog?q=duelo&categoria=duelo");
    expect(ok.status).toBe(200);
    expect((ok.data as { total: number }).total).toBeGreaterThan(0);
  });
});
