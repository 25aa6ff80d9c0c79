import { createHash } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgDatabase } from "../support/db";
import {
  DB_IN_PRODUCTION,
  DB_SHUTDOWNED,
  pgliteClusterState,
  type RunningServer,
  startServer,
} from "../support/server";

const MIGRATION_COUNT = fs.readdirSync("drizzle").filter((f) => f.endsWith(".sql")).length;

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get("content-security-policy") ?? "";
  // A rendered page: a fresh nonce; a page from the page cache: the hashes of its scripts.
  expect(csp).toMatch(
    /script-src 'self' (?:'nonce-[A-Za-z0-9+/=]+'|(?:'sha256-[A-Za-z0-9+/=]+' )*'sha256-[A-Za-z0-9+/=]+') 'strict-dynamic'/,
  );
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  for (const directive of [
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  expect(res.headers.get("permissions-policy")).toContain("camera=()");
  expect(res.headers.get("x-powered-by")).toBeNull();
}

describe("built server on a fresh PGlite data directory", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("serves the home page in Spanish from the page cache, its inline scripts allowed by hash", async () => {
    const a = await fetch(`${server.url}/`);
    const b = await fetch(`${server.url}/`);
    expect(a.status).toBe(200);
    const html = await a.text();
    expect(html).toContain('<html lang="es"');
    expectSecurityHeaders(a);
    expect(b.headers.get("x-cache")).toBe("HIT");
    expect(await b.text()).toBe(html);
    // The same bytes for everyone: no nonce in the page or the policy, a hash per inline script
    // the browser runs (JSON-LD is data; the inert hydration script is run later by one of them).
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).not.toContain("'nonce-");
    expect(html).not.toMatch(/\snonce=/);
    const runnable = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attrs]) => !/\bsrc=|application\/ld\+json|text\/x-hydrate/.test(attrs!),
    );
    expect(runnable.length).toBeGreaterThan(2);
    for (const [, , text] of runnable) {
      const hash = createHash("sha256").update(text!).digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    expect(b.headers.get("content-security-policy")).toBe(csp);
  });

  it("gives every rendered page a fresh nonce, carried by each of its inline scripts", async () => {
    const a = await fetch(`${server.url}/auth`);
    const b = await fetch(`${server.url}/auth`);
    expect(a.headers.get("x-cache")).toBeNull();
    const html = await a.text();
    expectSecurityHeaders(a);
    const nonceOf = (r: Response) =>
      /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy")!)![1];
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    const scripts = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g),
    ];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs] of scripts) expect(attrs).toContain(`nonce="${nonceOf(a)}"`);
  });

  it("sends the home sections in place and in order, with no framework to hydrate them", async () => {
    // (Publicaciones appears only once Ajustes holds some: not on a new install.)
    const SECTIONS = ["inicio", "sobre-mi", "servicios", "reseñas", "contacto", "colaboraciones"];
    // A browser gets a streamed document, a crawler the whole document at once: both in place.
    for (const userAgent of ["Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0", "Googlebot/2.1"]) {
      const html = await (
        await fetch(`${server.url}/`, { headers: { "user-agent": userAgent } })
      ).text();
      const positions = SECTIONS.map((id) => html.indexOf(`<section id="${id}"`));
      expect(positions.every((p) => p > 0)).toBe(true);
      // No section held back in a hidden template for a script to move into place (React's
      // streaming would: it stays invisible without JavaScript).
      expect(html).not.toMatch(/<div hidden id="S:/);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      // A public page (docs/decisions/020): the site script only, no React Router modules.
      expect(html).toContain('data-kind="content"');
      for (const framework of ["modulepreload", "text/x-hydrate", "__reactRouterContext"]) {
        expect(html).not.toContain(framework);
      }
      expect(html).not.toContain("var started=false");
    }
  });

  it("hands the sign-in page's hydration over after the first paint too (a plain form until then)", async () => {
    const html = await (await fetch(`${server.url}/auth`)).text();
    expect(html).toContain("<h1");
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toMatch(/<script[^>]* type="text\/x-hydrate">[;\s]*import/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
  });

  it("hydrates at once where people work: the other account pages, anyone signed in", async () => {
    const pages: [string, RequestInit?][] = [
      ["/auth", { headers: { cookie: "consulta.session_token=cualquiera" } }],
      ["/auth/restablecer"],
    ];
    for (const [path, init] of pages) {
      const res = await fetch(`${server.url}${path}`, { ...init, redirect: "follow" });
      const html = await res.text();
      expect(html, path).toMatch(/<head>.*<link rel="modulepreload"[^>]*>.*<\/head>/s);
      expect(html, path).toMatch(/<script[^>]*type="module"[^>]*>[;\s]*import/);
      expect(html, path).not.toContain("text/x-hydrate");
      expect(html, path).not.toContain("var started=false");
    }
  });

  it("ships no framework on content pages, signed in or not: the site script only (docs/decisions/020)", async () => {
    const signedIn = { headers: { cookie: "consulta.session_token=cualquiera" } };
    for (const [path, init] of [
      ["/", signedIn],
      ["/sobre-mi"],
      ["/blog", signedIn],
      ["/cita"],
      ["/aviso-legal"],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, init);
      const html = await res.text();
      expect(html, path).toContain('data-kind="content"');
      for (const framework of ["modulepreload", "text/x-hydrate", "__reactRouterContext"]) {
        expect(html, path).not.toContain(framework);
      }
      expect(html, path).not.toContain("__replayEarlyInput");
      const script = /\/assets\/sitio-[\w-]+\.js/.exec(html)?.[0];
      expect(script, path).toBeDefined();
      expect((await fetch(`${server.url}${script}`)).status).toBe(200);
    }
    // From the cache: the loader and the speculation rules are allowed by their hashes.
    await fetch(`${server.url}/uso-web`);
    const cached = await fetch(`${server.url}/uso-web`);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    const html = await cached.text();
    const csp = cached.headers.get("content-security-policy")!;
    for (const type of ["", ' type="speculationrules"']) {
      const text = new RegExp(`<script${type}>([^<]+)</script>`).exec(html)?.[1];
      expect(text, type).toBeDefined();
      expect(csp).toContain(`'sha256-${createHash("sha256").update(text!).digest("base64")}'`);
    }
  });

  it("keeps what is typed and clicked before hydration from the first script of the <head>", async () => {
    for (const path of ["/auth", "/auth/restablecer"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const head = /<head>(.*?)<\/head>/s.exec(html)![1]!;
      // (With a nonce when rendered for this request; without one from the page cache.)
      const first = /<script(?: nonce="[^"]+")?>([^<]*)<\/script>/.exec(head);
      expect(first?.[1]).toContain("__replayEarlyInput");
    }
  });

  it("sends security headers and immutable caching on hashed assets", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/[^"()]+\.(?:js|woff2)/.exec(html)![0];
    const res = await fetch(`${server.url}${asset}`);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("answers unknown paths with the Spanish 404 page and the headers", async () => {
    const res = await fetch(`${server.url}/no-existe/de-verdad`);
    expect(res.status).toBe(404);
    expectSecurityHeaders(res);
    const html = await res.text();
    expect(html).toContain("404");
    expect(html).toContain('href="/"');
    expect(html).toContain("Página no encontrada");
  });

  it("answers an address that does not decode with 400 and the Spanish page, not a 500", async () => {
    for (const path of ["/blog/%E0%A4%A", "/%E0%A4%A", "/servicios/%ZZ", "/media/%E0%A4%A"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(400);
      expectSecurityHeaders(res);
      const html = await res.text();
      expect(html, path).toContain("Petición no válida");
      expect(html, path).toContain('href="/"');
    }
    // The server goes on as before.
    expect((await fetch(`${server.url}/blog`)).status).toBe(200);
  });

  it("refuses state-changing requests from another site", async () => {
    const foreign = await fetch(`${server.url}/`, {
      method: "POST",
      headers: { Origin: "https://malicioso.example" },
    });
    expect(foreign.status).toBe(403);
    expectSecurityHeaders(foreign);
    const crossSite = await fetch(`${server.url}/`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const same = await fetch(`${server.url}/`, {
      method: "POST",
      headers: { Origin: server.url, "Sec-Fetch-Site": "same-origin" },
    });
    expect(same.status).not.toBe(403);
  });

  it("reports health", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("serves robots.txt and a sitemap", async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain(`Sitemap: http://localhost:${server.port}/sitemap.xml`);
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    expect(await sitemap.text()).toContain("/servicios/terapia-individual</loc>");
  });
});

describe("restarts on PGlite", () => {
  it("shuts down cleanly on SIGTERM, so the next start runs no crash recovery; migrations are idempotent", async () => {
    const first = await startServer();
    const dataDir = first.dataDir;
    expect(await first.stop("SIGTERM")).toBe(0);
    expect(pgliteClusterState(dataDir)).toBe(DB_SHUTDOWNED);

    const second = await startServer({ dataDir });
    expect((await fetch(`${second.url}/`)).status).toBe(200);
    expect(await second.stop("SIGINT")).toBe(0);
    expect(pgliteClusterState(dataDir)).toBe(DB_SHUTDOWNED);

    const db = await PGlite.create(`${dataDir}/pgdata`);
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    await db.close();
    expect(rows[0]!.n).toBe(MIGRATION_COUNT);
  });

  it("a SIGKILL leaves the cluster in production state (the check above can fail)", async () => {
    const server = await startServer();
    await server.stop("SIGKILL");
    expect(pgliteClusterState(server.dataDir)).toBe(DB_IN_PRODUCTION);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("built server on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let server: RunningServer;
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });

  beforeAll(async () => {
    database = await createPgDatabase();
    server = await startServer({ env: { DATABASE_URL: database.url } });
  });
  afterAll(async () => {
    await server?.stop();
    const c = admin();
    await c.connect();
    await c.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
    await c.end();
    await database?.drop();
  });

  it("starts, migrates once and restarts idempotently", async () => {
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    await server.stop();
    server = await startServer({ env: { DATABASE_URL: database.url } });
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    const { rows } = await c.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    await c.end();
    expect(rows[0].n).toBe(MIGRATION_COUNT);
  });

  it("answers 503 and a Spanish 500 page while the database is down, and recovers without restart", async () => {
    const c = admin();
    await c.connect();
    await c.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS false`);
    await c.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [database.name],
    );
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "error" });

    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(500);
    expectSecurityHeaders(page);
    const html = await page.text();
    expect(html).toContain("Algo ha salido mal");
    expect(html).not.toMatch(/at .*\.js:\d+/); // no stack trace

    await c.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
    await c.end();
    const again = await fetch(`${server.url}/healthz`);
    expect(again.status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });
});
