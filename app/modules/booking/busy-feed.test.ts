import { execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bookingConfig, busyTimes } from "~/db/schema";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { slotsFor } from "./booking.server";
import {
  busyFeedStatus,
  FEED_ERRORS,
  fetchFeed,
  isPublicAddress,
  maskFeedUrl,
  PARSE_BUDGET_MS,
  readBusyTimes,
  refreshBusyFeed,
  removeBusyFeed,
  setBusyFeed,
  type FetchOptions,
} from "./busy-feed.server";
import { MALFORMED_MESSAGE } from "./busy-ics";

const STAFF = { id: "u1", email: "admin@example.com" };
/** A Monday; the calendar's event is on Wednesday 3 February 2027, 10:00–11:00 in Madrid. */
const NOW = new Date("2027-02-01T08:00:00Z");
const GOOD_ICS = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Prueba//ES",
  "BEGIN:VEVENT",
  "UID:ocupado-1",
  "DTSTAMP:20270101T000000Z",
  "SUMMARY:Algo privado",
  "DTSTART;TZID=Europe/Madrid:20270203T100000",
  "DTEND;TZID=Europe/Madrid:20270203T110000",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");

/** A calendar from VEVENT (and VTIMEZONE) lines. */
const calendar = (...components: string[][]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", ...components.flat(), "END:VCALENDAR"].join("\r\n");
const vevent = (...lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"];
const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, "");

/**
 * Calendars made to keep a server busy (issue 32), as an invitation can put them in hers. Each
 * blocked the only event loop for 6 to 28 s when it was read on it.
 */
const HOSTILE: Record<string, () => string> = {
  // One event every second since 1900.
  secondly: () =>
    calendar(
      vevent("UID:s", "DTSTART:19000101T000000Z", "DTEND:19000101T000001Z", "RRULE:FREQ=SECONDLY"),
    ),
  // 200 rules every minute, of no length (they hide nothing, so none is ever enough): 30 KB.
  minutely: () =>
    calendar(
      ...Array.from({ length: 200 }, (_, i) =>
        vevent(
          `UID:m${i}`,
          "DTSTART:19000101T000000Z",
          "DTEND:19000101T000000Z",
          "RRULE:FREQ=MINUTELY",
        ),
      ),
    ),
  // One event moved 42,000 times: 4.8 MB.
  overrides: () => {
    const first = Date.parse("2026-03-02T09:00:00Z");
    return calendar(
      vevent(
        "UID:o",
        `DTSTART:${stamp(first)}`,
        `DTEND:${stamp(first + 3600_000)}`,
        "RRULE:FREQ=DAILY",
      ),
      ...Array.from({ length: 42_000 }, (_, i) =>
        vevent(
          "UID:o",
          `RECURRENCE-ID:${stamp(first + i * 86_400_000)}`,
          `DTSTART:${stamp(first + i * 86_400_000 + 3600_000)}`,
          `DTEND:${stamp(first + i * 86_400_000 + 7200_000)}`,
        ),
      ),
    );
  },
  // 50 time zones of 1,000 observances each, every one used.
  zones: () =>
    calendar(
      ...Array.from({ length: 50 }, (_, z) => [
        "BEGIN:VTIMEZONE",
        `TZID:Zona ${z}`,
        ...Array.from({ length: 1_000 }, (_, k) => [
          "BEGIN:STANDARD",
          `DTSTART:${1900 + (k % 100)}0${(k % 9) + 1}01T020000`,
          "TZOFFSETFROM:+0200",
          "TZOFFSETTO:+0200",
          "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
          "END:STANDARD",
        ]).flat(),
        "END:VTIMEZONE",
      ]),
      ...Array.from({ length: 50 }, (_, z) =>
        vevent(
          `UID:z${z}`,
          `DTSTART;TZID=Zona ${z}:20260310T090000`,
          `DTEND;TZID=Zona ${z}:20260310T100000`,
        ),
      ),
    ),
};

describe("a calendar is read in a worker thread, within a time budget", () => {
  const from = Date.parse("2026-03-01T00:00:00Z");
  const to = from + 61 * 86_400_000;

  it.each(Object.keys(HOSTILE))(
    "%s: given up within the budget (or read at once), while the event loop keeps answering",
    async (name) => {
      const text = HOSTILE[name]!();
      let last = performance.now();
      let worst = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        worst = Math.max(worst, now - last);
        last = now;
      }, 10);
      const started = performance.now();
      const read = await readBusyTimes(text, from, to);
      const took = performance.now() - started;
      clearInterval(ticker);
      // Starting and ending the worker take a moment on a busy machine.
      expect(took).toBeLessThan(PARSE_BUDGET_MS + 1_500);
      expect(worst).toBeLessThan(200);
      if (!read.ok) expect(read.error).toMatch(/^El calendario .+\.$/);
    },
  );

  it("reads a calendar as the parser does", async () => {
    expect(await readBusyTimes(GOOD_ICS, NOW.getTime(), NOW.getTime() + 7 * 86_400_000)).toEqual({
      ok: true,
      intervals: [
        { start: Date.parse("2027-02-03T09:00:00Z"), end: Date.parse("2027-02-03T10:00:00Z") },
      ],
    });
    expect(await readBusyTimes("no es un calendario", 0, 1)).toEqual({
      ok: false,
      error: MALFORMED_MESSAGE,
    });
  });
});

