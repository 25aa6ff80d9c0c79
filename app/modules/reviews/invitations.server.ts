import { and, eq, gt, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, mailOutbox, reviewInvitations, reviews } from "~/db/schema";
import { audit } from "~/platform/audit.server";
import { removeEmlCopies } from "~/platform/mail/mail.server";
import { enqueueMail, mailsAbout, nudgeOutbox } from "~/platform/mail/outbox.server";
import { simpleHtml } from "~/platform/mail/templates";
import { getSettings } from "~/modules/settings/settings.server";
import { getEnv } from "~/utils/env.server";
import { emailAddress } from "~/utils/email-schema";
import { formFailure, type FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { initials } from "~/utils/format";
import { formatDay } from "~/utils/format-time";
import { INVITATION_MESSAGES } from "./messages";
import { hashToken, isToken, newToken } from "~/platform/tokens.server";

/**
 * Verified reviews (docs/compliance.md): staff invite a client by e-mail; the link opens the
 * review form once, within 30 days, and the review it brings is marked verified. Every reviewer
 * can withdraw their review (RGPD art. 7.3) with a link of their own, which erases it. Links are
 * random 32-byte tokens; only their SHA-256 is kept; nothing in a URL names the person.
 */

export const INVITATION_DAYS = 30;

export { INVITATION_MESSAGES };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Actor = { id: string; email: string };

export type InviteResult = { ok: true } | (FormFailure & { status: 400 });

/** Sends a one-time review invitation to a client's address. */
export async function inviteReviewer(
  db: Db,
  actor: Actor,
  rawEmail: unknown,
  ip: string,
  now = new Date(),
  /** The name the form will suggest (the client's initials, from an appointment). */
  displayName = "",
): Promise<InviteResult> {
  const parsed = parseWith(emailAddress(), rawEmail);
  if (!parsed.ok) {
    return {
      ...formFailure(null, { email: [parsed.formError ?? INVITATION_MESSAGES.email] }),
      status: 400,
    };
  }
  const email = parsed.data;
  const settings = await getSettings(db);
  const link = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60_000);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviewInvitations)
      .values({
        email,
        displayName,
        tokenHash: link.hash,
        createdBy: actor.id,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: reviewInvitations.id });
    const href = `${getEnv().PUBLIC_URL}/resenas/invitacion?token=${link.token}`;
    const paragraphs = [
      "Hola:",
      `${settings.professionalName} te invita a contar tu experiencia en una reseña para su web.`,
      `El enlace es personal: sirve una sola vez y caduca el ${formatDay(expiresAt)}. Tu reseña se mostrará como verificada, con el nombre que elijas (tus iniciales, si prefieres); tu email nunca se muestra.`,
      "Por favor, no incluyas datos de salud. Podrás retirarla cuando quieras con el enlace que recibirás al enviarla.",
      "Si no quieres dejar una reseña, ignora este mensaje.",
      `${settings.professionalName} · ${settings.professionalTitle}`,
    ];
    await enqueueMail(
      tx,
      {
        to: email,
        subject: "¿Nos cuentas tu experiencia?",
        text: [...paragraphs, "", `Dejar una reseña: ${href}`].join("\n"),
        html: simpleHtml(paragraphs, { href, label: "Dejar una reseña" }),
      },
      { kind: "invitation", id: row!.id },
    );
    await audit(tx, { action: "review_invited", actor, target: `invitacion:${row!.id}`, ip });
  });
  nudgeOutbox();
  return { ok: true };
}

/**
 * From the agenda: invites the client of a confirmed appointment that has already taken place
 * (their address is on the appointment; it never reaches the page or the URL).
 */
export async function inviteAfterAppointment(
  db: Db,
  actor: Actor,
  id: unknown,
  ip: string,
  now = new Date(),
): Promise<InviteResult | (FormFailure & { status: 404 })> {
  const [row] =
    typeof id === "string" && /^[0-9a-f-]{36}$/.test(id)
      ? await db
          .select({ email: appointments.clientEmail, name: appointments.clientName })
          .from(appointments)
          .where(
            and(
              eq(appointments.id, id),
              eq(appointments.status, "confirmed"),
              lt(appointments.endsAt, now),
            ),
          )
      : [];
  if (!row) return { ...formFailure(INVITATION_MESSAGES.noAppointment), status: 404 };
  // Shown by their initials unless they write another name.
  return inviteReviewer(db, actor, row.email, ip, now, initials(row.name));
}

/**
 * An invitation link that can still be used (the review form's page asks before showing it): the
 * name to suggest, or null.
 */
export async function openInvitation(db: Db, value: string, now = new Date()) {
  if (!isToken(value)) return null;
  const [row] = await db
    .select({ displayName: reviewInvitations.displayName })
    .from(reviewInvitations)
    .where(
      and(
        eq(reviewInvitations.tokenHash, hashToken(value)),
        isNull(reviewInvitations.usedAt),
        gt(reviewInvitations.expiresAt, now),
      ),
    );
  return row ?? null;
}

/**
 * Uses an invitation inside the review's transaction: its address, or null when the link is
 * unknown, used or expired. Two sends with one link: only one gets the address.
 */
