import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { articles, auditLog, contentSeeds, contentVersion } from "~/db/schema";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { saveArticle, setArticleVisibility } from "./admin.server";
import { ARTICLE_MESSAGES as M } from "./article-form";
import { latestPublicArticles, listArticles, publicArticleDates } from "./blog.server";
import { publishDueArticles } from "./publishing.server";
import { madridLocalInstant, madridLocalValue } from "./schedule";
import { seedArticles } from "./seed.server";

const article = {
  title: "Dormir mejor en invierno",
  slug: "dormir-mejor-invierno",
  category: "salud-mental",
  excerpt: "",
  content: "## Luz\n\nSal a la calle por la mañana.",
  image: "/media/blog/images/1700000000000-descanso-960.webp",
  imageAlt: "Una ventana con luz de mañana",
};
const NOW = new Date("2026-11-25T10:00:00Z"); // 11:00 in Madrid

describe("Madrid times of the schedule", () => {
  it("reads datetime-local values in Madrid, refusing the hour skipped in March", () => {
    expect(madridLocalInstant("2026-11-25T11:30")).toBe(Date.parse("2026-11-25T10:30:00Z"));
    expect(madridLocalInstant("2026-07-01T11:30")).toBe(Date.parse("2026-07-01T09:30:00Z"));
    expect(madridLocalInstant("2027-03-28T02:30")).toBeNull();
    expect(madridLocalInstant("2026-02-30T10:00")).toBeNull();
    expect(madridLocalInstant("ayer")).toBeNull();
    expect(madridLocalValue(Date.parse("2026-07-01T09:30:00Z"))).toBe("2026-07-01T11:30");
  });
});