describe("which addresses the calendar fetcher may reach", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.1.1",
    "100.64.0.1",
    "169.254.169.254",
    "0.0.0.0",
    "255.255.255.255",
    "224.0.0.1",
    "240.0.0.1",
    "192.0.2.1",
    "::",
    "::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "2001:db8::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "2001:4860:4860::8888", "::ffff:8.8.8.8"])(
    "allows the public address %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it("refuses http, and local addresses through the real fetcher", async () => {
    expect(await fetchFeed("http://calendar.example.com/a.ics")).toEqual({
      ok: false,
      error: FEED_ERRORS.notHttps,
    });
    for (const url of [
      "https://localhost/a.ics",
      "https://intranet/a.ics",
      "https://nas.local/a.ics",
      "https://calendar.example/a.ics",
      "https://metadata.google.internal/a.ics",
      "https://127.0.0.1/a.ics",
      "https://[::1]/a.ics",
      "https://169.254.169.254/latest/meta-data",
    ]) {
      expect(await fetchFeed(url), url).toEqual({ ok: false, error: FEED_ERRORS.notPublic });
    }
    // Only the https port: a calendar is not read from another service of a public host.
    expect(await fetchFeed("https://8.8.8.8:22/a.ics")).toEqual({
      ok: false,
      error: FEED_ERRORS.port,
    });
  });

  it("masks the address: its host and last 4 characters", () => {
    expect(
      maskFeedUrl("https://calendar.google.com/calendar/ical/x/private-abcdef/basic.ics"),
    ).toBe("https://calendar.google.com/….ics");
  });
});

