import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import {
  appointments,
  bookingConfig,
  bookingServices,
  mailOutbox,
  rateLimit,
  user,
  waitlistConfig,
  waitlistEntries,
  waitlistOffers,
  waitlistSlots,
} from "~/db/schema";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { cancelByPractice } from "./agenda.server";
import { DEFAULT_BOOKING_CONFIG } from "./config";
import {
  acceptOffer,
  approveOffer,
  confirmEntry,
  offerTo,
  declineOffer,
  eraseWaitlistOf,
  joinWaitlist,
  leaveWaitlist,
  processWaitlist,
  purgeWaitlist,
  releaseSlot,
  saveWaitlistConfig,
  skipOffer,
  waitlistOf,
} from "./waitlist.server";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Monday 7 December 2026, 00:00 in Madrid (UTC+1). */
const MONDAY = Date.parse("2026-12-06T23:00:00Z");
const at = (day: number, hour: number) => new Date(MONDAY + day * DAY + hour * HOUR);
const NOW = new Date(MONDAY - 3 * DAY);
const STAFF = { id: "wl-staff", email: "consulta@example.com" };
const CONFIG = {
  ...DEFAULT_BOOKING_CONFIG,
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "20:00" })),
  noticeHours: 0,
  bufferMinutes: 0,
  horizonDays: 120,
};

