import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPgDatabase } from "../support/db";
import {
  cookiesOf,
  enrolOverHttp,
  createFirstAdmin,
  freePort,
  type RunningServer,
  startServer,
  tempDataDir,
  untilAcknowledged,
} from "../support/server";
import { decodedBody, startSmtpSink } from "../support/smtp-sink";

const PG = process.env.TEST_DATABASE_URL;

/** The contact message ids an e-mail links to (…/admin/mensajes?id=N). */
function messageIds(raw: string) {
  const text = decodedBody(raw);
  return [...new Set([...text.matchAll(/\/admin\/mensajes\?id=(\d+)/g)].map((m) => m[1]!))];
}

function post(server: RunningServer, path: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, Accept: "application/json", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

/** The landing page's contact form, as a browser without JavaScript sends it. */
const contact = (server: RunningServer, message: string) =>
  post(server, "/?index", {
    intent: "contact",
    name: "Ana Pérez",
    email: "ana@example.com",
    consent: "on",
    message,
  });

async function pgRows<T>(url: string, query: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(query)).rows as T[];
  } finally {
    await c.end();
  }
}

/**
 * SIGKILL while a client sends numbered reviews: every review that got a success answer is in the
 * database after a restart (mirrors the contact test in contact.test.ts).
 */
async function killDuringReviews(env: Record<string, string>, dataDir = tempDataDir()) {
  const server = await startServer({ dataDir, env: { RATE_LIMIT_DISABLED: "1", ...env } });
  const acknowledged: number[] = [];
  let stop = false;
  const client = (async () => {
    for (let i = 0; !stop && i < 2000; i++) {
      try {
        // The review form, as a browser without JavaScript sends it.
        const res = await post(server, "/resenas/nueva", {
          name: "Lucía G.",
          content: `Reseña de prueba número ${i}, muy recomendable.`,
          rating: "5",
          consent: "on",
        });
        if (res.status === 200) acknowledged.push(i);
      } catch {
        return; // the server is gone
      }
    }
  })();
  await untilAcknowledged(acknowledged);
  await server.stop("SIGKILL");
  stop = true;
  await client;
  expect(acknowledged.length).toBeGreaterThan(5);
  const again = await startServer({ dataDir, env });
  await again.stop("SIGTERM");
  return { acknowledged, dataDir };
}

function expectAllStored(acknowledged: number[], contents: string[]) {
  const stored = new Set(contents);
  for (const i of acknowledged)
    expect(stored.has(`Reseña de prueba número ${i}, muy recomendable.`), `reseña ${i}`).toBe(true);
}

describe("no acknowledged review is lost when the server is killed", () => {
  it("on PGlite", async () => {
    const { acknowledged, dataDir } = await killDuringReviews({});
    const db = await PGlite.create(`${dataDir}/pgdata`);
    const { rows } = await db.query<{ content: string }>("select content from reviews");
    await db.close();
    expectAllStored(
      acknowledged,
      rows.map((r) => r.content),
    );
  });

  it.skipIf(!PG)("on PostgreSQL", async () => {
    const database = await createPgDatabase();
    try {
      const { acknowledged } = await killDuringReviews({ DATABASE_URL: database.url });
      const rows = await pgRows<{ content: string }>(database.url, "select content from reviews");
      expectAllStored(
        acknowledged,
        rows.map((r) => r.content),
      );
    } finally {
      await database.drop();
    }
  });
});

describe("the SMTP server is down for a while", () => {
  let server: RunningServer | undefined;
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
  });

  it("loses nothing and delivers each e-mail exactly once after it comes back", async () => {
    sink = await startSmtpSink();
    const smtpUrl = sink.url;
    await sink.stop();
    server = await startServer({
      env: {
        SMTP_URL: smtpUrl,
        OUTBOX_INTERVAL_MS: "200",
        OUTBOX_RETRY_BASE_MS: "300",
        RATE_LIMIT_DISABLED: "1",
      },
    });
    for (let i = 0; i < 6; i++) {
      expect((await contact(server, `Mensaje con el correo caído ${i}`)).status).toBe(200);
    }
    await new Promise((r) => setTimeout(r, 2000)); // several failed attempts each
    expect(sink.received).toHaveLength(0);
    await sink.restart();
    await expect.poll(() => sink!.received.length, { timeout: 20_000 }).toBe(6);
    await new Promise((r) => setTimeout(r, 2000)); // no late duplicates
    expect(sink.received).toHaveLength(6);
    // The notification names the stored message (its text stays private by default).
    expect(new Set(sink.received.flatMap((m) => messageIds(m.raw))).size).toBe(6);
  });
});

