import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { articlePreviewLinks, articles, contentSeeds, user } from "~/db/schema";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { PREVIEW_LINK_MESSAGES as M } from "./preview-link-form";
import {
  activePreviewLinks,
  articleForPreview,
  createPreviewLink,
  purgeOldPreviewLinks,
  revokePreviewLink,
} from "./preview-links.server";
import { seedArticles } from "./seed.server";

const NOW = new Date("2026-11-25T10:00:00Z"); // 11:00 in Madrid
const SLUG = "duelo-como-abordarlo";
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe.each(DRIVERS)("preview links (%s)", (driver) => {
  const db = useTestDatabase(driver);
  beforeEach(async () => {
    await db.db.delete(articlePreviewLinks);
    await db.db.delete(articles);
    await db.db.delete(contentSeeds);
    await seedArticles(db.db);
    await db.db
      .insert(user)
      .values({ id: "u1", name: "Ana Ruiz", email: "u1@example.com" })
      .onConflictDoNothing();
    await db.db
      .update(articles)
      .set({ status: "borrador", isPublic: false })
      .where(eq(articles.slug, SLUG));
  });

  it("opens a draft until the chosen time, storing only the token's hash", async () => {
    const made = await createPreviewLink(db.db, SLUG, { expiresAt: "2026-11-26T11:00" }, "u1", NOW);
    expect(made).toMatchObject({ ok: true, expiresAt: new Date("2026-11-26T10:00:00Z") });
    if (!made.ok) return;
    expect(made.url).toMatch(/\/vista-previa\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(made.url);
    const [stored] = await db.db.select().from(articlePreviewLinks);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const open = await articleForPreview(db.db, token, new Date("2026-11-26T09:59:00Z"));
    expect(open?.article).toMatchObject({ slug: SLUG, status: "borrador" });
    expect(await articleForPreview(db.db, token, new Date("2026-11-26T10:00:00Z"))).toBeNull();
    // One character changed (never to itself: a fixed replacement would equal the token 1 time in 64).
    const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect(await articleForPreview(db.db, altered, NOW)).toBeNull();
    expect(await articleForPreview(db.db, "../../etc", NOW)).toBeNull();
  });

  it("refuses times in the past, beyond 30 days or skipped by the clock change; nothing stored", async () => {
    const at = async (expiresAt: unknown) =>
      createPreviewLink(db.db, SLUG, { expiresAt }, "u1", NOW);
    expect(await at("2026-11-25T10:59")).toMatchObject({
      fieldErrors: { expiresAt: [M.expiresAtPast] },
    });
    expect(await at("2026-12-26T11:00")).toMatchObject({
      fieldErrors: { expiresAt: [M.expiresAtFar] },
    });
    expect(await at("2027-03-28T02:30")).toMatchObject({
      fieldErrors: { expiresAt: [M.expiresAtGap] },
    });
    expect(await at("2026-11-31T10:00")).toMatchObject({
      fieldErrors: { expiresAt: [M.expiresAtDay] },
    });
    expect(await at("")).toMatchObject({ fieldErrors: { expiresAt: [M.expiresAt] } });
    expect(await at("2026/11/26 11:00")).toMatchObject({
      fieldErrors: { expiresAt: [M.expiresAtFormat] },
    });
    expect(await at(["x"])).toMatchObject({ status: 400 });
    expect(
      await createPreviewLink(db.db, "no-existe", { expiresAt: "2026-11-26T11:00" }, "u1", NOW),
    ).toMatchObject({ status: 404 });
    expect(await db.db.select().from(articlePreviewLinks)).toEqual([]);
  });

  it("a revoked link stops working at once; another article's link cannot be revoked from here", async () => {
    const made = await createPreviewLink(db.db, SLUG, { expiresAt: "2026-11-30T11:00" }, "u1", NOW);
    if (!made.ok) throw new Error("no link");
    const [article] = await db.db.select().from(articles).where(eq(articles.slug, SLUG));
    const [link] = await activePreviewLinks(db.db, article!.id, NOW);
    expect(await revokePreviewLink(db.db, "manejo-fobias", link!.id, NOW)).toBe(false);
    expect(await articleForPreview(db.db, tokenOf(made.url), NOW)).not.toBeNull();
    expect(await revokePreviewLink(db.db, SLUG, link!.id, NOW)).toBe(true);
    expect(await articleForPreview(db.db, tokenOf(made.url), NOW)).toBeNull();
    expect(await activePreviewLinks(db.db, article!.id, NOW)).toEqual([]);
    expect(await revokePreviewLink(db.db, SLUG, link!.id, NOW)).toBe(false);
  });

  it("a deleted account leaves its links without a creator", async () => {
    await createPreviewLink(db.db, SLUG, { expiresAt: "2026-11-26T11:00" }, "u1", NOW);
    await db.db.delete(user).where(eq(user.id, "u1"));
    const [link] = await db.db.select().from(articlePreviewLinks);
    expect(link!.createdBy).toBeNull();
  });

  it("retention deletes links 30 days after they stopped working", async () => {
    await createPreviewLink(db.db, SLUG, { expiresAt: "2026-11-26T11:00" }, "u1", NOW);
    expect(await purgeOldPreviewLinks(db.db, 30, new Date("2026-12-20T00:00:00Z"))).toBe(0);
    expect(await purgeOldPreviewLinks(db.db, 30, new Date("2026-12-27T00:00:00Z"))).toBe(1);
  });
});