describe.each(DRIVERS)("article states and scheduled publishing (%s)", (driver) => {
  const db = useTestDatabase(driver);
  beforeEach(async () => {
    await db.db.delete(articles);
    await db.db.delete(auditLog);
    await db.db.delete(contentSeeds);
    await seedArticles(db.db);
  });
  const row = async (slug = article.slug) =>
    (await db.db.select().from(articles).where(eq(articles.slug, slug)))[0]!;
  const version = async () => (await db.db.select().from(contentVersion))[0]?.version ?? 0;
  const visible = async (slug = article.slug) => ({
    blog: (await listArticles(db.db, { pageSize: 100 })).items.some((a) => a.slug === slug),
    sitemap: (await publicArticleDates(db.db)).some((a) => a.slug === slug),
    rss: (await latestPublicArticles(db.db, 100)).some((a) => a.slug === slug),
  });

  it("a draft is hidden; publishing it later gives it that day's date, privacy keeps it", async () => {
    const draft = await saveArticle(db.db, { ...article, status: "borrador" }, { now: NOW });
    expect(draft).toMatchObject({ ok: true });
    expect(await row()).toMatchObject({ status: "borrador", isPublic: false, date: "2026-11-25" });
    expect(await visible()).toEqual({ blog: false, sitemap: false, rss: false });

    const later = new Date("2026-12-02T09:00:00Z");
    const edit = { ...article, status: "publicado" };
    await saveArticle(db.db, edit, { originalSlug: article.slug, now: later });
    expect(await row()).toMatchObject({ status: "publicado", isPublic: true, date: "2026-12-02" });
    expect(await visible()).toEqual({ blog: true, sitemap: true, rss: true });

    // Made private and public again (here or from the list): the date it was first published.
    const after = new Date("2026-12-20T09:00:00Z");
    await saveArticle(
      db.db,
      { ...edit, status: "privado" },
      { originalSlug: article.slug, now: after },
    );
    expect(await row()).toMatchObject({ status: "privado", isPublic: false });
    await setArticleVisibility(db.db, article.slug, true, after);
    expect(await row()).toMatchObject({ status: "publicado", date: "2026-12-02" });
  });

  it("a scheduled day kept through Privado is never shown as a future date once published", async () => {
    const scheduled = { ...article, status: "programado", publishAt: "2026-12-01T09:00" };
    await saveArticle(db.db, scheduled, { now: NOW });
    expect(await row()).toMatchObject({ status: "programado", date: "2026-12-01" });
    await saveArticle(
      db.db,
      { ...article, status: "privado" },
      { originalSlug: article.slug, now: NOW },
    );
    expect(await row()).toMatchObject({ status: "privado", date: "2026-12-01" });

    // Published from the editor on the 22nd: that day, not the 1st of December.
    const on22 = new Date("2026-11-22T09:00:00Z");
    const edit = { ...article, status: "publicado" };
    await saveArticle(db.db, edit, { originalSlug: article.slug, now: on22 });
    expect(await row()).toMatchObject({ status: "publicado", date: "2026-11-22" });

    // The same from the list's switch.
    await saveArticle(
      db.db,
      { ...article, status: "programado", publishAt: "2026-12-01T09:00" },
      { originalSlug: article.slug, now: NOW },
    );
    await saveArticle(
      db.db,
      { ...article, status: "privado" },
      { originalSlug: article.slug, now: NOW },
    );
    await setArticleVisibility(db.db, article.slug, true, on22);
    expect(await row()).toMatchObject({ status: "publicado", date: "2026-11-22" });
  });

  it("refuses a scheduled time in the past or that does not exist, storing nothing", async () => {
    const past = await saveArticle(
      db.db,
      { ...article, status: "programado", publishAt: "2026-11-25T10:59" },
      { now: NOW },
    );
    expect(past).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { publishAt: [M.publishAtPast] },
    });
    const gap = await saveArticle(
      db.db,
      { ...article, status: "programado", publishAt: "2027-03-28T02:30" },
      { now: NOW },
    );
    expect(gap).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { publishAt: [M.publishAtGap] },
    });
    const noSuchDay = await saveArticle(
      db.db,
      { ...article, status: "programado", publishAt: "2027-02-29T10:00" },
      { now: NOW },
    );
    expect(noSuchDay).toMatchObject({ fieldErrors: { publishAt: [M.publishAtDay] } });
    expect(await db.db.select().from(articles).where(eq(articles.slug, article.slug))).toEqual([]);
  });

  it("takes the day and time as a person writes them where the browser has no date picker", async () => {
    const typed = { ...article, status: "programado", publishAt: "26/11/2026 9:30" };
    expect(await saveArticle(db.db, typed, { now: NOW })).toMatchObject({ ok: true });
    expect((await row()).publishAt?.toISOString()).toBe("2026-11-26T08:30:00.000Z");
  });

  it("publishes a scheduled article at its time, exactly once with several instances at once", async () => {
    const scheduled = { ...article, status: "programado", publishAt: "2026-11-26T09:30" };
    expect(await saveArticle(db.db, scheduled, { now: NOW })).toMatchObject({ ok: true });
    expect(await row()).toMatchObject({
      status: "programado",
      isPublic: false,
      date: "2026-11-26",
      publishAt: new Date("2026-11-26T08:30:00Z"),
    });
    // A minute early: nothing, and nothing written (the page caches keep their pages).
    const idle = await version();
    expect(await publishDueArticles(db.db, new Date("2026-11-26T08:29:00Z"))).toEqual([]);
    expect(await version()).toBe(idle);
    expect(await visible()).toEqual({ blog: false, sitemap: false, rss: false });

    const before = await version();
    const at = new Date("2026-11-26T08:30:02Z");
    // Five instances run the job in the same instant: one publishes it, the others find nothing.
    const runs = await Promise.all(Array.from({ length: 5 }, () => publishDueArticles(db.db, at)));
    expect(runs.flat()).toEqual([article.slug]);
    expect(await row()).toMatchObject({ status: "publicado", isPublic: true, date: "2026-11-26" });
    expect(await visible()).toEqual({ blog: true, sitemap: true, rss: true });
    // The page cache's generation moved with it.
    expect(await version()).toBeGreaterThan(before);
    const audits = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "article_published_scheduled"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ target: article.slug, actorId: null });
    // Later runs change nothing.
    expect(await publishDueArticles(db.db, new Date("2026-11-27T00:00:00Z"))).toEqual([]);
  });

  it("a scheduled article taken back to draft is not published at its old time", async () => {
    const scheduled = { ...article, status: "programado", publishAt: "2026-11-26T09:30" };
    await saveArticle(db.db, scheduled, { now: NOW });
    await saveArticle(
      db.db,
      { ...article, status: "borrador" },
      { originalSlug: article.slug, now: NOW },
    );
    expect(await row()).toMatchObject({ status: "borrador", publishAt: null });
    expect(await publishDueArticles(db.db, new Date("2026-11-27T00:00:00Z"))).toEqual([]);
  });

  it("counts reading minutes in the database, at 200 words a minute and at least one", async () => {
    await saveArticle(
      db.db,
      { ...article, content: "palabra ".repeat(401), status: "publicado" },
      { now: NOW },
    );
    expect((await row()).readingMinutes).toBe(3);
    await saveArticle(
      db.db,
      { ...article, content: "Breve.", status: "publicado" },
      { originalSlug: article.slug, now: NOW },
    );
    expect((await row()).readingMinutes).toBe(1);
  });
});