/** A TCP proxy in front of PostgreSQL whose link we can cut (reset) or hang (black hole). */
async function startProxy(target: { host: string; port: number }) {
  let mode: "up" | "reset" | "blackhole" = "up";
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    if (mode === "reset") return client.destroy();
    if (mode === "blackhole") return; // accepted, never answered
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    set(next: typeof mode) {
      mode = next;
      if (next !== "up") for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!PG)("the database becomes unreachable (PostgreSQL behind a TCP proxy)", () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await proxy?.close();
    await database?.drop();
  });

  async function expectDown() {
    const health = await fetch(`${server!.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "error" });
    const page = await fetch(`${server!.url}/blog`);
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("Algo ha salido mal");
    expect(html).not.toMatch(/at .*\.js:\d+/);
  }

  async function expectUp() {
    await expect
      .poll(async () => (await fetch(`${server!.url}/healthz`)).status, { timeout: 15_000 })
      .toBe(200);
    expect((await fetch(`${server!.url}/blog`)).status).toBe(200);
    expect((await contact(server!, "Después del corte")).status).toBe(200);
  }

  it("answers 503 and the Spanish error page while it is gone, then recovers without restart", async () => {
    database = await createPgDatabase();
    const target = new URL(database.url);
    proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    server = await startServer({ env: { DATABASE_URL: viaProxy.toString() } });
    expect((await fetch(`${server.url}/blog`)).status).toBe(200);

    // Connections refused/reset.
    proxy.set("reset");
    await expectDown();
    proxy.set("up");
    await expectUp();

    // Packets dropped: answers still come, bounded by the health check and connect timeouts.
    proxy.set("blackhole");
    const started = Date.now();
    await expectDown();
    expect(Date.now() - started).toBeLessThan(15_000);
    proxy.set("up");
    await expectUp();
  });
});

describe.skipIf(!PG)("two server instances on one PostgreSQL database", () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await sink?.stop();
    await database?.drop();
  });

  it("share sessions and rate limits, and send each e-mail once", async () => {
    database = await createPgDatabase();
    sink = await startSmtpSink();
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      OUTBOX_INTERVAL_MS: "100",
      // Instances must share the signing secret (docs/operations.md).
      AUTH_SECRET: "secreto-compartido-por-las-dos-instancias-de-prueba",
    };
    // Started one after the other: the first migrates and seeds.
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
    const [a, b] = servers as [RunningServer, RunningServer];

    // The first administrator is created on A with the setup link; its session works on B.
    const signUp = await createFirstAdmin(a, {
      name: "Admin",
      email: "admin@example.com",
      password: "una frase larga de prueba",
    });
    expect(signUp.status).toBe(302);
    // Administrators enrol a second factor first (Mi cuenta); the renewed session works on B.
    const cookie = await enrolOverHttp(a.url, cookiesOf(signUp), "una frase larga de prueba");
    const onB = await fetch(`${b.url}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Admin");
    const anonymous = await fetch(`${b.url}/admin`, { redirect: "manual" });
    expect(anonymous.status).not.toBe(200);

    // Contact limit (5 per 15 min per client) counted across both instances.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await contact(i % 2 ? b : a, `Mensaje repartido ${i}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);

    // Five notifications, each delivered once although both workers poll the same outbox.
    const notifications = () => sink!.received.filter((m) => messageIds(m.raw).length > 0);
    await expect.poll(() => notifications().length, { timeout: 15_000 }).toBe(5);
    await new Promise((r) => setTimeout(r, 1500));
    expect(notifications()).toHaveLength(5);
    expect(new Set(notifications().flatMap((m) => messageIds(m.raw))).size).toBe(5);
    const [row] = await pgRows<{ n: number }>(
      database.url,
      "select count(*)::int as n from mail_outbox where status = 'sent'",
    );
    expect(row!.n).toBe(sink.received.length);
  });
});

describe.skipIf(!PG)("an error inside a route", () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("is logged once through the redacting logger, and the visitor gets a 500", async () => {
    database = await createPgDatabase();
    server = await startServer({ env: { DATABASE_URL: database.url } });
    // The feed's query fails from now on (a table the code expects is gone).
    await pgRows(database.url, "ALTER TABLE articles RENAME TO articles_gone");
    const res = await fetch(`${server.url}/blog/rss.xml?token=secreto-123`);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toMatch(/articles|relation|select/i);

    await expect.poll(() => server!.output()).toContain("error en una ruta");
    const lines = server.output().split("\n");
    const entries = lines
      .filter((l) => l.includes("error en una ruta"))
      .map((l) => JSON.parse(l) as { url: string; method: string; err?: { type?: string } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: "GET", url: "/blog/rss.xml?token=[redactado]" });
    expect(entries[0]!.err).toBeDefined();
    // Nothing outside the structured log: no raw stack printed by the router's default handler,
    // and the query's value nowhere.
    for (const line of lines.filter((l) => /articles|relation/.test(l))) {
      expect(() => JSON.parse(line), line).not.toThrow();
    }
    expect(server.output()).not.toContain("secreto-123");
  });
});
