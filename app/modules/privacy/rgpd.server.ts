import { createHmac } from "node:crypto";
import { eraseReviewsOf, reviewMailsOf, reviewsOf } from "~/modules/reviews/invitations.server";
import fs from "node:fs/promises";
import path from "node:path";
import { asc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog, contactMessages, mailOutbox } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { escapeHtml } from "~/utils/escape";
import { emlOutboxId, emlSearchText, mailDir } from "~/platform/mail/mail.server";
import { mailsAbout } from "~/platform/mail/outbox.server";
import { asMailHtml } from "~/platform/mail/templates";
import {
  eraseWaitlistOf,
  waitlistMailSources,
  waitlistOf,
} from "~/modules/booking/waitlist.server";
import {
  appointmentMailSources,
  appointmentsOf,
  eraseAppointmentsOf,
} from "~/modules/booking/agenda.server";
import { consentMailSources, consentsOf, eraseConsentsOf } from "~/modules/consent/requests.server";
import { normalizeAddress } from "./address";

export { looksLikeAddress, normalizeAddress } from "./address";

/**
 * RGPD arts. 15 (access) and 17 (erasure) for one e-mail address: every copy this application
 * keeps about a person who wrote, booked or reviewed with it.
 *
 * - `contact_messages`, `appointments`, `reviews` and `review_invitations` with that address
 *   (case-insensitive);
 * - `mail_outbox` rows whose `to` or `reply_to` is that address, or whose text or HTML mentions
 *   it, and every row linked (`source_kind`, `source_id`) to one of those records, whoever it was
 *   addressed to: the practice's notice of a review holds the reviewer's name and text, not her
 *   address; an appointment's notice names no one but is about her;
 * - the `.eml` copies of those e-mails in DATA_DIR/mail (written when SMTP_URL is unset), found by
 *   the outbox id in their name or by the address in their text.
 *
 * Reviews sent without an invitation have no address: their authors withdraw them with their link.
 */

/**
 * What the audit log keeps of an address it exported or erased: a keyed hash, not the address.
 * The practice can still show that a request about an address was honoured (recompute it with
 * the same AUTH_SECRET), but the erased address itself is not kept in another table.
 */
export function addressFingerprint(rawAddress: string) {
  const digest = createHmac("sha256", getEnv().AUTH_SECRET)
    .update(`rgpd:${normalizeAddress(rawAddress)}`)
    .digest("base64url");
  return `huella:${digest.slice(0, 22)}`;
}

/**
 * Characters that may appear in an address next to `address` without ending it: a match must not
 * be preceded by one of them (`juana@…` is not `ana@…`) nor followed by one (`ana@ejemplo.es.evil.com`
 * is not `ana@ejemplo.es`). A dot right after is a sentence's full stop unless a domain label follows.
 */
const BEFORE = "(^|[^a-z0-9._%+-])";
const AFTER = "(?![a-z0-9_%+-]|\\.[a-z0-9])";

/** Every regular-expression metacharacter escaped (the same escapes work in JavaScript and PostgreSQL). */
function escapeRegex(value: string) {
  return value.replace(/[\\^$.|?*+()[\]{}]/g, "\\$&");
}

/**
 * A case-insensitive pattern that finds `address` as a whole address (see BEFORE/AFTER), also in
 * HTML where it may appear escaped: `o&#x27;neil@…` as the e-mail templates write it, `o&#39;neil@…`
 * as e-mails were written before them. Used with `~*` in SQL and `RegExp(…, "i")`.
 */
export function addressPattern(address: string) {
  const forms = [...new Set([address, asMailHtml(address), escapeHtml(address)])].map(escapeRegex);
  return `${BEFORE}(${forms.join("|")})${AFTER}`;
}

/** Whether `text` mentions `address` as a whole address (case-insensitive). */
export function mentionsAddress(text: string, address: string) {
  return new RegExp(addressPattern(address), "i").test(text);
}

function outboxMentioning(address: string) {
  const pattern = addressPattern(address);
  return or(
    eq(sql`lower(${mailOutbox.to})`, address),
    eq(sql`lower(coalesce(${mailOutbox.replyTo}, ''))`, address),
    sql`coalesce(${mailOutbox.text}, '') ~* ${pattern}`,
    sql`coalesce(${mailOutbox.html}, '') ~* ${pattern}`,
  );
}

function messagesOf(address: string) {
  return eq(sql`lower(${contactMessages.email})`, address);
}

const messageSources = (rows: { id: number }[]) =>
  rows.map((m) => ({ kind: "message" as const, id: m.id }));

/** Every outbox row about an address: mentioning it, or linked to one of its records. */
async function mailsOf(db: Db, address: string, messageIds: { id: number }[]): Promise<SQL> {
  return or(
    outboxMentioning(address),
    mailsAbout([
      ...messageSources(messageIds),
      ...(await appointmentMailSources(db, address)),
      ...(await consentMailSources(db, address)),
      ...(await waitlistMailSources(db, address)),
    ]),
    await reviewMailsOf(db, address),
  )!;
}

