import { and, desc, gte, lt, lte, sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { isbot } from "isbot";
import type { Db } from "~/db/client.server";
import { pageViews } from "~/db/schema";
import { hasSessionCookie } from "~/modules/accounts/session-cookie";
import { logger } from "~/utils/logger.server";

/**
 * Built-in, cookieless page counts (issue #9). The server adds one to a (day, path) counter for
 * each successful public page view: nothing is written to the browser and nothing about the
 * visitor (IP, user agent, cookie, any identifier) is stored.
 */

export const MAX_PATH_LENGTH = 200;

/** Never counted: private areas, machine-readable resources, files. Matched per segment. */
const EXCLUDED = [
  "/admin",
  "/auth",
  "/login",
  "/api",
  "/media",
  "/assets",
  "/healthz",
  "/sitemap.xml",
  "/robots.txt",
  "/blog/rss.xml",
];

/** YYYY-MM-DD of `date` in Spain. */
export function madridDay(date: Date) {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Madrid",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}

/** YYYY-MM-DD plus `days` (may be negative). */
export function addDays(day: string, days: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The page a URL path stands for, or null when it cannot be counted: decoded, without query,
 * without trailing slash, at most MAX_PATH_LENGTH characters. React Router's data requests map
 * to their page: `/_.data` → `/` (trailing-slash-aware data requests, our config), `/_root.data`
 * → `/` (the older form), `/blog.data` → `/blog`, `/blog/_.data` → `/blog`.
 */
export function normalizePath(rawUrl: string): { path: string; isData: boolean } | null {
  let pathname = rawUrl.split(/[?#]/, 1)[0] ?? "";
  if (!pathname.startsWith("/")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(decoded) || decoded.includes("\\")) return null;
  pathname = decoded.replace(/\/{2,}/g, "/");
  let isData = false;
  if (pathname.endsWith(".data")) {
    isData = true;
    pathname = pathname.slice(0, -".data".length);
    if (pathname === "/_root") pathname = "/";
    else if (pathname.endsWith("/_")) pathname = pathname.slice(0, -1);
  }
  if (pathname.length > 1) pathname = pathname.replace(/\/+$/, "") || "/";
  return { path: pathname.slice(0, MAX_PATH_LENGTH), isData };
}

function isExcluded(path: string) {
  return EXCLUDED.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Query string without the parameters React Router adds to data requests. */
function pageSearch(search: string) {
  const params = new URLSearchParams(search);
  params.delete("_routes");
  params.delete("index");
  params.sort();
  return params.toString();
}

export interface ViewRequest {
  method: string;
  /** Path and query as received (req.originalUrl). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

function header(req: ViewRequest, name: string) {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

/**
 * The path to count for this request, judged before the response (status is checked later), or
 * null: not a GET, a bot, staff, a prefetch, a private or machine path, or a data request that
 * only revalidates the page already shown (after a form was sent its Referer is that same page).
 */
export function countablePath(req: ViewRequest): { path: string; isData: boolean } | null {
  if (req.method !== "GET") return null;
  const ua = header(req, "user-agent");
  if (!ua || isbot(ua)) return null;
  if (hasSessionCookie(header(req, "cookie"))) return null;
  if (/prefetch|prerender/i.test(header(req, "sec-purpose") + header(req, "purpose"))) return null;
  const target = normalizePath(req.url);
  if (!target || isExcluded(target.path)) return null;
  // Files (favicon.ico, feed.xml…) are not pages.
  if (!target.isData && /\.[a-z0-9]+$/i.test(target.path)) return null;
  if (target.isData) {
    const referer = header(req, "referer");
    if (referer) {
      try {
        const from = new URL(referer);
        const here = new URL(req.url, "http://x");
        if (
          normalizePath(from.pathname)?.path === target.path &&
          pageSearch(from.search) === pageSearch(here.search)
        ) {
          return null;
        }
      } catch {
        // an unreadable Referer does not decide anything
      }
    }
  }
  return target;
}

/** Adds one view of `path` on the Spanish day of `now`; atomic under concurrency. */
export async function recordPageView(db: Db, path: string, now = new Date()) {
  await db
    .insert(pageViews)
    .values({ day: madridDay(now), path: path.slice(0, MAX_PATH_LENGTH), views: 1 })
    .onConflictDoUpdate({
      target: [pageViews.day, pageViews.path],
      set: { views: sql`${pageViews.views} + 1` },
    });
}

/**
 * Express middleware: after a response finished, counts it when it was a 200 HTML page or data
 * request for a public page. Fire-and-forget; a failure is only logged.
 */
export function countPageViews(getDb: () => Promise<Db>): RequestHandler {
  return (req, res, next) => {
    const target = countablePath({
      method: req.method,
      url: req.originalUrl,
      headers: req.headers,
    });
    if (target) {
      res.on("finish", () => {
        if (res.statusCode !== 200) return;
        const type = String(res.getHeader("Content-Type") ?? "");
        if (!target.isData && !type.startsWith("text/html")) return;
        getDb()
          .then((db) => recordPageView(db, target.path))
          .catch((err: unknown) => logger.warn({ err }, "no se pudo anotar la visita"));
      });
    }
    next();
  };
}

export interface PageViewStats {
  total: number;
  days: Array<{ day: string; views: number }>;
  top: Array<{ path: string; views: number }>;
}

/** The last `days` Spanish days up to today (every day, zeros included) and the top pages. */
export async function pageViewStats(db: Db, now = new Date(), days = 30): Promise<PageViewStats> {
  const today = madridDay(now);
  const from = addDays(today, -(days - 1));
  const range = and(gte(pageViews.day, from), lte(pageViews.day, today));
  const total = sql<number>`sum(${pageViews.views})::int`;
  const [perDay, top] = await Promise.all([
    db
      .select({ day: pageViews.day, views: total })
      .from(pageViews)
      .where(range)
      .groupBy(pageViews.day),
    db
      .select({ path: pageViews.path, views: total })
      .from(pageViews)
      .where(range)
      .groupBy(pageViews.path)
      .orderBy(desc(total), pageViews.path)
      .limit(10),
  ]);
  const byDay = new Map(perDay.map((r) => [r.day, Number(r.views)]));
  const series = Array.from({ length: days }, (_, i) => {
    const day = addDays(from, i);
    return { day, views: byDay.get(day) ?? 0 };
  });
  return {
    total: series.reduce((sum, d) => sum + d.views, 0),
    days: series,
    top: top.map((r) => ({ path: r.path, views: Number(r.views) })),
  };
}

/**
 * Deletes counts older than `months` (the daily retention job passes RETENTION.pageViewMonths,
 * app/modules/retention/periods.ts); returns how many rows went.
 */
export async function purgeOldPageViews(db: Db, months: number, now = new Date()) {
  const cutoff = new Date(now);
  cutoff.setMonth(cutoff.getMonth() - months);
  const rows = await db
    .delete(pageViews)
    .where(lt(pageViews.day, madridDay(cutoff)))
    .returning({ day: pageViews.day });
  return rows.length;
}
