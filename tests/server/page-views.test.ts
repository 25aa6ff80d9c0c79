import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgDatabase } from "../support/db";
import { type RunningServer, startServer } from "../support/server";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

type Row = { day: string; path: string; views: number };

/**
 * Sends the visits, waits for the fire-and-forget writes, then reads the counts. On PGlite the
 * server owns the data directory, so the counts are read after it stopped; with
 * TEST_DATABASE_URL the server runs on a fresh PostgreSQL database read while it runs.
 */
describe("cookieless page counts over real HTTP", () => {
  let server: RunningServer;
  let database: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  let counts: Map<string, number>;
  let days: string[];
  const responses: Record<string, Response> = {};

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) database = await createPgDatabase();
    server = await startServer(database ? { env: { DATABASE_URL: database.url } } : {});
    const visit = async (name: string, path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has("user-agent")) headers.set("user-agent", BROWSER);
      const res = await fetch(`${server.url}${path}`, { ...init, headers, redirect: "manual" });
      await res.arrayBuffer();
      responses[name] = res;
    };
    // Counted
    await visit("home", "/");
    await visit("home again", "/?utm_source=x");
    await visit("blog", "/blog/");
    await visit("navigation", "/servicios.data"); // client-side navigation to /servicios
    // v8_trailingSlashAwareDataRequests (react-router.config.ts): "/" fetches "/_.data".
    await visit("navigation home", "/_.data", {
      headers: { referer: `${server.url}/blog` },
    });
    // Not counted
    await visit("bot", "/", { headers: { "user-agent": BOT } });
    await visit("no user agent", "/sobre-mi", { headers: { "user-agent": "" } });
    await visit("head", "/sobre-mi", { method: "HEAD" });
    await visit("admin", "/admin");
    await visit("login", "/login");
    await visit("not found", "/no-existe");
    await visit("not found data", "/no-existe.data");
    await visit("staff", "/sobre-mi", { headers: { cookie: "consulta.session_token=abc.def" } });
    await visit("staff https", "/sobre-mi", {
      headers: { cookie: "__Secure-consulta.session_token=abc.def" },
    });
    await visit("revalidation", "/blog.data", { headers: { referer: `${server.url}/blog` } });
    await visit("sitemap", "/sitemap.xml");
    await visit("robots", "/robots.txt");
    await visit("health", "/healthz");

    // The writes happen after each response finished: give them a moment.
    await new Promise((r) => setTimeout(r, 1500));
    let rows: Row[];
    if (database) {
      const c = new pg.Client({ connectionString: database.url });
      await c.connect();
      rows = (await c.query<Row>("select day::text, path, views from page_views")).rows;
      await c.end();
      await server.stop();
    } else {
      expect(await server.stop()).toBe(0);
      const db = await PGlite.create(`${server.dataDir}/pgdata`);
      rows = (await db.query<Row>("select day::text, path, views from page_views")).rows;
      await db.close();
    }
    counts = new Map(rows.map((r) => [r.path, r.views]));
    days = rows.map((r) => r.day);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("answered every request as expected and set no cookie on public pages", () => {
    expect(responses.home!.status).toBe(200);
    expect(responses.navigation!.status).toBe(200);
    expect(responses["navigation home"]!.status).toBe(200);
    expect(responses["not found"]!.status).toBe(404);
    expect(responses.bot!.status).toBe(200);
    expect(responses.staff!.status).toBe(200);
    for (const name of ["home", "blog", "navigation", "bot"]) {
      expect(responses[name]!.headers.get("set-cookie"), name).toBeNull();
    }
  });

  it("counts browser page views and data navigations under the page path", () => {
    expect(Object.fromEntries(counts)).toEqual({ "/": 3, "/blog": 1, "/servicios": 1 });
  });

  it("files the views under today's Spanish day", () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(
      new Date(),
    );
    expect(new Set(days)).toEqual(new Set([today]));
  });
});
