import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type MailAttachment, mailOutbox } from "~/db/schema";
import { logger } from "~/utils/logger.server";
import { type MailMessage, sendMail } from "./mail.server";

/** After this many failed attempts an e-mail stays 'failed' until an administrator retries it. */
export const MAX_ATTEMPTS = 8;
const LOCK_SECONDS = 120;

type Executor = Pick<Db, "insert">;

/**
 * What an e-mail is about, when it carries (or reveals) a person's data: the row it announces.
 * RGPD erase and export find every e-mail about a person's records by this link, whoever it was
 * addressed to (the practice's notices name a reviewer, not her address). A series booked by
 * staff is announced in one e-mail: its source is the series (`appointments.series_id`).
 */
export type MailSourceKind =
  "review" | "invitation" | "message" | "appointment" | "series" | "consent" | "waitlist";
export interface MailSource {
  kind: MailSourceKind;
  id: string | number;
}

/**
 * Queues an e-mail; call it inside the transaction that stores what the e-mail is about. Pass
 * `source` for every e-mail about a client, reviewer or visitor (docs/architecture.md#e-mail-outbox).
 */
export async function enqueueMail(tx: Executor, message: MailMessage, source?: MailSource) {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      replyTo: message.replyTo ?? null,
      fromName: message.fromName ?? null,
      attachments: message.attachments ?? null,
      sourceKind: source?.kind ?? null,
      sourceId: source ? String(source.id) : null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** The outbox rows linked to any of `sources` (a condition that matches nothing when empty). */
export function mailsAbout(sources: readonly MailSource[]): SQL {
  const byKind = new Map<MailSourceKind, Set<string>>();
  for (const { kind, id } of sources) {
    const ids = byKind.get(kind) ?? new Set<string>();
    ids.add(String(id));
    byKind.set(kind, ids);
  }
  const conditions = [...byKind].map(([kind, ids]) =>
    and(eq(mailOutbox.sourceKind, kind), inArray(mailOutbox.sourceId, [...ids])),
  );
  return conditions.length > 0 ? or(...conditions)! : sql`false`;
}

export function retryDelayMs(attempts: number, baseMs: number) {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/**
 * Delivers the due e-mails. Rows are claimed with FOR UPDATE SKIP LOCKED and a short lease, so
 * several instances (or overlapping runs) never pick the same row.
 */
export async function deliverDue(
  db: Db,
  options: {
    limit?: number;
    retryBaseMs?: number;
    send?: (m: MailMessage, o: { outboxId: number }) => Promise<void>;
  } = {},
) {
  const { limit = 20, retryBaseMs = 30_000, send = sendMail } = options;
  const claimed = await db.execute<{
    id: number;
    to: string;
    subject: string;
    text: string;
    html: string | null;
    reply_to: string | null;
    from_name: string | null;
    attachments: MailAttachment[] | null;
    attempts: number;
  }>(sql`
    update mail_outbox set locked_until = now() + make_interval(secs => ${LOCK_SECONDS}),
      attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where status = 'pending' and next_attempt_at <= now()
        and (locked_until is null or locked_until < now())
      order by id limit ${limit}
      for update skip locked)
    returning id, "to", subject, text, html, reply_to, from_name, attachments, attempts`);
  let sent = 0;
  for (const row of claimed.rows) {
    try {
      await send(
        {
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          replyTo: row.reply_to ?? undefined,
          fromName: row.from_name ?? undefined,
          attachments: row.attachments ?? undefined,
        },
        { outboxId: Number(row.id) },
      );
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const attempts = Number(row.attempts);
      await db
        .update(mailOutbox)
        .set({
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts, retryBaseMs)),
          lockedUntil: null,
          lastError: message.slice(0, 500),
        })
        .where(eq(mailOutbox.id, row.id));
      logger.warn({ outboxId: row.id, attempts }, "no se pudo entregar un email; se reintentará");
    }
  }
  return { claimed: claimed.rows.length, sent };
}

/** The worker the server runs: every few seconds, and at once when nudged after an enqueue. */
export function startOutboxWorker(
  getDb: () => Promise<Db>,
  intervalMs = 3000,
  retryBaseMs = 30_000,
) {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      let result;
      do result = await deliverDue(await getDb(), { retryBaseMs });
      while (!stopped && result.claimed > 0 && result.sent === result.claimed);
    } catch (error) {
      logger.error({ err: error }, "error en el envío de emails");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  nudge = () => void tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      nudge = () => {};
      while (running) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

let nudge: () => void = () => {};
/** Asks the worker of this process to deliver now (other instances pick the row up on their tick). */
export function nudgeOutbox() {
  nudge();
}

export async function outboxProblems(db: Db) {
  return db
    .select()
    .from(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, ["pending", "failed"]),
        sql`(${mailOutbox.status} = 'failed' or ${mailOutbox.attempts} > 0)`,
      ),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(50);
}

/** Where one queued e-mail stands (null: no such row, or already deleted by retention). */
export async function mailDelivery(db: Db, id: number) {
  const [row] = await db
    .select({
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return row ?? null;
}

export async function retryMail(db: Db, id: number) {
  const updated = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ["pending", "failed"])))
    .returning({ id: mailOutbox.id });
  return updated.length > 0;
}
