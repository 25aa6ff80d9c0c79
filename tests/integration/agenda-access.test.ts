import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { appointments, bookingConfig, mailOutbox, session, user } from "~/db/schema";
import { upsertUserFromCli } from "~/modules/accounts/accounts.server";
import { hashToken } from "~/platform/tokens.server";
import { announceAgendaChange, closeReviewStreams } from "~/platform/events.server";
import * as agendaPage from "~/routes/admin/appointments";
import * as settingsPage from "~/routes/admin/appointment-settings";
import * as dashboard from "~/routes/admin/dashboard";
import * as layout from "~/routes/admin/layout";
import * as eventsApi from "~/routes/resources/events-api";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeContext, makeRequest, run, staffAccounts, type StaffRole } from "../support/routes";

/**
 * Issue 32: the agenda's clients, contact details and notes are health data. Contributors (no
 * second factor required) see the week as busy blocks only, and nothing else about appointments
 * anywhere (dashboard, menu count, live events). The agenda's calendar address is minted by
 * administrators only, after a recent password (+ code), and every administrator is e-mailed.
 */
describe.each(DRIVERS)("agenda access (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let cookies: Record<StaffRole, string>;
  let ids: Record<StaffRole, string>;

  const PRIVATE = [
    "Lucía Pérez",
    "lucia@example.com",
    "600123123",
    "ansiedad",
    "Terapia de pareja",
  ];

  beforeAll(async () => {
    ({ cookies, ids } = await staffAccounts(db.db));
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
        grid: Array<{ date: string; blocks: Array<Record<string, string | number>> }>;
      };
      expect(data.detail).toBe(false);
      // Each block is its time and 'Ocupado', nothing else (no link to the appointment either).
      const blocks = data.grid.flatMap((d) => d.blocks);
      expect(blocks).toEqual([
        {
          key: "2030-03-05T09:00:00.000Z-0",
          startMinute: 600,
          endMinute: 650,
          from: "10:00",
          to: "10:50",
          title: "Ocupado",
        },
        {
          key: "2030-03-06T15:00:00.000Z-0",
          startMinute: 960,
          endMinute: 1010,
          from: "16:00",
          to: "16:50",
          title: "Ocupado",
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

  // ─── The calendar addresses (Citas → Horario y servicios) ──────────────────────────────────

  const settingsAction = (who: StaffRole, form: Record<string, string>) =>
    run(settingsPage.action as (args: never) => unknown, {
      request: makeRequest("/admin/citas/ajustes", { cookie: cookies[who], form }),
    });
  const config = async () => {
    const [row] = await db.db.select().from(bookingConfig).where(eq(bookingConfig.id, 1));
    return row ?? null;
  };
  const outbox = () => db.db.select().from(mailOutbox);

  it("every calendar intent needs a recent password (+ code): otherwise re-authentication, and nothing changes", async () => {
    // An agenda address and a busy-times calendar already in place.
    const hash = hashToken("x".repeat(43));
    await db.db
      .insert(bookingConfig)
      .values({
        id: 1,
        data: {},
        agendaFeedHash: hash,
        busyFeedUrl: "https://calendar.example.com/privado/basic.ics",
      })
      .onConflictDoUpdate({
        target: bookingConfig.id,
        set: {
          agendaFeedHash: hash,
          busyFeedUrl: "https://calendar.example.com/privado/basic.ics",
        },
      });
    const before = await config();
    const mailsBefore = (await outbox()).length;
    // The administrator's password (+ code) was typed 11 minutes ago.
    await db.db
      .update(session)
      .set({ authenticatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(session.userId, ids.administrator));
    for (const form of [
      { intent: "feed-renew" } as Record<string, string>,
      { intent: "feed-remove" },
      { intent: "busy-feed-save", url: "https://otro.example.com/calendario.ics" },
      { intent: "busy-feed-refresh" },
      { intent: "busy-feed-remove" },
    ]) {
      const outcome = await settingsAction("administrator", form);
      expect(outcome.location, form.intent).toBe(
        "/auth/confirmar?redirectTo=%2Fadmin%2Fcitas%2Fajustes",
      );
    }
    const after = await config();
    expect(after!.agendaFeedHash).toBe(before!.agendaFeedHash);
    expect(after!.busyFeedUrl).toBe(before!.busyFeedUrl);
    expect(after!.busyFeedFetchedAt).toEqual(before!.busyFeedFetchedAt);
    expect((await outbox()).length).toBe(mailsBefore);
    // Fresh again (as after /auth/confirmar): removing works.
    await db.db
      .update(session)
      .set({ authenticatedAt: new Date() })
      .where(eq(session.userId, ids.administrator));
    const removed = await settingsAction("administrator", { intent: "feed-remove" });
    expect(removed.location).toBe("/admin/citas/ajustes");
    expect((await config())!.agendaFeedHash).toBeNull();
  });

  it("editors cannot create or remove the agenda's address", async () => {
    const hash = hashToken("y".repeat(43));
    await db.db.update(bookingConfig).set({ agendaFeedHash: hash }).where(eq(bookingConfig.id, 1));
    const mailsBefore = (await outbox()).length;
    for (const intent of ["feed-renew", "feed-remove"]) {
      const outcome = await settingsAction("editor", { intent });
      expect(outcome.status, intent).toBe(403);
    }
    expect((await config())!.agendaFeedHash).toBe(hash);
    expect((await outbox()).length).toBe(mailsBefore);
    // The page tells them why the buttons are not there.
    const page = await run(settingsPage.loader as (args: never) => unknown, {
      request: makeRequest("/admin/citas/ajustes", { cookie: cookies.editor }),
    });
    expect(page.data).toMatchObject({ hasFeed: true, mayManageFeed: false });
  });

  it("a new agenda address e-mails every administrator who made it and when, never the address", async () => {
    await upsertUserFromCli(db.db, {
      email: "otra-admin@example.com",
      name: "Otra Administradora",
      password: "una frase de prueba larga",
      role: "administrator",
    });
    await db.db.delete(mailOutbox);
    const outcome = await settingsAction("administrator", { intent: "feed-renew" });
    expect(outcome.status).toBe(200);
    const feedUrl = (outcome.data as { feedUrl: string }).feedUrl;
    const token = new URL(feedUrl).searchParams.get("token")!;
    expect((await config())!.agendaFeedHash).toBe(hashToken(token));
    const mails = await outbox();
    const [admin] = await db.db.select().from(user).where(eq(user.id, ids.administrator));
    expect(mails.map((m) => m.to).sort()).toEqual(
      ["administrator@example.com", "otra-admin@example.com"].sort(),
    );
    for (const mail of mails) {
      expect(mail.subject).toBe("Nueva dirección del calendario de citas");
      expect(mail.text).toContain(`${admin!.name} (administrator@example.com)`);
      expect(mail.text).toMatch(/el \d{1,2} de \w+ de \d{4}, \d{2}:\d{2} \(hora peninsular\)/);
      expect(mail.text).toContain("Desactivar el calendario");
      for (const body of [mail.text, mail.html ?? ""]) {
        expect(body).not.toContain(token);
        expect(body).not.toContain("citas.ics");
      }
    }
  });
});
