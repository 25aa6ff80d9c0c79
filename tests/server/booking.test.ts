import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgDatabase } from "../support/db";
import { type RunningServer, startServer } from "../support/server";

/**
 * Booking over real HTTP on the built server: two instances on one PostgreSQL, as a practice
 * behind a load balancer runs it. Visitors come through a proxy both instances trust, so each
 * has its own address (the booking rate limit is per address).
 */

/** A visitor's booking, as the form sends it (to the address of its step, with the hour). */
function book(server: RunningServer, ip: string, fields: Record<string, string>) {
  const step = new URLSearchParams({ servicio: fields.service ?? "", hora: fields.slot ?? "" });
  return fetch(`${server.url}/cita?${step}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "X-Forwarded-For": ip },
    body: new URLSearchParams({
      name: "Lucía Pérez",
      firstVisit: "si",
      consent: "on",
      ...fields,
    }),
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "booking on two instances sharing PostgreSQL",
  () => {
    let database: Awaited<ReturnType<typeof createPgDatabase>>;
    let client: pg.Client;
    let a: RunningServer;
    let b: RunningServer;
    let service = "";
    let slot = "";
    /** Another free hour, for the tests after the first has taken `slot`. */
    let other = "";
    const env = () => ({ DATABASE_URL: database.url, TRUST_PROXY: "127.0.0.1" });

    beforeAll(async () => {
      database = await createPgDatabase();
      // One after the other: the first migrates and seeds the services.
      a = await startServer({ env: env() });
      client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(
        `insert into settings (id, data) values (1, '{"bookingEnabled": true}')
       on conflict (id) do update set data = settings.data || '{"bookingEnabled": true}'`,
      );
      b = await startServer({ env: env() });
      const { rows } = await client.query(
        "select id from booking_services where name = 'Primera sesión'",
      );
      service = String(rows[0].id);
      // The first free hour the page offers (the month page, then its first day with hours).
      const month = await (await fetch(`${a.url}/cita?servicio=${service}`)).text();
      const day = /href="(\/cita\?[^"#]*dia=[\d-]+)#horas"/
        .exec(month)![1]!
        .replaceAll("&amp;", "&");
      const hours = await (await fetch(a.url + day)).text();
      // The first and the last of the day's hours (far enough apart not to overlap).
      const hoursOfDay = [...hours.matchAll(/href="\/cita\?[^"#]*hora=(\d+)#paso-3"/g)];
      slot = hoursOfDay[0]![1]!;
      other = hoursOfDay.at(-1)![1]!;
    }, 120_000);
    afterAll(async () => {
      await client?.end();
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
    });

    it("20 visitors book the same hour at once on two instances: exactly one gets it", async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          book(i % 2 ? a : b, `198.51.100.${i + 1}`, {
            service,
            slot,
            email: `visita${i}@example.com`,
          }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 302)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const refused = answers.find((r) => r.status === 409)!;
      expect(await refused.text()).toContain("Esa hora ya no está libre. Elige otra, por favor.");
      const { rows } = await client.query("select status, client_email from appointments");
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe("requested");
      // The hour is no longer offered, on either instance.
      for (const server of [a, b]) {
        const page = await fetch(`${server.url}/cita?servicio=${service}&hora=${slot}`);
        expect(await page.text()).toContain("ya no está libre");
      }
    });

    it("bad input gets a Spanish message and a 400, and nothing is stored", async () => {
      const before = (await client.query("select count(*)::int as n from appointments")).rows[0].n;
      const answer = await book(a, "198.51.100.200", {
        service,
        slot: other,
        email: "no-es-un-email",
      });
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain("Introduce un email válido");
      const after = (await client.query("select count(*)::int as n from appointments")).rows[0].n;
      expect(after).toBe(before);
    });

    it("one address may send 5 bookings an hour; the next gets 429 with a Spanish message", async () => {
      const ip = "198.51.100.250";
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        // Taken hours still count: the limit is on attempts, whatever their outcome.
        const res = await book(i % 2 ? a : b, ip, {
          service,
          slot,
          email: `limite${i}@example.com`,
        });
        statuses.push(res.status);
        if (i === 5) expect(await res.text()).toContain("Has pedido varias citas seguidas.");
      }
      expect(statuses.slice(0, 5).every((s) => s === 409)).toBe(true);
      expect(statuses[5]).toBe(429);
    });

    it("a link with a made-up token shows nothing and changes nothing", async () => {
      const token = "A".repeat(43);
      const page = await fetch(`${a.url}/cita/gestionar?token=${token}`);
      expect(page.status).toBe(404);
      expect(page.headers.get("cache-control")).toContain("no-store");
      // Opening a confirmation link changes nothing (mail scanners open links); its button does.
      const opened = await fetch(`${a.url}/cita/confirmar?token=${token}`);
      expect(opened.headers.get("cache-control")).toContain("no-store");
      const confirm = await fetch(`${a.url}/cita/confirmar`, {
        method: "POST",
        headers: { Origin: a.url },
        body: new URLSearchParams({ token }),
      });
      expect(confirm.status).toBe(404);
      expect(await confirm.text()).toContain("El enlace no es válido o ya se ha usado.");
      // The manage link's token is read from the address only: without it, refused before acting.
      const unlinked = await fetch(`${a.url}/cita/gestionar`, {
        method: "POST",
        headers: { Origin: a.url },
        body: new URLSearchParams({ token, intent: "cancel" }),
      });
      expect(unlinked.status).toBe(400);
      expect(await unlinked.text()).toContain("Falta el enlace de tu cita");
      const cancel = await fetch(`${a.url}/cita/gestionar?token=${token}`, {
        method: "POST",
        headers: { Origin: a.url },
        body: new URLSearchParams({ intent: "cancel" }),
      });
      expect(cancel.status).toBe(404);
      expect(await cancel.text()).toContain("No encontramos ninguna cita con este enlace.");
      const { rows } = await client.query("select status from appointments");
      expect(rows.map((r) => r.status)).toEqual(["requested"]);
    });

    /** The free hours the page offers for a service on its first day with any. */
    async function freeHours(name: string) {
      const { rows } = await client.query("select id from booking_services where name = $1", [
        name,
      ]);
      const id = String(rows[0].id);
      const month = await (await fetch(`${a.url}/cita?servicio=${id}`)).text();
      const day = /href="(\/cita\?[^"#]*dia=[\d-]+)#horas"/
        .exec(month)![1]!
        .replaceAll("&amp;", "&");
      const hours = await (await fetch(a.url + day)).text();
      return {
        id,
        // Each hour opens step 3 at its anchor.
        slots: [...hours.matchAll(/href="\/cita\?[^"#]*hora=(\d+)#paso-3"/g)].map((m) => m[1]!),
      };
    }
    const count = async (table: string) =>
      (await client.query(`select count(*)::int as n from ${table}`)).rows[0].n as number;

    it("a second unconfirmed booking with the same e-mail gets 429 with a Spanish message, and nothing is stored", async () => {
      const { id, slots } = await freeHours("Llamada informativa gratuita");
      const first = await book(a, "198.51.100.210", {
        service: id,
        slot: slots[0]!,
        email: "una.sola@example.com",
      });
      expect(first.status).toBe(302);
      expect(first.headers.get("location")).toBe("/cita/enviada?tipo=reserva");
      const before = {
        appointments: await count("appointments"),
        mails: await count("mail_outbox"),
      };
      const second = await book(b, "198.51.100.211", {
        service: id,
        slot: slots[1]!,
        email: "Una.Sola+otra@example.com",
      });
      expect(second.status).toBe(429);
      expect(await second.text()).toContain("Ya tienes una reserva sin confirmar con este email.");
      expect({
        appointments: await count("appointments"),
        mails: await count("mail_outbox"),
      }).toEqual(before);
    });

    it("one manage link sending 8 change requests: the practice gets one e-mail", async () => {
      const { id, slots } = await freeHours("Primera sesión");
      expect(
        (
          await book(a, "198.51.100.220", {
            service: id,
            slot: slots[0]!,
            email: "cambios@example.com",
          })
        ).status,
      ).toBe(302);
      const { rows } = await client.query(
        `select text from mail_outbox where "to" = 'cambios@example.com'`,
      );
      const token = /\/cita\/gestionar\?token=([\w-]{43})/.exec(rows[0].text)![1]!;
      const statuses = [];
      for (let i = 0; i < 8; i++) {
        const server = i % 2 ? a : b;
        // As the page's form sends it: to its own address, which carries the token.
        const answer = await fetch(`${server.url}/cita/gestionar?token=${token}`, {
          method: "POST",
          headers: { Origin: server.url },
          body: new URLSearchParams({ token, intent: "change", message: `Mejor otro día (${i})` }),
        });
        statuses.push(answer.status);
        if (i === 7) {
          expect(await answer.text()).toContain(
            "Ya enviaste una petición de cambio para esta cita; la consulta te responderá pronto.",
          );
        }
      }
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const notices = await client.query(
        "select count(*)::int as n from mail_outbox where subject = 'Petición de cambio de cita'",
      );
      expect(notices.rows[0].n).toBe(1);
    });
  },
);