describe("a real HTTPS calendar server", () => {
  let server: https.Server;
  let base = "";
  let options: FetchOptions;
  let dir = "";

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "busy-feed-"));
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
        "/CN=localhost",
        "-addext",
        "subjectAltName=IP:127.0.0.1,DNS:localhost",
      ],
      { stdio: "ignore" },
    );
    const cert = fs.readFileSync(path.join(dir, "cert.pem"), "utf8");
    server = https.createServer(
      { key: fs.readFileSync(path.join(dir, "key.pem")), cert },
      (req, res) => {
        switch (req.url) {
          case "/bueno.ics":
            res.writeHead(200, { "content-type": "text/calendar" }).end(GOOD_ICS);
            break;
          case "/salto":
            res.writeHead(302, { location: "/bueno.ics" }).end();
            break;
          case "/bucle":
            res.writeHead(302, { location: "/bucle" }).end();
            break;
          case "/privado":
            res.writeHead(302, { location: "https://10.0.0.1/a.ics" }).end();
            break;
          case "/grande": {
            // No content-length: the cap must stop the body as it arrives.
            res.writeHead(200, { "content-type": "text/calendar" });
            const chunk = "X".repeat(64 * 1024);
            let sent = 0;
            const more = () => {
              while (sent < 400 && res.write(chunk)) sent++;
              if (sent < 400) res.once("drain", more);
              else res.end();
            };
            res.on("error", () => {});
            more();
            break;
          }
          case "/lento":
            // Headers at once, then a body that never ends.
            res.writeHead(200, { "content-type": "text/calendar" });
            res.write("BEGIN:VCALENDAR\r\n");
            break;
          case "/mudo":
            break;
          case "/hostil.ics":
            res.writeHead(200, { "content-type": "text/calendar" }).end(HOSTILE.minutely!());
            break;
          case "/roto.ics":
            res.writeHead(200).end("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nesto no es");
            break;
          default:
            res.writeHead(404).end();
        }
      },
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Only the test's policy lets loopback through, and only its CA is trusted.
    options = {
      policy: (address) => address === "127.0.0.1" || isPublicAddress(address),
      ports: [Number(new URL(base).port)],
      ca: cert,
      timeoutMs: 1_000,
      maxBytes: 1024 * 1024,
    };
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("fetches a calendar, following a redirect", async () => {
    expect(await fetchFeed(`${base}/bueno.ics`, options)).toEqual({ ok: true, text: GOOD_ICS });
    expect(await fetchFeed(`${base}/salto`, options)).toEqual({ ok: true, text: GOOD_ICS });
  });

  it("the production policy refuses the same server", async () => {
    expect(await fetchFeed(`${base}/bueno.ics`, { ca: options.ca })).toEqual({
      ok: false,
      error: FEED_ERRORS.notPublic,
    });
  });

  it("refuses a redirect to a private address, and too many redirects", async () => {
    expect(await fetchFeed(`${base}/privado`, options)).toEqual({
      ok: false,
      error: FEED_ERRORS.notPublic,
    });
    expect(await fetchFeed(`${base}/bucle`, options)).toEqual({
      ok: false,
      error: FEED_ERRORS.redirects,
    });
  });

  it("gives up on a server that never answers or sends forever, and on a body too large", async () => {
    const started = Date.now();
    expect(await fetchFeed(`${base}/mudo`, options)).toEqual({
      ok: false,
      error: FEED_ERRORS.timeout,
    });
    expect(await fetchFeed(`${base}/lento`, options)).toEqual({
      ok: false,
      error: FEED_ERRORS.timeout,
    });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(await fetchFeed(`${base}/grande`, options)).toEqual({
      ok: false,
      error: FEED_ERRORS.tooBig,
    });
    expect(await fetchFeed(`${base}/no-existe`, options)).toEqual({
      ok: false,
      error: FEED_ERRORS.status(404),
    });
  });

  it("does not trust a certificate it does not know", async () => {
    const { ca: _, ...untrusted } = options;
    expect(await fetchFeed(`${base}/bueno.ics`, untrusted)).toEqual({
      ok: false,
      error: FEED_ERRORS.network,
    });
  });

  describe.each(DRIVERS)("stored as busy times (%s)", (driver) => {
    const db = useTestDatabase(driver);
    const service = { durationMinutes: 50 };
    const day = { now: NOW, from: "2027-02-03", to: "2027-02-03" };
    const times = async () => (await slotsFor(db.db, service, day)).map((s) => s.time);

    it("hides the slots its events overlap, keeps them when a fetch fails, forgets them when removed", async () => {
      expect(await times()).toContain("10:00");
      const saved = await setBusyFeed(db.db, STAFF, { url: `${base}/bueno.ics` }, "ip", {
        ...options,
      });
      // setBusyFeed fetches with today's date; fetch again with the test's.
      expect(saved).toMatchObject({ ok: true });
      expect(await refreshBusyFeed(db.db, { ...options, now: NOW })).toEqual({
        ok: true,
        count: 1,
      });
      const rows = await db.db.select().from(busyTimes);
      expect(rows.map((r) => [r.startsAt.toISOString(), r.endsAt.toISOString()])).toEqual([
        ["2027-02-03T09:00:00.000Z", "2027-02-03T10:00:00.000Z"],
      ]);
      const hidden = await times();
      expect(hidden).not.toContain("10:00");
      expect(hidden).not.toContain("10:30");
      expect(hidden).toContain("12:00");
      const status = await busyFeedStatus(db.db);
      expect(status).toMatchObject({ configured: true, count: 1, error: null });
      expect(status.masked).toBe("https://127.0.0.1:" + base.split(":")[2] + "/….ics");

      // A broken file: an error, and the previous busy times stay.
      await db.db
        .update(bookingConfig)
        .set({ busyFeedUrl: `${base}/roto.ics` })
        .where(eq(bookingConfig.id, 1));
      expect(await refreshBusyFeed(db.db, { ...options, now: NOW })).toEqual({
        ok: false,
        error: MALFORMED_MESSAGE,
      });
      expect(await db.db.select().from(busyTimes)).toHaveLength(1);
      expect(await busyFeedStatus(db.db)).toMatchObject({ error: MALFORMED_MESSAGE });
      // Twice at once (two instances): the same rows, not twice as many.
      await db.db
        .update(bookingConfig)
        .set({ busyFeedUrl: `${base}/bueno.ics` })
        .where(eq(bookingConfig.id, 1));
      await Promise.all([
        refreshBusyFeed(db.db, { ...options, now: NOW }),
        refreshBusyFeed(db.db, { ...options, now: NOW }),
      ]);
      expect(await db.db.select().from(busyTimes)).toHaveLength(1);

      await removeBusyFeed(db.db, STAFF, "ip");
      expect(await db.db.select().from(busyTimes)).toHaveLength(0);
      expect(await busyFeedStatus(db.db)).toMatchObject({ configured: false, masked: null });
      expect(await refreshBusyFeed(db.db, options)).toBeNull();
      expect(await times()).toContain("10:00");

      // The audit log says what happened, never the secret address.
      const logged = await db.db.select().from(auditLog);
      expect(logged.map((r) => r.action)).toEqual(["busy_feed_set", "busy_feed_removed"]);
      expect(JSON.stringify(logged)).not.toContain("bueno.ics");
    });

    it("a calendar that takes longer than the budget to read: its error is kept, and so are the previous busy times", async () => {
      await setBusyFeed(db.db, STAFF, { url: `${base}/bueno.ics` }, "ip", options);
      expect(await refreshBusyFeed(db.db, { ...options, now: NOW })).toEqual({
        ok: true,
        count: 1,
      });
      await db.db
        .update(bookingConfig)
        .set({ busyFeedUrl: `${base}/hostil.ics` })
        .where(eq(bookingConfig.id, 1));
      const started = performance.now();
      expect(await refreshBusyFeed(db.db, { ...options, now: NOW, parseBudgetMs: 500 })).toEqual({
        ok: false,
        error: FEED_ERRORS.parseTimeout,
      });
      expect(performance.now() - started).toBeLessThan(500 + 2_500);
      expect(await db.db.select().from(busyTimes)).toHaveLength(1);
      expect(await busyFeedStatus(db.db)).toMatchObject({
        error: FEED_ERRORS.parseTimeout,
        count: null,
      });
      expect(FEED_ERRORS.parseTimeout).toBe(
        "El calendario tardó demasiado en leerse (más de 2 segundos). Se mantienen las horas ocupadas de la lectura anterior.",
      );
      await removeBusyFeed(db.db, STAFF, "ip");
    });

    it("refuses to save an address that is not https", async () => {
      for (const url of [
        "http://calendar.example.com/a.ics",
        "calendar.google.com",
        "",
        "ftp://x",
        // webcal:// parses more loosely than the https:// it is fetched as.
        "webcal://a%zz/x.ics",
        "webcal://999999999999/x",
      ]) {
        const refused = await setBusyFeed(db.db, STAFF, { url }, "ip", options);
        expect(refused, url).toMatchObject({ ok: false, status: 400 });
        expect(!refused.ok && refused.fieldErrors.url?.[0], url).toMatch(/^(La dirección|Escribe)/);
      }
      expect(await busyFeedStatus(db.db)).toMatchObject({ configured: false });
    });
  });
});
