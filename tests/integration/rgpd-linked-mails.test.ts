import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  appointments,
  bookingConfig,
  bookingServices,
  contactMessages,
  mailOutbox,
  rateLimit,
  reviewInvitations,
  reviews,
} from "~/db/schema";
import { acceptRequest } from "~/modules/booking/agenda.server";
import { bookAppointment } from "~/modules/booking/booking.server";
import { DEFAULT_BOOKING_CONFIG } from "~/modules/booking/config";
import { bookByStaff } from "~/modules/booking/staff.server";
import { submitContact } from "~/modules/contact/contact.server";
import { emlOutboxId } from "~/platform/mail/mail.server";
import { deliverDue } from "~/platform/mail/outbox.server";
import { erasePersonalData, exportPersonalData } from "~/modules/privacy/rgpd.server";
import { inviteReviewer } from "~/modules/reviews/invitations.server";
import { submitReview } from "~/modules/reviews/reviews.server";
import { DRIVERS, useTestDatabase } from "../support/db";

/**
 * RGPD erase and export reach the e-mails about a person's records (mail_outbox.source_kind /
 * source_id), the practice's own notices included, and their .eml copies: a review's notice
 * holds the reviewer's name and text but not her address; an appointment's notice names no one.
 */

const PRACTICE = "consulta@example.com";
const STAFF = { id: "u1", email: "editora@example.com" };
// Monday 1 February 2027, 09:00 in Madrid; the practice opens 10:00–12:00 on Mondays.
const NOW = new Date("2027-02-01T08:00:00Z");
const TEN = Date.parse("2027-02-01T09:00:00Z");
const ELEVEN = Date.parse("2027-02-01T10:00:00Z");
const CONFIG = {
  ...DEFAULT_BOOKING_CONFIG,
  weekly: [{ weekday: 1, start: "10:00", end: "12:00" }],
  noticeHours: 0,
  bufferMinutes: 0,
  stepMinutes: 60,
};

const mailDir = () => path.join(process.env.DATA_DIR!, "mail");
/** The .eml file written for an outbox row (its id is in the name). */
const emlOf = (outboxId: number) =>
  fs.existsSync(mailDir())
    ? fs.readdirSync(mailDir()).filter((name) => emlOutboxId(name) === outboxId)
    : [];

