import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db, DbHandle } from "~/db/client.server";
import {
  auditLog,
  mailOutbox,
  rateLimit,
  reviewInvitations,
  session,
  user,
  verification,
} from "~/db/schema";
import { purgeOldPageViews } from "~/modules/analytics/page-views.server";
import { purgeOldAutosaves } from "~/modules/blog/autosave.server";
import { purgeOldMessages } from "~/modules/contact/contact.server";
import { lastVisits, purgeOldAppointments } from "~/modules/booking/agenda.server";
import { purgeWaitlist } from "~/modules/booking/waitlist.server";
import { purgeOldConsents } from "~/modules/consent/requests.server";
import { purgeOldPreviewLinks } from "~/modules/blog/preview-links.server";
import { mailDir } from "~/platform/mail/mail.server";
import { logger } from "~/utils/logger.server";
import { startPeriodicJob } from "~/platform/jobs.server";
import { RETENTION } from "./periods";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function monthsBefore(now: Date, n: number) {
  const cutoff = new Date(now);
  cutoff.setMonth(cutoff.getMonth() - n);
  return cutoff;
}

/** .eml copies (DATA_DIR/mail) last written before `cutoff`. */
async function purgeOldEmlFiles(cutoff: Date) {
  const dir = mailDir();
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith(".eml"));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if ((await fs.stat(file)).mtime < cutoff) {
        await fs.rm(file, { force: true });
        removed += 1;
      }
    } catch {
      // Removed meanwhile by another instance or an RGPD erase.
    }
  }
  return removed;
}

/**
 * One pass of every retention rule in RETENTION (periods.ts). Each step is an idempotent
 * delete or update on a cutoff, so several instances running it at once (same PostgreSQL, same
 * DATA_DIR) do the same work twice at worst and never more than the rules say. A step that fails
 * is logged and the others still run. Returns how many rows or files each step removed.
 */
export async function runRetention(db: Db, now = new Date()) {
  const steps: Record<string, () => Promise<number>> = {
    rateLimit: async () =>
      (
        await db
          .delete(rateLimit)
          .where(
            lt(rateLimit.windowStart, new Date(now.getTime() - RETENTION.rateLimitHours * HOUR)),
          )
          .returning({ key: rateLimit.key })
      ).length,
    auditIps: async () =>
      (
        await db
          .update(auditLog)
          .set({ ip: null })
          .where(
            and(
              isNotNull(auditLog.ip),
              lt(auditLog.at, monthsBefore(now, RETENTION.auditIpMonths)),
            ),
          )
          .returning({ id: auditLog.id })
      ).length,
    auditEntries: async () =>
      (
        await db
          .delete(auditLog)
          .where(lt(auditLog.at, monthsBefore(now, RETENTION.auditMonths)))
          .returning({ id: auditLog.id })
      ).length,
    sessions: async () =>
      (await db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id }))
        .length,
    verifications: async () =>
      (
        await db
          .delete(verification)
          .where(lt(verification.expiresAt, now))
          .returning({ id: verification.id })
      ).length,
    unverifiedAccounts: async () =>
      (
        await db
          .delete(user)
          .where(
            and(
              eq(user.emailVerified, false),
              // An account an administrator approved (an invitation) is never the retention job's.
              isNull(user.approvedAt),
              lt(user.createdAt, new Date(now.getTime() - RETENTION.unverifiedAccountDays * DAY)),
            ),
          )
          .returning({ id: user.id })
      ).length,
    sentMail: async () =>
      (
        await db
          .delete(mailOutbox)
          .where(
            and(
              eq(mailOutbox.status, "sent"),
              lt(
                sql`coalesce(${mailOutbox.sentAt}, ${mailOutbox.createdAt})`,
                new Date(now.getTime() - RETENTION.sentMailDays * DAY),
              ),
            ),
          )
          .returning({ id: mailOutbox.id })
      ).length,
    failedMail: async () =>
      (
        await db
          .delete(mailOutbox)
          .where(
            and(
              eq(mailOutbox.status, "failed"),
              lt(mailOutbox.createdAt, new Date(now.getTime() - RETENTION.failedMailDays * DAY)),
            ),
          )
          .returning({ id: mailOutbox.id })
      ).length,
    emlFiles: () => purgeOldEmlFiles(new Date(now.getTime() - RETENTION.sentMailDays * DAY)),
    contactMessages: () => purgeOldMessages(db, now),
    // Before appointments: the consents' 5 years count from the last visit, read from them.
    consents: async () => purgeOldConsents(db, await lastVisits(db, now), now),
    appointments: () => purgeOldAppointments(db, now),
    // Entries booked or left 30 days ago, unconfirmed after 7; freed hours' history after 90.
    waitlist: () => purgeWaitlist(db, now),
    reviewInvitations: async () =>
      (
        await db
          .delete(reviewInvitations)
          .where(
            lt(
              reviewInvitations.expiresAt,
              new Date(now.getTime() - RETENTION.reviewInvitationDays * DAY),
            ),
          )
          .returning({ id: reviewInvitations.id })
      ).length,
    pageViews: () => purgeOldPageViews(db, RETENTION.pageViewMonths, now),
    previewLinks: () => purgeOldPreviewLinks(db, RETENTION.previewLinkDays, now),
    articleAutosaves: () =>
      purgeOldAutosaves(db, new Date(now.getTime() - RETENTION.articleAutosaveDays * DAY)),
  };
  const removed: Record<string, number> = {};
  for (const [name, step] of Object.entries(steps)) {
    try {
      removed[name] = await step();
    } catch (error) {
      logger.error({ err: error, paso: name }, "error al aplicar un plazo de conservación");
    }
  }
  return removed;
}

/** The daily job the server starts: 10 s after start, then once a day. */
export function startRetentionJob(getHandle: () => Promise<DbHandle>) {
  return startPeriodicJob(
    async () => {
      try {
        const removed = await runRetention((await getHandle()).db);
        if (Object.values(removed).some((n) => n > 0)) {
          logger.info({ eliminados: removed }, "plazos de conservación aplicados");
        }
      } catch (error) {
        logger.error({ err: error }, "error al aplicar los plazos de conservación");
      }
    },
    { firstMs: 10_000, intervalMs: DAY },
  );
}