describe.each(DRIVERS)("the waitlist (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let service = 0;
  let confirmations = 0;

  beforeEach(async () => {
    for (const table of [waitlistOffers, waitlistSlots, waitlistEntries, appointments, mailOutbox])
      await db.db.delete(table);
    await db.db.delete(rateLimit);
    await db.db.delete(waitlistConfig);
    await db.db.delete(bookingServices);
    await db.db
      .insert(bookingConfig)
      .values({ id: 1, data: CONFIG })
      .onConflictDoUpdate({ target: bookingConfig.id, set: { data: CONFIG } });
    const [row] = await db.db
      .insert(bookingServices)
      .values({
        name: "Sesión individual",
        durationMinutes: 50,
        modality: "presencial",
        mode: "request",
      })
      .returning();
    service = row!.id;
    await db.db
      .insert(user)
      .values({ id: STAFF.id, name: "Consulta", email: STAFF.email, role: "administrator" })
      .onConflictDoNothing();
  });

  const mailsTo = (to: string) =>
    db.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
  const tokenIn = (text: string, path: string) =>
    new RegExp(`${path}\\?token=([\\w-]{43})`).exec(text)?.[1];

  /** Joins as a visitor would and opens the confirmation link; returns her address. */
  async function joined(
    name: string,
    preferences: Record<string, string | string[]> = { asap: "on" },
    existing = "no",
    ip = "203.0.113.1",
  ) {
    const email = `${name.toLowerCase()}@example.com`;
    const input = {
      service: String(service),
      name,
      email,
      existing,
      consent: "on",
      ...preferences,
    };
    expect(await joinWaitlist(db.db, input, { ip }, NOW)).toEqual({ ok: true, email });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Confirma que quieres estar en la lista de espera");
    expect(mail!.text).toContain("/cita/lista-espera/baja?token=");
    expect(mail!.text).toContain("024");
    const token = tokenIn(mail!.text, "/cita/lista-espera/confirmar")!;
    // Each a second after the one before: the list's order is the time she confirmed.
    const confirmedAt = new Date(NOW.getTime() - 3600_000 + ++confirmations * 1000);
    expect(await confirmEntry(db.db, token, confirmedAt)).toEqual({ ok: true });
    return email;
  }

  /** A confirmed appointment of someone else, at a time. */
  async function booked(start: Date) {
    const id = randomUUID();
    await db.db.insert(appointments).values({
      id,
      serviceId: service,
      serviceName: "Sesión individual",
      modality: "presencial",
      startsAt: start,
      endsAt: new Date(start.getTime() + 50 * 60_000),
      status: "confirmed",
      clientName: "Otra persona",
      clientEmail: `otra.${id.slice(0, 8)}@example.com`,
    });
    return id;
  }

  const offersOf = (email: string) =>
    mailsTo(email).then((mails) =>
      mails.filter((m) => m.subject === "Se ha liberado una hora para ti"),
    );

  it("a cancellation is offered to one person; she books it and the next person is not offered it", async () => {
    const ana = await joined("Ana");
    const berta = await joined("Berta");
    const id = await booked(at(1, 10));
    expect(await cancelByPractice(db.db, STAFF, id, "", "198.51.100.1")).toEqual({ ok: true });
    await processWaitlist(db.db, NOW);

    const [offer] = await offersOf(ana);
    expect(offer).toBeDefined();
    expect(offer!.text).toContain("Desde el mismo enlace puedes salir de la lista de espera.");
    expect(await offersOf(berta)).toHaveLength(0);
    // The hour is held for her meanwhile: nobody else can take it.
    const [held] = await db.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.status, "held"), eq(appointments.clientEmail, ana)));
    expect(held!.startsAt).toEqual(at(1, 10));

    const token = tokenIn(offer!.text, "/cita/lista-espera/oferta")!;
    expect(await acceptOffer(db.db, token, NOW)).toMatchObject({ ok: true });
    const [confirmed] = await db.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, held!.id));
    expect(confirmed!.status).toBe("confirmed");
    expect((await mailsTo(ana)).map((m) => m.subject)).toContain("Tu cita está confirmada");
    // Taken: a second click changes nothing, and nobody else hears of it, even much later.
    expect(await acceptOffer(db.db, token, NOW)).toMatchObject({ ok: false, status: 409 });
    await processWaitlist(db.db, new Date(NOW.getTime() + 6 * HOUR));
    expect(await offersOf(berta)).toHaveLength(0);
    const [slot] = await db.db.select().from(waitlistSlots);
    expect(slot!.status).toBe("cubierta");
  });

  it("an offer not taken in time, or declined, goes to the next person who fits", async () => {
    const ana = await joined("Ana");
    const tarde = await joined("Tarde", { windows: ["tarde"] });
    const carla = await joined("Carla");
    await cancelByPractice(db.db, STAFF, await booked(at(2, 10)), "", "198.51.100.1");
    await processWaitlist(db.db, NOW);
    expect(await offersOf(ana)).toHaveLength(1);

    // Two hours and more later, Ana's hold is over: the morning hour skips 'Tarde' for Carla.
    await processWaitlist(db.db, new Date(NOW.getTime() + 2 * HOUR + 60_000));
    expect(await offersOf(tarde)).toHaveLength(0);
    const [toCarla] = await offersOf(carla);
    expect(toCarla).toBeDefined();
    const statuses = await db.db.select().from(waitlistOffers).orderBy(waitlistOffers.createdAt);
    expect(statuses.map((o) => o.status)).toEqual(["caducada", "enviada"]);
    // Ana's expired link no longer books; she is still on the list.
    const anaToken = tokenIn((await offersOf(ana))[0]!.text, "/cita/lista-espera/oferta")!;
    expect(await acceptOffer(db.db, anaToken, new Date(NOW.getTime() + 3 * HOUR))).toMatchObject({
      status: 409,
    });
    expect((await waitlistOf(db.db, ana))[0]!.estado).toBe("activa");

    // Carla says no: nobody else fits, the hour stays free and is recorded so.
    const carlaToken = tokenIn(toCarla!.text, "/cita/lista-espera/oferta")!;
    expect(await declineOffer(db.db, carlaToken, new Date(NOW.getTime() + 3 * HOUR))).toEqual({
      ok: true,
    });
    const [slot] = await db.db.select().from(waitlistSlots);
    expect(slot!.status).toBe("sin-candidatos");
    expect(await db.db.select().from(appointments).where(eq(appointments.status, "held"))).toEqual(
      [],
    );
  });

  it("an hour booked by someone else before it is offered is offered to nobody", async () => {
    const ana = await joined("Ana");
    await cancelByPractice(db.db, STAFF, await booked(at(1, 12)), "", "198.51.100.1");
    await booked(at(1, 12)); // booked again from the site before the waitlist moved
    await processWaitlist(db.db, NOW);
    expect(await offersOf(ana)).toHaveLength(0);
    expect((await db.db.select().from(waitlistSlots))[0]!.status).toBe("ocupada");
  });

  it("leaving from an offer's link withdraws it and passes the hour on; export and erase reach the entries", async () => {
    const ana = await joined("Ana");
    const berta = await joined("Berta");
    await cancelByPractice(db.db, STAFF, await booked(at(3, 16)), "", "198.51.100.1");
    await processWaitlist(db.db, NOW);
    const token = tokenIn((await offersOf(ana))[0]!.text, "/cita/lista-espera/oferta")!;
    expect(await leaveWaitlist(db.db, token, NOW)).toEqual({ ok: true });
    expect((await waitlistOf(db.db, ana))[0]!.estado).toBe("baja");
    expect(await offersOf(berta)).toHaveLength(1);

    expect(await waitlistOf(db.db, "BERTA@example.com")).toHaveLength(1);
    await db.db.transaction((tx) => eraseWaitlistOf(tx, berta));
    expect(await waitlistOf(db.db, berta)).toEqual([]);
    // Her held hour went with her.
    expect(await db.db.select().from(appointments).where(eq(appointments.status, "held"))).toEqual(
      [],
    );
    // Retention: an entry that ended 30 days ago goes.
    expect(await purgeWaitlist(db.db, new Date(NOW.getTime() + 31 * DAY))).toBe(1);
    expect(await waitlistOf(db.db, ana)).toEqual([]);
  });

  it("with approval first, the offer waits for the practice; skipped, it goes to the next; an hour she releases is offered too", async () => {
    const ana = await joined("Ana");
    const berta = await joined("Berta");
    expect(
      await saveWaitlistConfig(
        db.db,
        STAFF,
        { holdMinutes: "60", existingFirst: "on", approveFirst: "on" },
        "198.51.100.1",
      ),
    ).toEqual({ ok: true });
    expect(
      await releaseSlot(
        db.db,
        STAFF,
        { service: String(service), date: "2026-12-09", time: "17:00" },
        "198.51.100.1",
        NOW,
      ),
    ).toEqual({ ok: true });
    // Nothing goes to Ana yet: the practice is asked.
    expect(await offersOf(ana)).toHaveLength(0);
    expect((await mailsTo(STAFF.email)).map((m) => m.subject)).toContain(
      "Una hora liberada espera tu aprobación",
    );
    const [waiting] = await db.db.select().from(waitlistOffers);
    expect(waiting!.status).toBe("por-aprobar");
    expect(await skipOffer(db.db, STAFF, waiting!.id, "198.51.100.1", NOW)).toEqual({ ok: true });
    // Skipped already: the practice is told so in her own words, not a visitor's.
    expect(await skipOffer(db.db, STAFF, waiting!.id, "198.51.100.1", NOW)).toMatchObject({
      status: 404,
      formError: expect.stringContaining("ya no espera tu aprobación"),
    });
    const [toBerta] = await db.db
      .select()
      .from(waitlistOffers)
      .where(eq(waitlistOffers.status, "por-aprobar"));
    expect(await approveOffer(db.db, STAFF, toBerta!.id, "198.51.100.1", NOW)).toEqual({
      ok: true,
    });
    const [offer] = await offersOf(berta);
    // Held 60 minutes (her rule), the hour being days away.
    const [sent] = await db.db
      .select()
      .from(waitlistOffers)
      .where(eq(waitlistOffers.id, toBerta!.id));
    expect(sent!.expiresAt.getTime() - NOW.getTime()).toBe(60 * 60_000);
    expect(offer!.text).toContain("/cita/lista-espera/oferta?token=");
    // Berta does not answer and nobody else fits; the practice offers the hour to Ana herself.
    const later = new Date(NOW.getTime() + 2 * HOUR);
    await processWaitlist(db.db, later);
    const [slot] = await db.db.select().from(waitlistSlots);
    expect(slot!.status).toBe("sin-candidatos");
    const [anaEntry] = await waitlistOf(db.db, ana);
    const [bertaEntry] = await waitlistOf(db.db, berta);
    const by = (entry: string) => ({ slot: String(slot!.id), entry });
    expect(await offerTo(db.db, STAFF, by(anaEntry!.id), "198.51.100.1", later)).toEqual({
      ok: true,
    });
    expect(await offersOf(ana)).toHaveLength(1);
    // Offered now: another offer of the same hour is refused.
    expect(await offerTo(db.db, STAFF, by(bertaEntry!.id), "198.51.100.1", later)).toMatchObject({
      ok: false,
      status: 409,
    });
    // A busy hour cannot be released; nor bad input.
    await booked(at(3, 10));
    expect(
      await releaseSlot(
        db.db,
        STAFF,
        { service: String(service), date: "2026-12-10", time: "10:00" },
        "198.51.100.1",
        NOW,
      ),
    ).toMatchObject({ ok: false, status: 409 });
    expect(
      await releaseSlot(
        db.db,
        STAFF,
        { service: "x", date: "mañana", time: "25:00" },
        "198.51.100.1",
        NOW,
      ),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await saveWaitlistConfig(
        db.db,
        STAFF,
        { holdMinutes: "5", existingFirst: null, approveFirst: null },
        "198.51.100.1",
      ),
    ).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses bad input with Spanish messages and stores nothing", async () => {
    const base = { service: String(service), name: "Ana", email: "ana@example.com", consent: "on" };
    for (const [input, field] of [
      [{ ...base, asap: "on", email: "no" }, "email"],
      [{ ...base, asap: "on", name: " " }, "name"],
      [{ ...base, asap: "on", consent: undefined }, "consent"],
      [{ ...base }, "asap"],
      [{ ...base, asap: "on", service: "999999" }, "service"],
      [{ ...base, days: ["8"] }, "days"],
    ] as const) {
      const result = await joinWaitlist(db.db, input, { ip: "203.0.113.9" }, NOW);
      expect(result, field).toMatchObject({ ok: false, status: 400 });
      if (!result.ok)
        expect(Object.keys(result.fieldErrors).map((k) => k.split(".")[0])).toContain(field);
    }
    expect(await db.db.select().from(waitlistEntries)).toEqual([]);
    expect(await confirmEntry(db.db, "A".repeat(43), NOW)).toMatchObject({ status: 404 });
    expect(await acceptOffer(db.db, "nope", NOW)).toMatchObject({ status: 404 });
  });

  it("a month of cancellations freed a day or more ahead: most are refilled, never two offers at once, never a taken hour", async () => {
    // Twenty people wait, with different days and times; half of them are clients already.
    const people: string[] = [];
    for (let i = 0; i < 20; i++) {
      const preferences: Record<string, string | string[]> =
        i % 4 === 0
          ? { asap: "on" }
          : i % 4 === 1
            ? { windows: ["manana"] }
            : i % 4 === 2
              ? { windows: ["tarde"] }
              : { days: [String((i % 5) + 1)] };
      people.push(await joined(`Persona${i}`, preferences, i % 2 ? "si" : "no", `203.0.113.${i}`));
    }
    // Four weeks of appointments, two a day; every third one is cancelled 1–3 days before.
    const cancellations: { id: string; when: Date }[] = [];
    let n = 0;
    for (let day = 0; day < 28; day++) {
      if (day % 7 >= 5) continue;
      for (const hour of [10, 17]) {
        const start = at(day, hour);
        const id = await booked(start);
        if (n++ % 3 === 0) {
          cancellations.push({ id, when: new Date(start.getTime() - (1 + (n % 3)) * DAY) });
        }
      }
    }
    // One of the freed hours is booked again from the site before the waitlist moves.
    const retaken = cancellations[4]!;
    let clock = NOW.getTime();
    const seen = new Set<string>();
    let refusals = 0;
    const steps = [...cancellations].sort((a, b) => a.when.getTime() - b.when.getTime());
    for (const cancellation of steps) {
      clock = Math.max(clock, cancellation.when.getTime());
      // Cancelled through the practice's real path, which records the freed hour.
      expect(await cancelByPractice(db.db, STAFF, cancellation.id, "", "198.51.100.1")).toEqual({
        ok: true,
      });
      const [row] = await db.db
        .select()
        .from(appointments)
        .where(eq(appointments.id, cancellation.id));
      if (cancellation === retaken) await booked(row!.startsAt);
      // Every hour for the next 12 hours: offers go out, people answer (2 in 3 take it).
      for (let hour = 0; hour < 12; hour++) {
        const tick = new Date(clock + hour * HOUR);
        await processWaitlist(db.db, tick);
        const live = await db.db
          .select({ slotId: waitlistOffers.slotId, n: sql<number>`count(*)::int` })
          .from(waitlistOffers)
          .where(inArray(waitlistOffers.status, ["por-aprobar", "enviada"]))
          .groupBy(waitlistOffers.slotId);
        expect(live.every((l) => l.n === 1)).toBe(true);
        for (const email of people) {
          for (const mail of await offersOf(email)) {
            if (seen.has(String(mail.id))) continue;
            seen.add(String(mail.id));
            const token = tokenIn(mail.text, "/cita/lista-espera/oferta")!;
            if (seen.size % 3 === 0) {
              refusals++;
              await declineOffer(db.db, token, tick);
            } else {
              await acceptOffer(db.db, token, tick);
            }
          }
        }
      }
    }
    const slots = await db.db.select().from(waitlistSlots);
    const refilled = slots.filter((s) => s.status === "cubierta").length;
    console.info(
      `lista de espera: ${slots.length} horas liberadas, ${refilled} cubiertas, ${refusals} ofertas rechazadas`,
    );
    expect(refilled / slots.length).toBeGreaterThanOrEqual(0.5);
    // The hour taken again from the site was never offered.
    const offered = await db.db
      .select({ startsAt: waitlistSlots.startsAt })
      .from(waitlistOffers)
      .innerJoin(waitlistSlots, eq(waitlistSlots.id, waitlistOffers.slotId));
    const [retakenRow] = await db.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, retaken.id));
    expect(offered.some((o) => o.startsAt.getTime() === retakenRow!.startsAt.getTime())).toBe(
      false,
    );
    // No two confirmed or held appointments share an hour.
    const open = await db.db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .where(inArray(appointments.status, ["confirmed", "held", "requested"]));
    const times = open.map((a) => a.startsAt.getTime());
    expect(new Set(times).size).toBe(times.length);
  });

  it.runIf(driver === "pg")(
    "two instances moving the list at once send one offer for the hour",
    async () => {
      const ana = await joined("Ana");
      await joined("Berta");
      await cancelByPractice(db.db, STAFF, await booked(at(1, 11)), "", "198.51.100.1");
      const other = await openDatabase({ url: db.url! });
      try {
        await Promise.all(
          Array.from({ length: 6 }, (_, i) => processWaitlist(i % 2 ? other.db : db.db, NOW)),
        );
      } finally {
        await other.close();
      }
      expect(await db.db.select().from(waitlistOffers)).toHaveLength(1);
      expect(await offersOf(ana)).toHaveLength(1);
      const offerMails = (await db.db.select().from(mailOutbox)).filter(
        (m) => m.subject === "Se ha liberado una hora para ti",
      );
      expect(offerMails).toHaveLength(1);
    },
  );
});