export async function useInvitation(tx: Tx, value: unknown, now: Date) {
  if (!isToken(value)) return null;
  const [row] = await tx
    .update(reviewInvitations)
    .set({ usedAt: now })
    .where(
      and(
        eq(reviewInvitations.tokenHash, hashToken(value)),
        isNull(reviewInvitations.usedAt),
        gt(reviewInvitations.expiresAt, now),
      ),
    )
    .returning({ email: reviewInvitations.email });
  return row?.email ?? null;
}

/** A new withdrawal link for a review: the token for the reviewer, the hash for the row. */
export const withdrawalToken = newToken;

export function withdrawalUrl(value: string) {
  return `${getEnv().PUBLIC_URL}/resenas/retirar?token=${value}`;
}

/** The review a withdrawal link names (its text, for the page to show), or null. */
export async function reviewByWithdrawalToken(db: Db, value: string) {
  if (!isToken(value)) return null;
  const [row] = await db
    .select({ id: reviews.id, name: reviews.name, content: reviews.content })
    .from(reviews)
    .where(eq(reviews.withdrawTokenHash, hashToken(value)));
  return row ?? null;
}

/**
 * The outbox rows about some reviews: those linked to them (the notice to the practice, the
 * thanks to the reviewer) and, queued before e-mails were linked (migration 0024), the unlinked
 * ones whose text holds a review's text.
 */
export function reviewMails(rows: { id: number; content: string }[]) {
  if (rows.length === 0) return sql`false`;
  return or(
    mailsAbout(rows.map((r) => ({ kind: "review", id: r.id }))),
    and(
      isNull(mailOutbox.sourceKind),
      or(...rows.map((r) => sql`strpos(${mailOutbox.text}, ${r.content}) > 0`)),
    ),
  )!;
}

/**
 * Erases the review `where` names with every e-mail about it — the notice to the practice, which
 * holds its text (outbox row and .eml file), and the thanks to the reviewer. `inside` runs in the
 * same transaction (an audit entry). Returns the review's id, or null when none matched.
 */
export async function eraseReview(
  db: Db,
  where: SQL,
  inside?: (tx: Parameters<Parameters<Db["transaction"]>[0]>[0], id: number) => Promise<unknown>,
) {
  const erased = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(reviews)
      .where(where)
      .returning({ id: reviews.id, content: reviews.content });
    if (!row) return null;
    const copies = await tx
      .delete(mailOutbox)
      .where(reviewMails([row]))
      .returning({ id: mailOutbox.id });
    await inside?.(tx, row.id);
    return { id: row.id, copies: copies.map((c) => c.id) };
  });
  if (!erased) return null;
  await removeEmlCopies(new Set(erased.copies));
  return erased.id;
}

/** The reviewer withdraws: the review is erased with every e-mail about it. */
export async function withdrawReview(db: Db, value: string) {
  if (!isToken(value)) return false;
  const id = await eraseReview(db, eq(reviews.withdrawTokenHash, hashToken(value)), (tx, id) =>
    audit(tx, { action: "review_withdrawn", target: `resena:${id}` }),
  );
  return id !== null;
}

const ofAddress = (address: string) => eq(sql`lower(${reviews.email})`, address);

/** The reviews sent with an address (RGPD art. 15), with Spanish keys. */
export async function reviewsOf(db: Db, address: string) {
  const rows = await db.select().from(reviews).where(ofAddress(address));
  return rows.map((r) => ({
    id: r.id,
    nombre: r.name,
    servicio: r.role,
    texto: r.content,
    valoracion: r.rating,
    publicada: r.isPublished,
    verificada: r.source === "invitation",
    consentimientoEn: r.consentAt,
    creadaEn: r.createdAt,
  }));
}

const invitationsOf = (address: string) => eq(sql`lower(${reviewInvitations.email})`, address);

/**
 * The outbox rows about the reviews and invitations of an address (RGPD art. 15): a condition
 * on mail_outbox, the practice's notices included.
 */
export async function reviewMailsOf(db: Db, address: string) {
  const written = await db
    .select({ id: reviews.id, content: reviews.content })
    .from(reviews)
    .where(ofAddress(address));
  const invited = await db
    .select({ id: reviewInvitations.id })
    .from(reviewInvitations)
    .where(invitationsOf(address));
  return or(
    reviewMails(written),
    mailsAbout(invited.map((i) => ({ kind: "invitation", id: i.id }))),
  )!;
}

/**
 * Erases the reviews and invitations of an address (RGPD art. 17), in the caller's transaction.
 * Returns how many reviews, and a condition on mail_outbox for the e-mails about them (the
 * caller erases those).
 */
export async function eraseReviewsOf(tx: Pick<Db, "delete">, address: string) {
  const erased = await tx
    .delete(reviews)
    .where(ofAddress(address))
    .returning({ id: reviews.id, content: reviews.content });
  const invitations = await tx
    .delete(reviewInvitations)
    .where(invitationsOf(address))
    .returning({ id: reviewInvitations.id });
  return {
    erased: erased.length,
    mails: or(
      reviewMails(erased),
      mailsAbout(invitations.map((i) => ({ kind: "invitation", id: i.id }))),
    )!,
  };
}
