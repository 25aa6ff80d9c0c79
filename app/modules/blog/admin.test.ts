import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { articleRedirects, articles, contentSeeds } from "~/db/schema";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import {
  deleteArticle,
  listAdminArticles,
  redirectFor,
  saveArticle,
  setArticleVisibility,
} from "./admin.server";
import { ARTICLE_MESSAGES as M, parseArticle, suggestSlug } from "./article-form";
import { getPublicArticle } from "./blog.server";
import { seedArticles } from "./seed.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";

const valid = {
  title: "Cómo cuidar el descanso",
  slug: "como-cuidar-el-descanso",
  category: "salud-mental",
  excerpt: "Ideas sencillas para dormir mejor.",
  content: "## Rutinas\n\nUn párrafo.\n\nOtro párrafo.",
  image: "/media/blog/images/1700000000000-descanso-960.webp",
  imageAlt: "Una cama con luz suave",
  status: "publicado",
};

describe("article form rules (docs/product.md#article-form)", () => {
  /** Each field's message (the first one, as the form shows it). */
  const errors = (over: Record<string, unknown>) => {
    const parsed = parseArticle({ ...valid, ...over });
    if (parsed.ok) return {};
    return Object.fromEntries(Object.entries(parsed.fieldErrors).map(([k, v]) => [k, v?.[0]]));
  };
  it("gives the product's messages for each required field", () => {
    expect(errors({})).toEqual({});
    expect(errors({ title: "  " }).title).toBe(M.title);
    expect(errors({ slug: "" }).slug).toBe(M.slug);
    expect(errors({ category: "" }).category).toBe(M.category);
    expect(errors({ category: "inventada" }).category).toBe(M.category);
    expect(errors({ content: "\n\n" }).content).toBe(M.content);
    expect(errors({ image: "" }).image).toBe(M.image);
  });
  it("refuses malformed slugs, foreign images and oversized fields", () => {
    expect(errors({ slug: "Con Espacios" }).slug).toBe(M.slugFormat);
    expect(errors({ slug: "a--b" }).slug).toBe(M.slugFormat);
    expect(errors({ slug: "x".repeat(101) }).slug).toBe(M.slugMax);
    expect(errors({ image: "javascript:alert(1)" }).image).toBe(M.imageInvalid);
    expect(errors({ image: "https://evil.example/x.png" }).image).toBe(M.imageInvalid);
    expect(errors({ image: "/media/../secrets.json" }).image).toBe(M.imageInvalid);
    expect(errors({ imageAlt: "" }).imageAlt).toBe(M.imageAlt);
    expect(errors({ title: "t".repeat(201) }).title).toBe(M.titleMax);
    expect(errors({ related: ["a", "b", "c", "d", "e", "f", "g"] }).related).toBe(M.related);
    expect(errors({ author: "a".repeat(101) }).author).toBe(M.authorMax);
    expect(errors({ author: "" })).toEqual({});
    expect(errors({ status: undefined }).status).toBe(M.status);
    expect(errors({ status: "publico" }).status).toBe(M.status);
    expect(errors({ status: "programado" }).publishAt).toBe(M.publishAt);
    expect(errors({ status: "programado", publishAt: "mañana" }).publishAt).toBe(M.publishAtFormat);
    // A time left over from 'programado' means nothing in another state.
    const kept = parseArticle({ ...valid, publishAt: "2030-01-01T10:00" });
    expect(kept.ok && kept.data.publishAt).toBe("");
  });
  it("suggests slugs without accents, keeping ñ", () => {
    expect(suggestSlug("¿Qué es la Ansiedad?")).toBe("que-es-la-ansiedad");
    expect(suggestSlug("Sueño y salud mental")).toBe("sueño-y-salud-mental");
    expect(suggestSlug("  Terapia   de pareja: comunicación  ")).toBe(
      "terapia-de-pareja-comunicacion",
    );
    expect(errors({ slug: suggestSlug("Sueño y salud") })).toEqual({});
  });
});