/** .eml files that belong to one of `outboxIds` or whose decoded text mentions the address. */
async function emlFilesFor(address: string, outboxIds: Set<number>) {
  const dir = mailDir();
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith(".eml"));
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const name of names) {
    const id = emlOutboxId(name);
    if (id !== null && outboxIds.has(id)) {
      found.push(path.join(dir, name));
      continue;
    }
    try {
      const raw = await fs.readFile(path.join(dir, name), "utf8");
      if (mentionsAddress(emlSearchText(raw), address)) found.push(path.join(dir, name));
    } catch {
      // Removed meanwhile (retention job, another instance): nothing to do.
    }
  }
  return found;
}

/**
 * Everything kept about an address, with Spanish keys (documented in docs/manual.md 'Mensajes de
 * contacto y correo'). Outbox rows leave out the worker's internal columns (lock, attempts).
 */
export async function exportPersonalData(db: Db, rawAddress: string, now = new Date()) {
  const address = normalizeAddress(rawAddress);
  const messages = await db
    .select()
    .from(contactMessages)
    .where(messagesOf(address))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
  const mails = await db
    .select({
      id: mailOutbox.id,
      para: mailOutbox.to,
      responderA: mailOutbox.replyTo,
      asunto: mailOutbox.subject,
      texto: mailOutbox.text,
      html: mailOutbox.html,
      estado: mailOutbox.status,
      creadoEn: mailOutbox.createdAt,
      enviadoEn: mailOutbox.sentAt,
      // What it is about (review, appointment, message…), when it is linked to a record.
      sobre: mailOutbox.sourceKind,
      sobreId: mailOutbox.sourceId,
    })
    .from(mailOutbox)
    .where(await mailsOf(db, address, messages))
    .orderBy(asc(mailOutbox.id));
  const files = await emlFilesFor(address, new Set(mails.map((m) => m.id)));
  return {
    email: address,
    generadoEn: now.toISOString(),
    mensajesDeContacto: messages.map((m) => ({
      id: m.id,
      nombre: m.name,
      email: m.email,
      mensaje: m.message,
      consentimientoEn: m.consentAt,
      recibidoEn: m.createdAt,
      leidoEn: m.readAt,
      respondidoEn: m.answeredAt,
    })),
    correos: mails,
    copiasDeCorreo: files.map((f) => path.basename(f)),
    citas: await appointmentsOf(db, address),
    resenas: await reviewsOf(db, address),
    // Signed consents, opened: each signer's name, DNI/NIE, answers and the signed PDF (base64).
    consentimientos: await consentsOf(db, address),
    listaDeEspera: await waitlistOf(db, address),
    notas: [
      "Las reseñas enviadas sin invitación no guardan email: no se pueden buscar por dirección. Quien las escribió puede retirarlas con el enlace que recibió.",
      "Los consentimientos firmados incluyen el PDF firmado (pdfBase64) y lo que la persona escribió al firmar.",
    ],
  };
}

export type PersonalDataExport = Awaited<ReturnType<typeof exportPersonalData>>;

/**
 * Erases every copy about an address: contact messages, appointments, reviews and invitations,
 * and the outbox rows mentioning the address or linked to any of those records, in one
 * transaction; then the .eml files (a file that cannot be removed is reported, never silently
 * kept).
 */
export async function erasePersonalData(db: Db, rawAddress: string) {
  const address = normalizeAddress(rawAddress);
  if (!address) {
    return {
      messages: 0,
      appointments: 0,
      reviews: 0,
      mails: 0,
      files: 0,
      failedFiles: 0,
      waitlist: 0,
      consents: { erased: 0, kept: 0, keptUntil: null },
    };
  }
  const { messages, appointments, reviews, mailIds, consents, waitlist } = await db.transaction(
    async (tx) => {
      const deletedMessages = await tx
        .delete(contactMessages)
        .where(messagesOf(address))
        .returning({ id: contactMessages.id });
      const appointments = await eraseAppointmentsOf(tx, address);
      const reviews = await eraseReviewsOf(tx, address);
      // Signed consents are clinical documentation: kept for their legal period (and said so).
      const consents = await eraseConsentsOf(tx, address);
      const waitlistSources = await waitlistMailSources(tx, address);
      const waitlist = await eraseWaitlistOf(tx, address);
      const deletedMails = await tx
        .delete(mailOutbox)
        .where(
          or(
            outboxMentioning(address),
            mailsAbout([
              ...messageSources(deletedMessages),
              ...appointments.mailSources,
              ...consents.mailSources,
              ...waitlistSources,
            ]),
            reviews.mails,
          ),
        )
        .returning({ id: mailOutbox.id });
      // Audit entries written before fingerprints named the address itself.
      await tx
        .update(auditLog)
        .set({ target: addressFingerprint(address) })
        .where(sql`lower(${auditLog.target}) = ${address}`);
      return {
        messages: deletedMessages.length,
        appointments: appointments.erased,
        reviews: reviews.erased,
        mailIds: deletedMails.map((m) => m.id),
        consents: { erased: consents.erased, kept: consents.kept, keptUntil: consents.keptUntil },
        waitlist,
      };
    },
  );
  const files = await emlFilesFor(address, new Set(mailIds));
  let removed = 0;
  let failed = 0;
  for (const file of files) {
    try {
      await fs.rm(file, { force: true });
      removed += 1;
    } catch {
      failed += 1;
    }
  }
  return {
    messages,
    appointments,
    reviews,
    mails: mailIds.length,
    files: removed,
    failedFiles: failed,
    waitlist,
    consents,
  };
}
