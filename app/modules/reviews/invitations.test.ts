import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  appointments,
  auditLog,
  mailOutbox,
  rateLimit,
  reviewInvitations,
  reviews,
} from "~/db/schema";
import { erasePersonalData, exportPersonalData } from "~/modules/privacy/rgpd.server";
import { DEFAULT_SETTINGS } from "~/modules/settings/defaults";
import { updateSettings } from "~/modules/settings/settings.server";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import {
  INVITATION_MESSAGES,
  openInvitation,
  inviteAfterAppointment,
  inviteReviewer,
  reviewByWithdrawalToken,
  withdrawReview,
} from "./invitations.server";
import { deleteReview, submitReview } from "./reviews.server";
import fs from "node:fs/promises";
import { emlOutboxId, mailDir } from "~/platform/mail/mail.server";
import { deliverDue } from "~/platform/mail/outbox.server";

const STAFF = { id: "u1", email: "editora@example.com" };
const REVIEW = {
  name: "L. P.",
  content: "Me sentí escuchada desde el primer día.",
  rating: "5",
  consent: "on",
};
const tokenIn = (text: string, path: string) =>
  new RegExp(`${path}\\?token=([\\w-]{43})`).exec(text)?.[1] ?? "";

describe.each(DRIVERS)("verified reviews: invitations and withdrawal (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let ip = 0;
  const client = () => ({ ip: `198.51.100.${++ip}` });
  beforeEach(async () => {
    for (const table of [reviews, reviewInvitations, mailOutbox, auditLog, rateLimit]) {
      await db.db.delete(table);
    }
    await updateSettings(db.db, DEFAULT_SETTINGS);
  });

  async function invite(email = "Lucia@Example.com", now = new Date()) {
    expect(await inviteReviewer(db.db, STAFF, email, "192.0.2.1", now)).toEqual({ ok: true });
    const [mail] = await db.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, "¿Nos cuentas tu experiencia?"));
    return tokenIn(mail!.text, "/resenas/invitacion");
  }

  it("an invitation link brings one verified review, and then no other", async () => {
    const token = await invite();
    expect(token).not.toBe("");
    expect(await openInvitation(db.db, token)).toEqual({ displayName: "" });
    const [entry] = await db.db.select().from(auditLog);
    expect(entry).toMatchObject({ action: "review_invited" });
    expect(JSON.stringify(entry)).not.toMatch(/lucia/i);

    const sent = await submitReview(db.db, { ...REVIEW, invitacion: token }, client());
    expect(sent).toMatchObject({
      ok: true,
      withdrawUrl: expect.stringContaining("/resenas/retirar?token="),
    });
    const [row] = await db.db.select().from(reviews);
    expect(row).toMatchObject({
      source: "invitation",
      email: "lucia@example.com",
      isPublished: false,
    });
    // The reviewer gets the withdrawal link by e-mail too.
    const thanks = await db.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "lucia@example.com"));
    const ack = thanks.find((m) => m.subject === "Gracias por tu reseña");
    // Like every e-mail to a visitor, the acknowledgement carries the crisis lines.
    expect(ack?.text).toContain("llama al 024");
    expect(ack?.html).toContain("llama al 024");

    // Single use: the same link again stores nothing.
    expect(await openInvitation(db.db, token)).toBeNull();
    const again = await submitReview(db.db, { ...REVIEW, invitacion: token }, client());
    expect(again).toMatchObject({ ok: false, status: 410, formError: INVITATION_MESSAGES.invalid });
    expect(await db.db.select().from(reviews)).toHaveLength(1);
  });

  it("an invitation expires after 30 days; a made-up one is refused", async () => {
    const token = await invite("ana@example.com", new Date(Date.now() - 31 * 24 * 3600_000));
    expect(await openInvitation(db.db, token)).toBeNull();
    for (const invitacion of [token, "A".repeat(43), "corto"]) {
      expect(await submitReview(db.db, { ...REVIEW, invitacion }, client())).toMatchObject({
        ok: false,
        status: 410,
      });
    }
    expect(await db.db.select().from(reviews)).toHaveLength(0);
  });

  it("with open submission off, only an invitation brings a review", async () => {
    await updateSettings(db.db, { ...DEFAULT_SETTINGS, reviewsOpen: false });
    expect(await submitReview(db.db, REVIEW, client())).toMatchObject({
      ok: false,
      status: 403,
      formError: INVITATION_MESSAGES.closed,
    });
    const token = await invite();
    expect(await submitReview(db.db, { ...REVIEW, invitacion: token }, client())).toMatchObject({
      ok: true,
    });
  });

  it("an open review is not verified; its author withdraws it with the link, which erases it", async () => {
    const sent = await submitReview(db.db, REVIEW, client());
    if (!sent.ok) throw new Error(JSON.stringify(sent));
    const [row] = await db.db.select().from(reviews);
    expect(row).toMatchObject({ source: "form", email: null });
    const token = new URL(sent.withdrawUrl!).searchParams.get("token")!;
    expect(await reviewByWithdrawalToken(db.db, token)).toMatchObject({ content: REVIEW.content });
    await db.db.update(reviews).set({ isPublished: true });
    // The practice's notice e-mail carries the text: a copy the withdrawal erases too.
    const notices = () =>
      db.db.select().from(mailOutbox).where(eq(mailOutbox.to, "consulta@example.com"));
    expect(await notices()).toHaveLength(1);
    expect(await withdrawReview(db.db, token)).toBe(true);
    expect(await db.db.select().from(reviews)).toHaveLength(0);
    expect(await notices()).toHaveLength(0);
    expect(await withdrawReview(db.db, token)).toBe(false);
    expect((await db.db.select().from(auditLog)).map((a) => a.action)).toContain(
      "review_withdrawn",
    );
  });

  it("withdrawal erases the e-mails linked to the review, and unlinked older copies of its text", async () => {
    const token = await invite("rosa@example.com");
    const sent = await submitReview(db.db, { ...REVIEW, invitacion: token }, client());
    if (!sent.ok) throw new Error(JSON.stringify(sent));
    const linked = await db.db.select().from(mailOutbox).where(eq(mailOutbox.sourceKind, "review"));
    expect(linked.map((m) => m.subject).sort()).toEqual([
      "Gracias por tu reseña",
      `Nueva reseña de ${REVIEW.name}`,
    ]);
    // Queued before e-mails were linked (migration 0024): found by the review's text.
    await db.db.insert(mailOutbox).values([
      { to: "consulta@example.com", subject: "Antigua", text: `Texto: ${REVIEW.content}` },
      { to: "consulta@example.com", subject: "Otra", text: "Otra reseña distinta." },
    ]);
    const withdrawal = new URL(sent.withdrawUrl!).searchParams.get("token")!;
    expect(await withdrawReview(db.db, withdrawal)).toBe(true);
    const left = await db.db.select().from(mailOutbox);
    expect(left.map((m) => m.subject).sort()).toEqual(["Otra", "¿Nos cuentas tu experiencia?"]);
  });

  it("staff deleting a review erases its e-mails too: outbox rows and .eml copies", async () => {
    const token = await invite("alba@example.com");
    const sent = await submitReview(db.db, { ...REVIEW, invitacion: token }, client());
    if (!sent.ok) throw new Error(JSON.stringify(sent));
    while ((await deliverDue(db.db)).claimed > 0);
    const linked = await db.db.select().from(mailOutbox).where(eq(mailOutbox.sourceKind, "review"));
    expect(linked).toHaveLength(2);
    const copies = async () =>
      (await fs.readdir(mailDir()).catch(() => [] as string[])).filter((name) =>
        linked.some((m) => emlOutboxId(name) === m.id),
      );
    expect(await copies()).toHaveLength(2);
    const [review] = await db.db.select().from(reviews);
    expect(await deleteReview(db.db, review!.id)).toBe(true);
    expect(
      await db.db.select().from(mailOutbox).where(eq(mailOutbox.sourceKind, "review")),
    ).toEqual([]);
    expect(await copies()).toEqual([]);
    expect(await deleteReview(db.db, review!.id)).toBe(false);
  });

  it("reviews and invitations join the RGPD export and erase of an address", async () => {
    const token = await invite("marta@example.com");
    await submitReview(db.db, { ...REVIEW, invitacion: token }, client());
    await invite("marta@example.com");
    const exported = await exportPersonalData(db.db, "MARTA@example.com");
    expect(exported.resenas).toEqual([
      expect.objectContaining({ texto: REVIEW.content, verificada: true }),
    ]);
    const erased = await erasePersonalData(db.db, "marta@example.com");
    expect(erased.reviews).toBe(1);
    expect(await db.db.select().from(reviews)).toHaveLength(0);
    expect(await db.db.select().from(reviewInvitations)).toHaveLength(0);
  });

  it("from the agenda: only after a confirmed appointment that has taken place", async () => {
    await db.db.delete(appointments);
    const at = (iso: string) => new Date(iso);
    const base = {
      serviceName: "Sesión de seguimiento",
      modality: "presencial",
      clientName: "Nuria Gil",
      clientEmail: "nuria@example.com",
    };
    await db.db.insert(appointments).values([
      {
        ...base,
        id: "00000000-0000-4000-8000-000000000001",
        status: "confirmed",
        startsAt: at("2020-01-07T09:00:00Z"),
        endsAt: at("2020-01-07T09:50:00Z"),
      },
      {
        ...base,
        id: "00000000-0000-4000-8000-000000000002",
        status: "confirmed",
        startsAt: at("2099-01-07T09:00:00Z"),
        endsAt: at("2099-01-07T09:50:00Z"),
      },
      {
        ...base,
        id: "00000000-0000-4000-8000-000000000003",
        status: "cancelled",
        startsAt: at("2020-01-08T09:00:00Z"),
        endsAt: at("2020-01-08T09:50:00Z"),
      },
    ]);
    for (const id of [
      "00000000-0000-4000-8000-000000000002",
      "00000000-0000-4000-8000-000000000003",
      "no-es-un-id",
    ]) {
      expect(await inviteAfterAppointment(db.db, STAFF, id, "ip"), id).toMatchObject({
        ok: false,
        status: 404,
        formError: INVITATION_MESSAGES.noAppointment,
      });
    }
    expect(
      await inviteAfterAppointment(db.db, STAFF, "00000000-0000-4000-8000-000000000001", "ip"),
    ).toEqual({ ok: true });
    const [invitation] = await db.db.select().from(reviewInvitations);
    // Their initials are the name the form suggests.
    expect(invitation).toMatchObject({ email: "nuria@example.com", displayName: "N. G." });
    await db.db.delete(appointments);
  });

  it("refuses an invitation to a bad address, in Spanish, storing nothing", async () => {
    expect(await inviteReviewer(db.db, STAFF, "no-es-un-email", "ip")).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: [INVITATION_MESSAGES.email] },
    });
    expect(await db.db.select().from(reviewInvitations)).toHaveLength(0);
  });
});
