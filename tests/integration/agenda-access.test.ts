import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { appointments } from "~/db/schema";
import { announceAgendaChange, closeReviewStreams } from "~/modules/reviews/live.server";
import * as agendaPage from "~/routes/admin/appointments";
import * as dashboard from "~/routes/admin/dashboard";
import * as layout from "~/routes/admin/layout";
import * as eventsApi from "~/routes/resources/events-api";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeContext, makeRequest, run, staffAccounts, type StaffRole } from "../support/routes";

/**
 * Issue 32: the agenda's clients, contact details and notes are health data. Contributors (no
 * second factor required) see the week as busy blocks only, and nothing else about appointments
 * anywhere (dashboard, menu count, live events).
 */
describe.each(DRIVERS)("agenda access (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let cookies: Record<StaffRole, string>;

  const PRIVATE = [
    "Lucía Pérez",
    "lucia@example.com",
    "600123123",
    "ansiedad",
    "Terapia de pareja",
  ];

  beforeAll(async () => {
    ({ cookies } = await staffAccounts(db.db));
    const base = {
      serviceName: "Terapia de pareja",
      modality: "in_person",
      clientName: "Lucía Pérez",
      clientEmail: "lucia@example.com",
      clientPhone: "600123123",
      note: "Vengo por ansiedad desde hace meses",
    };
    await db.db.insert(appointments).values([
      {
        ...base,
        id: "a0000000-0000-4000-8000-000000000001",
        status: "confirmed",
        startsAt: new Date("2030-03-05T09:00:00Z"),
        endsAt: new Date("2030-03-05T09:50:00Z"),
      },
      {
        ...base,
        id: "a0000000-0000-4000-8000-000000000002",
        status: "requested",
        startsAt: new Date("2030-03-06T15:00:00Z"),
        endsAt: new Date("2030-03-06T15:50:00Z"),
      },
    ]);
  });

  afterEach(async () => {
    await closeReviewStreams();
  });

  const loadAgenda = (who: StaffRole, query = "?semana=2030-03-04") =>
    run(agendaPage.loader as (args: never) => unknown, {
      request: makeRequest(`/admin/citas${query}`, { cookie: cookies[who] }),
    });

  it("contributors see the agenda as busy blocks only: no client, contact, service or note", async () => {
    for (const query of [
      "?semana=2030-03-04",
      // Booking for a client ('?reservar=') fills in that client's details for staff who manage.
      "?semana=2030-03-04&reservar=a0000000-0000-4000-8000-000000000001",
    ]) {
      const outcome = await loadAgenda("contributor", query);
      expect(outcome.status).toBe(200);
      const json = JSON.stringify(outcome.data);
      for (const secret of PRIVATE) expect(json, `${query}: ${secret}`).not.toContain(secret);
      expect(json).not.toContain("a0000000-0000-4000-8000-000000000001");
      const data = outcome.data as {
        detail: boolean;
        week: { days: Array<{ date: string; blocks: Array<Record<string, string>> }> };
      };
      expect(data.detail).toBe(false);
      const blocks = data.week.days.flatMap((d) => d.blocks);
      expect(blocks).toEqual([
        {
          startsAt: "2030-03-05T09:00:00.000Z",
          endsAt: "2030-03-05T09:50:00.000Z",
          from: "10:00",
          to: "10:50",
        },
        {
          startsAt: "2030-03-06T15:00:00.000Z",
          endsAt: "2030-03-06T15:50:00.000Z",
          from: "16:00",
          to: "16:50",
        },
      ]);
    }
    // Editors and administrators (2FA required) keep the whole agenda.
    for (const who of ["editor", "administrator"] as const) {
      const json = JSON.stringify((await loadAgenda(who)).data);
      for (const secret of PRIVATE) expect(json, `${who}: ${secret}`).toContain(secret);
    }
  });

  it("the dashboard and the menu count show contributors nothing about appointments", async () => {
    const dash = async (who: StaffRole) =>
      (
        await run(dashboard.loader as (args: never) => unknown, {
          request: makeRequest("/admin", { cookie: cookies[who] }),
        })
      ).data as { appointments: { waiting: number } | null };
    expect((await dash("contributor")).appointments).toBeNull();
    expect((await dash("editor")).appointments?.waiting).toBe(1);
    const counts = async (who: StaffRole) =>
      (
        (
          await run(layout.loader as (args: never) => unknown, {
            request: makeRequest("/admin", { cookie: cookies[who] }),
          })
        ).data as { counts: { waitingRequests: number } }
      ).counts.waitingRequests;
    expect(await counts("contributor")).toBe(0);
    expect(await counts("editor")).toBe(1);
  });

  it("the live agenda notice reaches editors, not contributors", async () => {
    const open = async (who: StaffRole) => {
      const request = new Request("http://localhost:3000/api/eventos", {
        headers: { cookie: cookies[who] },
      });
      const res = (await eventsApi.loader({
        request,
        context: makeContext(),
      } as never)) as Response;
      expect(res.status).toBe(200);
      return res.body!.getReader();
    };
    // A read still pending when time ran out is kept for the next call (its chunk is not lost).
    const pending = new Map<ReadableStreamDefaultReader<Uint8Array>, Promise<unknown>>();
    /** What the stream carries within `ms` milliseconds. */
    const textWithin = async (reader: ReadableStreamDefaultReader<Uint8Array>, ms: number) => {
      let text = "";
      const deadline = Date.now() + ms;
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) return text;
        const read = pending.get(reader) ?? reader.read();
        pending.set(reader, read);
        const r = await Promise.race([
          read,
          new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), left)),
        ]);
        if (r === "timeout") return text;
        pending.delete(reader);
        const chunk = r as ReadableStreamReadResult<Uint8Array>;
        if (chunk.done) return text;
        text += new TextDecoder().decode(chunk.value);
      }
    };
    const editor = await open("editor");
    const contributor = await open("contributor");
    // Let both subscriptions start before the notice.
    await Promise.all([textWithin(editor, 300), textWithin(contributor, 300)]);
    await announceAgendaChange(db.db);
    const [seen, unseen] = await Promise.all([
      textWithin(editor, 1500),
      textWithin(contributor, 1500),
    ]);
    expect(seen).toContain("event: citas");
    expect(unseen).not.toContain("event: citas");
  });
});
