import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { beforeEach, describe, expect, it } from "vitest";
import {
  appointmentLinks,
  appointmentReminders,
  appointments,
  bookingServices,
  mailOutbox,
  rateLimit,
} from "~/db/schema";
import { acceptRequest, declineRequest } from "~/modules/booking/agenda.server";
import {
  appointmentByLink,
  bookAppointment,
  holdView,
  MANAGE_MESSAGES,
  manageView,
} from "~/modules/booking/booking.server";
import { queueDueReminders } from "~/modules/booking/reminders.server";
import { moveAppointment } from "~/modules/booking/staff.server";
import { DEFAULT_SETTINGS } from "~/modules/settings/defaults";
import { updateSettings } from "~/modules/settings/settings.server";
import { mailDir } from "~/platform/mail/mail.server";
import { deliverDue } from "~/platform/mail/outbox.server";
import { hashToken } from "~/platform/tokens.server";
import * as bookingIcsRoute from "~/routes/resources/booking-ics";
import * as bookingConfirmRoute from "~/routes/public/booking-confirm";
import * as bookingManageRoute from "~/routes/public/booking-manage";
import { DRIVERS, useTestDatabase } from "../support/db";
import { decodeMail, makeContext, makeRequest, run } from "../support/routes";

/**
 * Issue #34, item 11 and 14: every link an appointment's e-mails carried keeps leading to it (the
 * tokens stay hashed), the manage page refuses a POST without its link before acting, the calendar
 * file says 'pendiente' until the practice accepts, and the e-mails to clients come from the
 * professional's name with a footer (address, phone, 024/112).
 */

const STAFF = { id: "u1", email: "editora@example.com" };
const DAY = 24 * 60 * 60_000;

/** A Tuesday 10:00 in Madrid some weeks ahead of the real clock (the routes use it). */
function futureTuesdayAt10(weeks = 3) {
  const d = new Date(Date.now() + weeks * 7 * DAY);
  d.setUTCDate(d.getUTCDate() + ((9 - d.getUTCDay()) % 7)); // next Tuesday
  return new Date(`${d.toISOString().slice(0, 10)}T09:00:00Z`);
}

