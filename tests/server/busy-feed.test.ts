import { execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookiesOf,
  createFirstAdmin,
  enrolOverHttp,
  type RunningServer,
  startServer,
  tempDataDir,
} from "../support/server";

/**
 * The busy-times calendar on the built server (issue 32): it is read in a worker thread, so a
 * calendar made to be slow does not stop the server answering, and the worker's file is part of
 * the build. The server fetches `https://8.8.8.8/…` as any public address; a preload
 * (tests/support/feed-redirect.js) sends the connection to this test's own https server.
 */

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, "");
const tomorrow = Date.UTC(
  new Date().getUTCFullYear(),
  new Date().getUTCMonth(),
  new Date().getUTCDate() + 1,
  10,
);
const GOOD_ICS = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "BEGIN:VEVENT",
  "UID:ocupado",
  `DTSTART:${stamp(tomorrow)}`,
  `DTEND:${stamp(tomorrow + 3600_000)}`,
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");
/** 200 rules every minute, in Madrid time and of no length: seconds of work for ical.js. */
const HOSTILE_ICS = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  ...Array.from({ length: 200 }, (_, i) => [
    "BEGIN:VEVENT",
    `UID:hostil-${i}`,
    "DTSTART;TZID=Europe/Madrid:20200101T000000",
    "DTEND;TZID=Europe/Madrid:20200101T000000",
    "RRULE:FREQ=MINUTELY",
    "END:VEVENT",
  ]).flat(),
  "END:VCALENDAR",
].join("\r\n");

describe("the busy-times calendar on the built server", () => {
  const dir = tempDataDir("psico-feed-");
  let feeds: https.Server;
  let server: RunningServer;
  let cookie = "";

  beforeAll(async () => {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { stdio: "ignore" },
    );
    feeds = https.createServer(
      {
        key: fs.readFileSync(path.join(dir, "key.pem")),
        cert: fs.readFileSync(path.join(dir, "cert.pem")),
      },
      (req, res) => {
        const body = { "/bueno.ics": GOOD_ICS, "/hostil.ics": HOSTILE_ICS }[req.url ?? ""];
        if (body) res.writeHead(200, { "content-type": "text/calendar" }).end(body);
        else res.writeHead(404).end();
      },
    );
    await new Promise<void>((resolve) => feeds.listen(0, "127.0.0.1", resolve));
    server = await startServer({
      dataDir: path.join(dir, "data"),
      env: {
        NODE_OPTIONS: `--import=${pathToFileURL(path.resolve("tests/support/feed-redirect.js")).href}`,
        TEST_FEED_ORIGIN: `https://127.0.0.1:${(feeds.address() as AddressInfo).port}`,
        TEST_FEED_CA: path.join(dir, "cert.pem"),
      },
    });
    const res = await createFirstAdmin(server, {
      name: "Ana Ruiz",
      email: "ana.calendario@example.com",
      password: "un calendario que no para",
    });
    cookie = await enrolOverHttp(server.url, cookiesOf(res), "un calendario que no para");
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    feeds?.closeAllConnections();
    await new Promise((resolve) => feeds?.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const save = (url: string) =>
    fetch(`${server.url}/admin/citas/ajustes`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie },
      body: new URLSearchParams({ intent: "busy-feed-save", url }),
    });
  const settingsPage = async () =>
    (await fetch(`${server.url}/admin/citas/ajustes`, { headers: { cookie } })).text();

  it("/healthz answers within 200 ms while a hostile calendar is read; then the page says why it was given up", async () => {
    // A good calendar first: the worker's file is in the build and reads it.
    expect((await save("https://8.8.8.8/bueno.ics")).status).toBe(302);
    expect(await settingsPage()).toContain("1 hora ocupada");

    const saving = save("https://8.8.8.8/hostil.ics");
    let done = false;
    void saving.finally(() => (done = true));
    const waits: number[] = [];
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${server.url}/healthz`);
      waits.push(performance.now() - started);
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await saving).status).toBe(302);
    // It was read for about 2 s (the budget), and /healthz answered all along.
    expect(waits.length).toBeGreaterThan(10);
    expect(Math.max(...waits)).toBeLessThan(200);
    expect(await settingsPage()).toContain(
      "El calendario tardó demasiado en leerse (más de 2 segundos). Se mantienen las horas ocupadas de la lectura anterior.",
    );
  });
});
