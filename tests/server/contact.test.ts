import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPgDatabase } from "../support/db";
import { type RunningServer, startServer, tempDataDir, untilAcknowledged } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

function send(server: RunningServer, fields: Record<string, string>) {
  // The landing page's contact form, as a browser without JavaScript sends it.
  return fetch(`${server.url}/?index`, {
    method: "POST",
    headers: { Origin: server.url },
    body: new URLSearchParams({
      intent: "contact",
      name: "Ana Pérez",
      email: "ana@example.com",
      consent: "on",
      ...fields,
    }),
  });
}

describe("the running server delivers contact e-mails over SMTP", () => {
  let server: RunningServer | undefined;
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
  });

  it("sends the notification to the practice with Reply-To the visitor and From MAIL_FROM", async () => {
    sink = await startSmtpSink();
    server = await startServer({
      env: {
        SMTP_URL: sink.url,
        MAIL_FROM: "Consulta <avisos@example.com>",
        OUTBOX_INTERVAL_MS: "200",
      },
    });
    const res = await send(server, { message: "¿Tenéis cita esta semana?" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Te responderé a ana@example.com lo antes posible.");
    await expect.poll(() => sink!.received.length, { timeout: 10_000 }).toBe(1);
    const mail = sink.received[0]!;
    expect(mail.to).toEqual(["consulta@example.com"]);
    expect(mail.raw).toMatch(/^From: Consulta <avisos@example\.com>/m);
    expect(mail.raw).toMatch(/^Reply-To: ana@example\.com/m);
    const bad = await send(server, { message: "" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("El mensaje es requerido");
  });
});

/**
 * SIGKILL while a client sends numbered messages: every message that got a success answer must be
 * in the database after a restart.
 */
async function killDuringSubmissions(env: Record<string, string>, dataDir = tempDataDir()) {
  const server = await startServer({ dataDir, env: { CONTACT_RATE_LIMIT: "100000", ...env } });
  const acknowledged: number[] = [];
  let stop = false;
  const client = (async () => {
    for (let i = 0; !stop && i < 2000; i++) {
      try {
        const res = await send(server, { message: `Mensaje número ${i}` });
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
  // Restart (recovers the embedded database), then stop cleanly to read it.
  const again = await startServer({ dataDir, env });
  await again.stop("SIGTERM");
  return { acknowledged, dataDir };
}

describe("no acknowledged message is lost when the server is killed", () => {
  it("on PGlite", async () => {
    const { acknowledged, dataDir } = await killDuringSubmissions({});
    const db = await PGlite.create(`${dataDir}/pgdata`);
    const { rows } = await db.query<{ message: string }>("select message from contact_messages");
    await db.close();
    const stored = new Set(rows.map((r) => r.message));
    for (const i of acknowledged)
      expect(stored.has(`Mensaje número ${i}`), `mensaje ${i}`).toBe(true);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL", async () => {
    const database = await createPgDatabase();
    try {
      const { acknowledged } = await killDuringSubmissions({ DATABASE_URL: database.url });
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ message: string }>(
        "select message from contact_messages",
      );
      await client.end();
      const stored = new Set(rows.map((r) => r.message));
      for (const i of acknowledged)
        expect(stored.has(`Mensaje número ${i}`), `mensaje ${i}`).toBe(true);
    } finally {
      await database.drop();
    }
  });
});