describe.each(DRIVERS)("RGPD: e-mails linked to a person's records (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let requestService = 0;

  beforeEach(async () => {
    for (const table of [
      mailOutbox,
      reviews,
      reviewInvitations,
      appointments,
      contactMessages,
      rateLimit,
      bookingServices,
    ]) {
      await db.db.delete(table);
    }
    fs.rmSync(mailDir(), { recursive: true, force: true });
    await db.db
      .insert(bookingConfig)
      .values({ id: 1, data: CONFIG })
      .onConflictDoUpdate({ target: bookingConfig.id, set: { data: CONFIG } });
    const [service] = await db.db
      .insert(bookingServices)
      .values({
        name: "Sesión individual",
        durationMinutes: 50,
        modality: "presencial",
        mode: "request",
      })
      .returning();
    requestService = service!.id;
  });

  /** Delivers every queued e-mail as an .eml file (no SMTP_URL in tests). */
  const deliverAll = async () => {
    while ((await deliverDue(db.db)).claimed > 0);
  };
  // In the order they were queued (a heap scan after the delivery's updates has no order).
  const practiceMails = () =>
    db.db.select().from(mailOutbox).where(eq(mailOutbox.to, PRACTICE)).orderBy(mailOutbox.id);

  it("erasing an invited reviewer's address erases the practice's 'Nueva reseña' notice and its .eml", async () => {
    const token = async (email: string) => {
      await inviteReviewer(db.db, STAFF, email, "192.0.2.1");
      const [mail] = await db.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email.toLowerCase()));
      return /\/resenas\/invitacion\?token=([\w-]{43})/.exec(mail!.text)![1]!;
    };
    const review = (name: string, content: string, invitacion: string) =>
      submitReview(
        db.db,
        { name, content, rating: "5", consent: "on", invitacion },
        { ip: `198.51.100.${name.length}` },
      );
    await review(
      "Marta R.",
      "Me ayudó muchísimo con la ansiedad de los exámenes.",
      await token("marta@ejemplo.es"),
    );
    await review(
      "Otra P.",
      "Una reseña de otra persona que se queda.",
      await token("otra@ejemplo.es"),
    );
    await deliverAll();
    const notices = await practiceMails();
    const marta = notices.find((m) => m.subject === "Nueva reseña de Marta R.")!;
    const other = notices.find((m) => m.subject === "Nueva reseña de Otra P.")!;
    // The notice holds her name and text, not her address: only the link finds it.
    expect(marta.text).toContain("ansiedad de los exámenes");
    expect(marta.text.toLowerCase()).not.toContain("marta@ejemplo.es");
    expect(marta).toMatchObject({ status: "sent", sourceKind: "review" });
    expect(emlOf(marta.id)).toHaveLength(1);

    const exported = await exportPersonalData(db.db, "marta@ejemplo.es");
    expect(exported.correos.map((m) => m.asunto).sort()).toEqual([
      "Gracias por tu reseña",
      "Nueva reseña de Marta R.",
      "¿Nos cuentas tu experiencia?",
    ]);
    expect(exported.correos.find((m) => m.id === marta.id)).toMatchObject({
      para: PRACTICE,
      sobre: "review",
    });
    expect(exported.copiasDeCorreo).toEqual(expect.arrayContaining(emlOf(marta.id)));
    expect(JSON.stringify(exported)).not.toContain("otra persona");

    const erased = await erasePersonalData(db.db, "marta@ejemplo.es");
    expect(erased).toMatchObject({ reviews: 1, mails: 3, failedFiles: 0 });
    expect((await practiceMails()).map((m) => m.id)).toEqual([other.id]);
    expect(emlOf(marta.id)).toEqual([]);
    const left = JSON.stringify(await db.db.select().from(mailOutbox));
    expect(left).not.toContain("ansiedad de los exámenes");
    // The other reviewer's notice and its copy stay.
    expect(emlOf(other.id)).toHaveLength(1);
  });

  it("erasing a client's address erases the practice's notices of her appointments and their .eml", async () => {
    const book = (email: string, slot: number, ip: string) =>
      bookAppointment(
        db.db,
        {
          service: String(requestService),
          slot: String(slot),
          name: "Lucía Pérez",
          email,
          firstVisit: "si",
          note: "",
          consent: "on",
        },
        { ip },
        NOW,
      );
    const mine = await book("lucia@ejemplo.es", TEN, "203.0.113.1");
    await book("otro@ejemplo.es", ELEVEN, "203.0.113.2");
    if (!mine.ok) throw new Error(JSON.stringify(mine));
    expect(await acceptRequest(db.db, STAFF, mine.id, "192.0.2.1")).toEqual({ ok: true });
    // A weekly series the practice books for her: one e-mail about the series.
    const series = await bookByStaff(
      db.db,
      STAFF,
      {
        service: String(requestService),
        date: "2027-02-08",
        time: "10:00",
        name: "Lucía Pérez",
        email: "lucia@ejemplo.es",
        repeat: "weekly",
        sessions: "3",
      },
      "192.0.2.1",
      NOW,
    );
    expect(series).toMatchObject({ ok: true });
    await deliverAll();
    const notices = await practiceMails();
    expect(notices.map((m) => m.subject)).toEqual([
      "Nueva solicitud de cita",
      "Nueva solicitud de cita",
    ]);
    const [hers, theirs] = notices;
    // The notice names no one: only its link to the appointment ties it to her.
    expect(hers!.text).not.toContain("Lucía");
    expect(hers).toMatchObject({ sourceKind: "appointment", sourceId: mine.id });
    expect(emlOf(hers!.id)).toHaveLength(1);
    const seriesMail = (await db.db.select().from(mailOutbox)).find(
      (m) => m.subject === "Tus próximas citas",
    )!;
    expect(seriesMail.sourceKind).toBe("series");

    const exported = await exportPersonalData(db.db, "lucia@ejemplo.es");
    expect(exported.citas).toHaveLength(4);
    expect(exported.correos.map((m) => m.asunto).sort()).toEqual([
      "Hemos recibido tu solicitud de cita",
      "Nueva solicitud de cita",
      "Tu cita está confirmada",
      "Tus próximas citas",
    ]);
    expect(exported.copiasDeCorreo).toEqual(expect.arrayContaining(emlOf(hers!.id)));

    const erased = await erasePersonalData(db.db, "lucia@ejemplo.es");
    expect(erased).toMatchObject({ appointments: 4, mails: 4, failedFiles: 0 });
    expect((await practiceMails()).map((m) => m.id)).toEqual([theirs!.id]);
    expect(emlOf(hers!.id)).toEqual([]);
    expect(emlOf(seriesMail.id)).toEqual([]);
    expect(emlOf(theirs!.id)).toHaveLength(1);
    const left = await db.db.select().from(mailOutbox);
    expect(left.map((m) => m.to).sort()).toEqual([PRACTICE, "otro@ejemplo.es"]);
  });

  it("a contact message's notice is linked to the message and goes with it", async () => {
    const send = (email: string, message: string) =>
      submitContact(
        db.db,
        { name: "Ana Pérez", email, message, consent: "on" },
        { ip: `10.9.0.${email.length}` },
      );
    await send("ana@ejemplo.es", "Quería pedir información.");
    await send("otra@ejemplo.es", "Otra consulta.");
    const [message] = await db.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "ana@ejemplo.es"));
    await deliverAll();
    const notices = await practiceMails();
    const hers = notices.find((m) => m.replyTo === "ana@ejemplo.es")!;
    expect(hers).toMatchObject({ sourceKind: "message", sourceId: String(message!.id) });
    expect(emlOf(hers.id)).toHaveLength(1);

    const exported = await exportPersonalData(db.db, "ana@ejemplo.es");
    expect(exported.correos).toEqual([expect.objectContaining({ id: hers.id, sobre: "message" })]);

    expect(await erasePersonalData(db.db, "ana@ejemplo.es")).toMatchObject({
      messages: 1,
      mails: 1,
    });
    expect((await practiceMails()).map((m) => m.replyTo)).toEqual(["otra@ejemplo.es"]);
    expect(emlOf(hers.id)).toEqual([]);
  });
});