describe.each(DRIVERS)("blog management (%s)", (driver) => {
  const db = useTestDatabase(driver);
  beforeEach(async () => {
    await db.db.delete(articleRedirects);
    await db.db.delete(articles);
    await db.db.delete(contentSeeds);
    await seedArticles(db.db);
  });

  it("creates an article with today's date; a taken slug is refused and nothing is stored", async () => {
    const created = await saveArticle(db.db, {
      ...valid,
      author: "  Ana   Ruiz ",
      related: ["duelo-como-abordarlo", "no-existe", valid.slug],
    });
    expect(created).toEqual({
      ok: true,
      id: expect.any(Number),
      slug: valid.slug,
      title: valid.title,
    });
    const found = await getPublicArticle(db.db, valid.slug);
    expect(found?.article.date).toBe(
      new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date()),
    );
    expect(found?.article.relatedSlugs).toEqual(["duelo-como-abordarlo"]);
    expect(found?.article.author).toBe("Ana Ruiz");

    const before = (await db.db.select().from(articles)).length;
    const taken = await saveArticle(db.db, { ...valid, slug: "duelo-como-abordarlo" });
    expect(taken).toMatchObject({ ok: false, status: 409, fieldErrors: { slug: [M.slugTaken] } });
    // An image without alternative text, however it is written: refused by the server.
    const blankAlt = await saveArticle(db.db, {
      ...valid,
      slug: "otro",
      content: `Texto\n\n![][r]\n\n[r]: ${valid.image}`,
    });
    expect(blankAlt).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { content: [M.contentImageAlt] },
    });
    const invalid = await saveArticle(db.db, { ...valid, slug: "otro", title: "" });
    expect(invalid).toMatchObject({ ok: false, status: 400, fieldErrors: { title: [M.title] } });
    expect((await db.db.select().from(articles)).length).toBe(before);
  });

  it("stores no author when it is the professional of Ajustes, so the byline follows her name", async () => {
    const settings = await getSettings(db.db);
    await updateSettings(db.db, { ...settings, professionalName: "Laura Gómez Ruiz" });
    const mine = { ...valid, author: "Laura Gómez Ruiz" };
    expect(await saveArticle(db.db, mine)).toMatchObject({ ok: true });
    expect((await getPublicArticle(db.db, valid.slug))?.article.author).toBeNull();
    // Empty: the professional too.
    await saveArticle(db.db, { ...mine, author: "" }, { originalSlug: valid.slug });
    expect((await getPublicArticle(db.db, valid.slug))?.article.author).toBeNull();
    // A guest author is kept on edit.
    await saveArticle(db.db, { ...mine, author: "Pedro Sanz" }, { originalSlug: valid.slug });
    expect((await getPublicArticle(db.db, valid.slug))?.article.author).toBe("Pedro Sanz");
    await updateSettings(db.db, settings);
  });

  it("keeps the date on edit; a slug change redirects the old address and moves related links", async () => {
    const [original] = await db.db
      .select()
      .from(articles)
      .where(eq(articles.slug, "duelo-como-abordarlo"));
    // Another article links to it.
    await db.db
      .update(articles)
      .set({ relatedSlugs: ["duelo-como-abordarlo", "manejo-fobias"] })
      .where(eq(articles.slug, "poder-gratitud"));

    const moved = await saveArticle(
      db.db,
      {
        ...valid,
        title: "El duelo, paso a paso",
        slug: "duelo-paso-a-paso",
        category: original!.category,
        image: original!.image,
      },
      { originalSlug: "duelo-como-abordarlo" },
    );
    expect(moved.ok).toBe(true);
    const after = await getPublicArticle(db.db, "duelo-paso-a-paso");
    expect(after?.article.date).toBe(original!.date);
    expect(await getPublicArticle(db.db, "duelo-como-abordarlo")).toBeNull();
    expect(await redirectFor(db.db, "duelo-como-abordarlo")).toBe("duelo-paso-a-paso");
    const [linker] = await db.db
      .select({ related: articles.relatedSlugs })
      .from(articles)
      .where(eq(articles.slug, "poder-gratitud"));
    expect(linker!.related).toEqual(["duelo-paso-a-paso", "manejo-fobias"]);

    // Moving again: the first address follows to the newest one (no chains).
    await saveArticle(
      db.db,
      { ...valid, slug: "duelo", category: original!.category },
      { originalSlug: "duelo-paso-a-paso" },
    );
    expect(await redirectFor(db.db, "duelo-como-abordarlo")).toBe("duelo");
    expect(await redirectFor(db.db, "duelo-paso-a-paso")).toBe("duelo");

    // A new article may take an old address back; then it is no longer a redirect.
    await saveArticle(db.db, { ...valid, slug: "duelo-como-abordarlo" });
    expect(await redirectFor(db.db, "duelo-como-abordarlo")).toBeNull();
    expect(await getPublicArticle(db.db, "duelo-como-abordarlo")).not.toBeNull();

    // Private targets and deleted targets redirect nowhere.
    await setArticleVisibility(db.db, "duelo", false);
    expect(await redirectFor(db.db, "duelo-paso-a-paso")).toBeNull();
    await deleteArticle(db.db, "duelo");
    expect(
      await db.db.select().from(articleRedirects).where(eq(articleRedirects.toSlug, "duelo")),
    ).toEqual([]);
  });

  it("editing an unknown article is a 404", async () => {
    expect(await saveArticle(db.db, valid, { originalSlug: "no-existe" })).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("lists every article for staff: search by title or text, sort by date, pages of 20", async () => {
    await setArticleVisibility(db.db, "manejo-fobias", false);
    const all = await listAdminArticles(db.db);
    expect(all.total).toBe(26);
    expect(all.items).toHaveLength(20);
    expect(all.pageCount).toBe(2);
    expect(all.items.map((a) => a.date)).toEqual(
      [...all.items.map((a) => a.date)].sort().reverse(),
    );
    const oldest = await listAdminArticles(db.db, { sort: "antiguos" });
    expect(oldest.items[0]!.date <= oldest.items[1]!.date).toBe(true);
    const search = await listAdminArticles(db.db, { q: "fobias" });
    expect(search.items.map((a) => a.slug)).toContain("manejo-fobias");
    expect(search.items.find((a) => a.slug === "manejo-fobias")?.isPublic).toBe(false);
    const fragment = await listAdminArticles(db.db, { q: "Gratit" });
    expect(fragment.items.map((a) => a.slug)).toContain("poder-gratitud");
    const none = await listAdminArticles(db.db, { q: "%_\\ zzzz" });
    expect(none.total).toBe(0);
    expect((await listAdminArticles(db.db, { page: 99 })).page).toBe(2);
  });

  it("visibility switch and delete report the article, or null when unknown", async () => {
    expect(await setArticleVisibility(db.db, "manejo-fobias", false)).toMatchObject({
      title: expect.any(String),
    });
    expect(await getPublicArticle(db.db, "manejo-fobias")).toBeNull();
    expect(await setArticleVisibility(db.db, "no-existe", true)).toBeNull();
    expect(await deleteArticle(db.db, "manejo-fobias")).not.toBeNull();
    expect(await deleteArticle(db.db, "manejo-fobias")).toBeNull();
  });
});
