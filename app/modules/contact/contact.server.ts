import { and, count, desc, eq, ilike, isNull, lt, or, sql } from "drizzle-orm";
import { normalizeQuery } from "~/utils/search";
import type { Db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { headerValue } from "~/platform/mail/mail.server";
import { contactNoticeHtml } from "~/platform/mail/templates";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { announceInboxChange } from "~/platform/events.server";
import { getSettings } from "~/modules/settings/settings.server";
import { getEnv } from "~/utils/env.server";
import { type FormFailure, formFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { paginate } from "~/utils/pagination";
import { CONTACT_MESSAGES, ContactSchema } from "./schema";

export const CONTACT_WINDOW_MS = 15 * 60 * 1000;
/**
 * 5 sends per 15 minutes per client (docs/decisions/012); CONTACT_RATE_LIMIT lifts it for load
 * tests.
 */
function contactLimit() {
  return getEnv().CONTACT_RATE_LIMIT;
}

export type ContactResult = { ok: true; email: string } | (FormFailure & { status: 400 | 429 });

/**
 * What a message is about, when it comes from a form other than the home page's: its text is
 * stored with this first word, so Mensajes shows it without a column of its own (the
 * accessibility statement's form, /accesibilidad).
 */
export const CONTACT_TOPICS = {
  accessibility: { prefix: "[Accesibilidad] ", subject: "Nuevo aviso de accesibilidad de" },
} as const;
export type ContactTopic = keyof typeof CONTACT_TOPICS;

/**
 * Stores a message and the e-mail that announces it in one transaction
 * (docs/decisions/009-contact-messages-and-reviews.md). A filled honeypot gets an apparent success
 * and nothing is stored or sent.
 */
export async function submitContact(
  db: Db,
  raw: Record<string, unknown>,
  client: { ip: string },
  topic?: ContactTopic,
): Promise<ContactResult> {
  if (typeof raw.website === "string" && raw.website.trim() !== "") {
    return { ok: true, email: typeof raw.email === "string" ? raw.email.trim() : "" };
  }
  const parsed = parseWith(ContactSchema, raw);
  if (!parsed.ok) return { ...parsed, status: 400 };
  // The prefix is added after the checks: the visitor's 2000 characters stay theirs.
  const input = topic
    ? { ...parsed.data, message: `${CONTACT_TOPICS[topic].prefix}${parsed.data.message}` }
    : parsed.data;
  const limited = await hitRateLimit(db, `contact:${client.ip}`, contactLimit(), CONTACT_WINDOW_MS);
  if (!limited.allowed) {
    return { ...formFailure(CONTACT_MESSAGES.rateLimited), status: 429 };
  }
  const settings = await getSettings(db);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, message: input.message, consentAt: now })
      .returning({ id: contactMessages.id });
    await enqueueMail(
      tx,
      notificationEmail(
        row!.id,
        input,
        settings.contactEmail,
        settings.notificationIncludesMessage,
        topic,
      ),
      { kind: "message", id: row!.id },
    );
    await announceInboxChange(tx);
  });
  nudgeOutbox();
  return { ok: true, email: input.email };
}

function notificationEmail(
  id: number,
  input: { name: string; email: string; message: string },
  to: string,
  includeMessage: boolean,
  topic?: ContactTopic,
) {
  const inbox = `${getEnv().PUBLIC_URL}/admin/mensajes?id=${id}`;
  const intro = `Has recibido un mensaje nuevo desde el formulario de contacto de la web.`;
  const lines = [
    intro,
    "",
    `Nombre: ${input.name}`,
    `Email: ${input.email}`,
    "",
    ...(includeMessage
      ? ["Mensaje:", input.message]
      : ["Por privacidad, el texto del mensaje solo se puede leer en el área de gestión:"]),
    "",
    `Ver en Mensajes: ${inbox}`,
  ];
  const html = contactNoticeHtml({
    intro,
    name: input.name,
    email: input.email,
    message: includeMessage ? input.message : null,
    inbox,
  });
  return {
    to,
    // nodemailer encodes header values; the name is one line of letters and spaces anyway.
    subject: headerValue(
      `${topic ? CONTACT_TOPICS[topic].subject : "Nuevo mensaje de contacto de"} ${input.name}`,
    ),
    text: lines.join("\n"),
    html,
    // Validated (no CR/LF, `?&=%`, commas…) and kept to one line all the same.
    replyTo: headerValue(input.email),
  };
}

// ─── Mensajes (the inbox) ────────────────────────────────────────────────────────────────────────

export const INBOX_PAGE_SIZE = 20;

export async function listMessages(db: Db, options: { q?: string; page?: number } = {}) {
  const q = normalizeQuery(options.q);
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q
    ? or(ilike(contactMessages.name, pattern), ilike(contactMessages.email, pattern))
    : undefined;
  const [totalRow] = await db.select({ n: count() }).from(contactMessages).where(where);
  const total = totalRow?.n ?? 0;
  const { page, pageCount, offset } = paginate(total, INBOX_PAGE_SIZE, options.page);
  const items = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(INBOX_PAGE_SIZE)
    .offset(offset);
  return { items, total, page, pageCount, q };
}

export async function unreadCount(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(isNull(contactMessages.readAt));
  return row?.n ?? 0;
}

/** One message, read-only: showing it changes nothing (a GET must not mark it read). */
export async function getMessage(db: Db, id: number) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row ?? null;
}

/** Marks a message read (POST only: the inbox posts it once the message is on screen). */
export async function markMessageRead(db: Db, id: number) {
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: sql`coalesce(${contactMessages.readAt}, now())` })
    .where(eq(contactMessages.id, id))
    .returning();
  if (row) await announceInboxChange(db);
  return row ?? null;
}

export async function setAnswered(db: Db, id: number, answered: boolean) {
  const [row] = await db
    .update(contactMessages)
    .set({
      answeredAt: answered ? new Date() : null,
      readAt: sql`coalesce(${contactMessages.readAt}, now())`,
    })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (row) await announceInboxChange(db);
  return Boolean(row);
}

export async function deleteMessage(db: Db, id: number) {
  const rows = await db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (rows.length > 0) await announceInboxChange(db);
  return rows.length > 0;
}

/** Every message from one address (RGPD: see ~/modules/privacy/rgpd.server for the full set). */
export async function messagesFrom(db: Db, email: string) {
  return db
    .select()
    .from(contactMessages)
    .where(eq(sql`lower(${contactMessages.email})`, email.trim().toLowerCase()))
    .orderBy(contactMessages.createdAt);
}

/** Deletes messages older than the retention the settings (and the privacy policy) promise. */
export async function purgeOldMessages(db: Db, now = new Date()) {
  const { messageRetentionMonths } = await getSettings(db);
  const cutoff = new Date(now);
  cutoff.setMonth(cutoff.getMonth() - messageRetentionMonths);
  const rows = await db
    .delete(contactMessages)
    .where(and(lt(contactMessages.createdAt, cutoff)))
    .returning({ id: contactMessages.id });
  return rows.length;
}
