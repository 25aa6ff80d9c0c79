import { beforeEach, describe, expect, it } from "vitest";
import { pageViews } from "~/db/schema";
import * as dashboard from "~/routes/admin/dashboard";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { makeRequest, run, staffCookie } from "../../../tests/support/routes";
import {
  addDays,
  countablePath,
  madridDay,
  normalizePath,
  pageViewStats,
  purgeOldPageViews,
  recordPageView,
} from "./page-views.server";

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const get = (url: string, headers: Record<string, string> = {}) =>
  countablePath({ method: "GET", url, headers: { "user-agent": BROWSER, ...headers } })?.path ??
  null;

describe("paths and what counts", () => {
  it("normalises paths and maps React Router data requests to their page", () => {
    expect(normalizePath("/blog/?page=2")).toEqual({ path: "/blog", isData: false });
    expect(normalizePath("/_root.data")).toEqual({ path: "/", isData: true });
    expect(normalizePath("/_.data")).toEqual({ path: "/", isData: true });
    expect(normalizePath("/blog.data?_routes=routes%2Fpublic%2Fblog")?.path).toBe("/blog");
    expect(normalizePath("/blog/_.data")?.path).toBe("/blog");
    expect(normalizePath("/sobre-m%C3%AD")?.path).toBe("/sobre-mí");
    expect(normalizePath("//blog//x///")?.path).toBe("/blog/x");
    expect(normalizePath("/")?.path).toBe("/");
    expect(normalizePath(`/${"a".repeat(500)}`)?.path).toHaveLength(200);
    expect(normalizePath("/%E0%A4%A")).toBeNull();
    expect(normalizePath("/a%00b")).toBeNull();
    expect(normalizePath("http://evil/")).toBeNull();
  });

  it("counts public pages for browsers only", () => {
    expect(get("/")).toBe("/");
    expect(get("/blog/mi-articulo?x=1")).toBe("/blog/mi-articulo");
    expect(get("/blog.data")).toBe("/blog");
    expect(countablePath({ method: "HEAD", url: "/", headers: { "user-agent": BROWSER } })).toBe(
      null,
    );
    expect(get("/", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).toBe(
      null,
    );
    expect(countablePath({ method: "GET", url: "/", headers: {} })).toBeNull();
    for (const path of [
      "/admin",
      "/admin/blog",
      "/admin.data",
      "/auth/verificar",
      "/login",
      "/api/eventos",
      "/media/x.webp",
      "/assets/app.js",
      "/healthz",
      "/sitemap.xml",
      "/robots.txt",
      "/blog/rss.xml",
      "/favicon.ico",
    ]) {
      expect(get(path), path).toBeNull();
    }
    expect(get("/", { cookie: "a=1; consulta.session_token=abc.def" })).toBeNull();
    expect(get("/", { cookie: "__Secure-consulta.session_token=abc" })).toBeNull();
    expect(get("/", { cookie: "consulta.session_token=" })).toBe("/");
    expect(get("/blog.data", { "sec-purpose": "prefetch" })).toBeNull();
  });

  it("does not count a data request that revalidates the page already shown", () => {
    expect(get("/blog.data", { referer: "https://example.com/" })).toBe("/blog");
    expect(get("/blog.data", { referer: "https://example.com/blog" })).toBeNull();
    expect(get("/_root.data", { referer: "https://example.com/" })).toBeNull();
    expect(get("/blog.data?page=2", { referer: "https://example.com/blog" })).toBe("/blog");
    expect(get("/blog.data?page=2&_routes=x", { referer: "https://example.com/blog?page=2" })).toBe(
      null,
    );
  });

  it("uses the Spanish day", () => {
    expect(madridDay(new Date("2026-06-30T22:30:00Z"))).toBe("2026-07-01");
    expect(madridDay(new Date("2026-01-31T22:30:00Z"))).toBe("2026-01-31");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe.each(DRIVERS)("page counts in the database (%s)", (driver) => {
  const db = useTestDatabase(driver);
  beforeEach(async () => {
    await db.db.delete(pageViews);
  });

  const rows = async () =>
    (await db.db.select().from(pageViews)).sort((a, b) =>
      `${a.day}${a.path}`.localeCompare(`${b.day}${b.path}`),
    );

  it("upserts one row per Spanish day and path", async () => {
    const lateJune = new Date("2026-06-30T21:00:00Z"); // 23:00 in Madrid
    const july = new Date("2026-06-30T22:30:00Z"); // 00:30 on 1 July in Madrid
    await recordPageView(db.db, "/", lateJune);
    await recordPageView(db.db, "/", lateJune);
    await recordPageView(db.db, "/blog", lateJune);
    await recordPageView(db.db, "/", july);
    expect(await rows()).toEqual([
      { day: "2026-06-30", path: "/", views: 2 },
      { day: "2026-06-30", path: "/blog", views: 1 },
      { day: "2026-07-01", path: "/", views: 1 },
    ]);
  });

  it("loses no increment under 50 concurrent views", async () => {
    const now = new Date("2026-05-05T10:00:00Z");
    await Promise.all(Array.from({ length: 50 }, () => recordPageView(db.db, "/blog", now)));
    expect(await rows()).toEqual([{ day: "2026-05-05", path: "/blog", views: 50 }]);
  });

  it("summarises the last 30 days and the top pages; purges after 13 months", async () => {
    const now = new Date("2026-05-31T10:00:00Z");
    const at = (day: string) => new Date(`${day}T10:00:00Z`);
    for (let i = 0; i < 3; i++) await recordPageView(db.db, "/blog", at("2026-05-31"));
    await recordPageView(db.db, "/", at("2026-05-31"));
    await recordPageView(db.db, "/", at("2026-05-02")); // first day of the window
    await recordPageView(db.db, "/", at("2026-05-01")); // just outside
    await recordPageView(db.db, "/viejo", at("2025-04-01")); // beyond retention
    for (let i = 0; i < 12; i++) await recordPageView(db.db, `/p${i}`, at("2026-05-10"));

    const stats = await pageViewStats(db.db, now);
    expect(stats.days).toHaveLength(30);
    expect(stats.days[0]).toEqual({ day: "2026-05-02", views: 1 });
    expect(stats.days[29]).toEqual({ day: "2026-05-31", views: 4 });
    expect(stats.days.find((d) => d.day === "2026-05-10")?.views).toBe(12);
    expect(stats.total).toBe(17);
    expect(stats.top).toHaveLength(10);
    expect(stats.top.slice(0, 3)).toEqual([
      { path: "/blog", views: 3 },
      { path: "/", views: 2 },
      { path: "/p0", views: 1 },
    ]);

    expect(await purgeOldPageViews(db.db, 13, now)).toBe(1);
    expect((await rows()).some((r) => r.path === "/viejo")).toBe(false);
  });

  it("the dashboard loader returns the series and the top pages to any staff", async () => {
    await recordPageView(db.db, "/sobre-mi");
    await recordPageView(db.db, "/sobre-mi");
    const cookie = await staffCookie(db.db, "contributor");
    const out = await run(dashboard.loader, { request: makeRequest("/admin", { cookie }) });
    expect(out.status).toBe(200);
    const visits = (out.data as { visits: Awaited<ReturnType<typeof pageViewStats>> }).visits;
    expect(visits.total).toBe(2);
    expect(visits.days).toHaveLength(30);
    expect(visits.days.at(-1)).toEqual({ day: madridDay(new Date()), views: 2 });
    expect(visits.top).toEqual([{ path: "/sobre-mi", views: 2 }]);
  });
});