/** Every token in the e-mails to `to` for `path`, oldest first. */
async function tokensTo(db: Db, to: string, path: string) {
  const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return mails
    .sort((a, b) => a.id - b.id)
    .flatMap((m) => [...m.text.matchAll(new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`, "g"))])
    .map((m) => m[1]!);
}

describe.each(DRIVERS)("links of an appointment's e-mails (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let request = 0;
  let direct = 0;
  let online = 0;
  beforeEach(async () => {
    for (const table of [appointments, mailOutbox, rateLimit, bookingServices]) {
      await db.db.delete(table);
    }
    const [a, b, c] = await db.db
      .insert(bookingServices)
      .values([
        { name: "Primera sesión", durationMinutes: 50, modality: "presencial", mode: "request" },
        { name: "Llamada informativa", durationMinutes: 15, modality: "online", mode: "direct" },
        { name: "Sesión en línea", durationMinutes: 50, modality: "online", mode: "direct" },
      ])
      .returning();
    request = a!.id;
    direct = b!.id;
    online = c!.id;
  });

  const book = (service: number, email: string, start = futureTuesdayAt10()) =>
    bookAppointment(
      db.db,
      {
        service: String(service),
        slot: String(start.getTime()),
        name: "Lucía Pérez",
        email,
        firstVisit: "si",
        consent: "on",
      },
      { ip: `198.51.100.${Math.floor(Math.random() * 200)}` },
    );

  it("the first e-mail's link opens the appointment after it is accepted, reminded and moved", async () => {
    const booked = await book(request, "lucia@example.com");
    if (!booked.ok) throw new Error(JSON.stringify(booked));
    const [first] = await tokensTo(db.db, "lucia@example.com", "/cita/gestionar");
    expect((await manageView(db.db, first!))?.status).toBe("requested");

    expect(await acceptRequest(db.db, STAFF, booked.id, "ip")).toEqual({ ok: true });
    const [, accepted] = await tokensTo(db.db, "lucia@example.com", "/cita/gestionar");
    expect(accepted).toBeDefined();
    expect(accepted).not.toBe(first);

    // The link of the first e-mail: the appointment as it is now, and it says so.
    const old = await manageView(db.db, first!);
    expect(old).toMatchObject({ status: "confirmed", earlierLink: true, mayChange: true });
    expect(await manageView(db.db, accepted!)).toMatchObject({ earlierLink: false });

    // A reminder and a move each bring a new link; every earlier one still opens it.
    const [row] = await db.db.select().from(appointments).where(eq(appointments.id, booked.id));
    await queueDueReminders(db.db, new Date(row!.startsAt.getTime() - 20 * 60 * 60_000));
    const start = futureTuesdayAt10();
    const moved = await moveAppointment(
      db.db,
      STAFF,
      booked.id,
      {
        date: new Date(start.getTime() + DAY).toISOString().slice(0, 10),
        time: "11:00",
        message: "",
      },
      "ip",
    );
    expect(moved).toMatchObject({ ok: true });
    const all = await tokensTo(db.db, "lucia@example.com", "/cita/gestionar");
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const [i, token] of all.entries()) {
      const found = await appointmentByLink(db.db, token);
      expect(found?.id).toBe(booked.id);
      expect(found?.latest).toBe(i === all.length - 1);
    }
    const [now] = await db.db.select().from(appointments).where(eq(appointments.id, booked.id));
    expect((await manageView(db.db, first!))?.startsAt).toBe(now!.startsAt.toISOString());

    // Only hashes are kept: no token is anywhere in the table, each hash is its SHA-256.
    const links = await db.db
      .select()
      .from(appointmentLinks)
      .where(eq(appointmentLinks.appointmentId, booked.id));
    const hashes = links.map((l) => l.tokenHash);
    for (const token of all) {
      expect(hashes).toContain(hashToken(token));
      expect(JSON.stringify(links)).not.toContain(token);
    }
    expect(JSON.stringify(now)).not.toContain(all.at(-1)!);

    // Erased with the appointment.
    await db.db.delete(appointments).where(eq(appointments.id, booked.id));
    expect(await db.db.select().from(appointmentLinks)).toHaveLength(0);
    expect(await appointmentByLink(db.db, first!)).toBeNull();
    expect(await db.db.select().from(appointmentReminders)).toHaveLength(0);
  });

  it("a declined request's link says so (and offers another), instead of 'not valid'", async () => {
    const booked = await book(request, "rechazo@example.com");
    if (!booked.ok) throw new Error(JSON.stringify(booked));
    const [link] = await tokensTo(db.db, "rechazo@example.com", "/cita/gestionar");
    expect(await declineRequest(db.db, STAFF, booked.id, "", "ip")).toEqual({ ok: true });
    const page = await run(bookingManageRoute.loader, {
      request: makeRequest(`/cita/gestionar?token=${link}`),
    });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ appointment: { status: "declined", mayChange: false } });
  });

  it("the confirmation link, once used, leads to the appointment; the page answers with its manage link", async () => {
    const booked = await book(direct, "directa@example.com");
    if (!booked.ok) throw new Error(JSON.stringify(booked));
    const [confirm] = await tokensTo(db.db, "directa@example.com", "/cita/confirmar");
    // Opening the link shows the appointment and changes nothing.
    const before = await run(bookingConfirmRoute.loader, {
      request: makeRequest(`/cita/confirmar?token=${confirm}`),
    });
    expect(before.data).toMatchObject({
      state: "pending",
      appointment: { serviceName: "Llamada informativa", online: true },
    });
    expect((await appointmentByLink(db.db, confirm!))?.status).toBe("held");

    const done = await run(bookingConfirmRoute.action, {
      request: makeRequest("/cita/confirmar", { form: { token: confirm! } }),
    });
    expect(done.status).toBe(200);
    const { manageToken } = done.data as { manageToken: string };
    expect(await manageView(db.db, manageToken)).toMatchObject({
      status: "confirmed",
      earlierLink: false,
    });
    const [mailed] = await tokensTo(db.db, "directa@example.com", "/cita/gestionar");
    expect(mailed).toBe(manageToken);

    expect(await holdView(db.db, confirm!)).toEqual({ state: "used" });
    const after = await run(bookingConfirmRoute.loader, {
      request: makeRequest(`/cita/confirmar?token=${confirm}`),
    });
    expect(after.data).toMatchObject({ state: "used", appointment: null });
    expect(await manageView(db.db, confirm!)).toMatchObject({ status: "confirmed" });
    expect(await holdView(db.db, "x".repeat(43))).toEqual({ state: "invalid" });
  });

  it("POST /cita/gestionar without ?token is refused before acting, in Spanish; with an old link it acts", async () => {
    const booked = await book(request, "sinenlace@example.com");
    if (!booked.ok) throw new Error(JSON.stringify(booked));
    const [first] = await tokensTo(db.db, "sinenlace@example.com", "/cita/gestionar");
    await acceptRequest(db.db, STAFF, booked.id, "ip");
    const mailsBefore = (await db.db.select().from(mailOutbox)).length;

    const forms: Record<string, string>[] = [
      { token: first!, intent: "cancel" },
      { token: first!, intent: "change", message: "Mejor el jueves" },
    ];
    for (const form of forms) {
      const refused = await run(bookingManageRoute.action, {
        request: makeRequest("/cita/gestionar", { form }),
      });
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({ formError: MANAGE_MESSAGES.noLink });
    }
    const [untouched] = await db.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.id));
    expect(untouched).toMatchObject({ status: "confirmed", changeRequestedAt: null });
    expect(await db.db.select().from(mailOutbox)).toHaveLength(mailsBefore);

    // The address's token is the one used; a token in the form is never read.
    const other = await run(bookingManageRoute.action, {
      request: makeRequest(`/cita/gestionar?token=${"x".repeat(43)}`, {
        form: { token: first!, intent: "cancel" },
      }),
    });
    expect(other.status).toBe(404);
    expect((await appointmentByLink(db.db, first!))?.status).toBe("confirmed");

    // The first e-mail's link cancels the appointment as it is now.
    const cancelled = await run(bookingManageRoute.action, {
      request: makeRequest(`/cita/gestionar?token=${first}`, { form: { intent: "cancel" } }),
    });
    expect(cancelled.data).toEqual({ ok: true, done: "cancel" });
    expect((await appointmentByLink(db.db, first!))?.status).toBe("cancelled");
  });

  it("the calendar file of any link: 'pendiente' and TENTATIVE until accepted, then CONFIRMED", async () => {
    const booked = await book(request, "calendario@example.com");
    if (!booked.ok) throw new Error(JSON.stringify(booked));
    const [link] = await tokensTo(db.db, "calendario@example.com", "/cita/gestionar");
    const attached = (await db.db.select().from(mailOutbox)).find(
      (m) => m.to === "calendario@example.com",
    )!.attachments![0]!.content;
    expect(attached).toContain("STATUS:TENTATIVE");
    expect(attached).toMatch(/SUMMARY:Primera sesión \(pendiente de confirmar\)/);

    const ics = async () => {
      const answer = await bookingIcsRoute.loader({
        request: makeRequest(`/cita/calendario.ics?token=${link}`),
        url: new URL(`http://localhost/cita/calendario.ics?token=${link}`),
        params: {},
        context: makeContext(),
      } as never);
      return answer as Response;
    };
    const pending = await ics();
    expect(pending.status).toBe(200);
    expect(pending.headers.get("content-type")).toContain("text/calendar");
    expect(pending.headers.get("content-disposition")).toContain("attachment");
    const pendingText = await pending.text();
    expect(pendingText).toContain("STATUS:TENTATIVE");
    expect(pendingText).toContain("(pendiente de confirmar)");
    expect(pendingText).not.toContain("Lucía");

    await acceptRequest(db.db, STAFF, booked.id, "ip");
    const confirmedText = await (await ics()).text();
    expect(confirmedText).toContain("STATUS:CONFIRMED");
    expect(confirmedText).not.toContain("pendiente");

    const unknown = await bookingIcsRoute.loader({
      request: makeRequest("/cita/calendario.ics?token=nada"),
      url: new URL("http://localhost/cita/calendario.ics?token=nada"),
      params: {},
      context: makeContext(),
    } as never);
    expect((unknown as Response).status).toBe(404);
  });

  it("e-mails to clients come from the professional's name at MAIL_FROM's address, with the footer", async () => {
    await updateSettings(db.db, {
      ...DEFAULT_SETTINGS,
      professionalName: "Ana Martín",
      contactPhone: "+34 911 222 333",
      partnerCentreName: "Centro Alba",
      partnerCentreAddress: "Calle Mayor 5, 28013 Madrid",
    });
    const booked = await book(online, "remite@example.com");
    if (!booked.ok) throw new Error(JSON.stringify(booked));
    const queued = await db.db.select().from(mailOutbox);
    const toClient = queued.find((m) => m.to === "remite@example.com")!;
    expect(toClient.fromName).toBe("Ana Martín");
    for (const part of [toClient.text, toClient.html!]) {
      expect(part).toContain("Centro Alba, Calle Mayor 5, 28013 Madrid");
      expect(part).toContain("Tel. +34 911 222 333");
      expect(part).toContain("024");
      expect(part).toContain("112");
    }

    fs.rmSync(mailDir(), { recursive: true, force: true });
    await deliverDue(db.db);
    const files = fs.readdirSync(mailDir()).map((f) => path.join(mailDir(), f));
    const raw = files.map((f) => decodeMail(fs.readFileSync(f, "utf8")));
    const client = raw.find((m) => m.includes("To: remite@example.com"))!;
    // 'Ana Martín' as an encoded word; the address stays the configured one.
    expect(client).toMatch(/^From: =\?UTF-8\?Q\?Ana_Mart=C3=ADn\?= <no-responder@localhost>$/m);
    expect(client).not.toContain("Consulta de Psicología <no-responder@localhost>");
    // The practice's own notices keep MAIL_FROM as it is.
    const notices = raw.filter((m) => !m.includes("To: remite@example.com"));
    for (const notice of notices) expect(notice).toMatch(/^From: .*<no-responder@localhost>$/m);
    await updateSettings(db.db, DEFAULT_SETTINGS);
  });

  it("while the phone and centre are Ajustes' example values, the footer leaves them out", async () => {
    await updateSettings(db.db, DEFAULT_SETTINGS);
    const booked = await book(request, "ejemplo@example.com");
    if (!booked.ok) throw new Error(JSON.stringify(booked));
    const toClient = (await db.db.select().from(mailOutbox)).find(
      (m) => m.to === "ejemplo@example.com",
    )!;
    expect(toClient.text).not.toContain(DEFAULT_SETTINGS.contactPhone);
    expect(toClient.text).toContain(DEFAULT_SETTINGS.contactEmail);
    expect(toClient.text).toContain("024");
  });

  it("an appointment inserted with a link (staff, tests) gets it remembered by the trigger", async () => {
    const id = randomUUID();
    const hash = hashToken("y".repeat(43));
    await db.db.insert(appointments).values({
      id,
      serviceName: "Sesión",
      modality: "presencial",
      status: "confirmed",
      startsAt: futureTuesdayAt10(),
      endsAt: new Date(futureTuesdayAt10().getTime() + 50 * 60_000),
      clientName: "Eva",
      clientEmail: "eva@example.com",
      manageTokenHash: hash,
    });
    expect(await db.db.select().from(appointmentLinks)).toMatchObject([
      { tokenHash: hash, appointmentId: id, kind: "manage" },
    ]);
    expect((await appointmentByLink(db.db, "y".repeat(43)))?.latest).toBe(true);
  });
});
