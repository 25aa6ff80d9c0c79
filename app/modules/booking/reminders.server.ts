import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointmentReminders, appointments } from "~/db/schema";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import { getSettings } from "~/modules/settings/settings.server";
import { logger } from "~/utils/logger.server";
import { startPeriodicJob } from "~/platform/jobs.server";
import { newToken } from "~/platform/tokens.server";
import { getBookingConfig } from "./booking.server";
import { appointmentMails } from "./mails.server";

const HOUR_MS = 60 * 60_000;

/**
 * Queues the reminders that are due (docs/decisions/015-appointments.md): for each confirmed
 * appointment ahead, every reminder (hours before, set in Citas) whose moment has come gets a row
 * in appointment_reminders; the e-mail goes into the outbox in the same transaction, only when a
 * row was new. The primary key makes each reminder go out once whatever the number of instances
 * or restarts; an appointment confirmed late gets one reminder, not all the missed ones.
 */
export async function queueDueReminders(db: Db, now = new Date()) {
  const config = await getBookingConfig(db);
  if (config.reminderHours.length === 0) return 0;
  const furthest = Math.max(...config.reminderHours);
  const due = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.status, "confirmed"),
        gt(appointments.startsAt, now),
        lte(appointments.startsAt, new Date(now.getTime() + furthest * HOUR_MS)),
      ),
    );
  if (due.length === 0) return 0;
  const settings = await getSettings(db);
  let queued = 0;
  for (const row of due) {
    const left = row.startsAt.getTime() - now.getTime();
    const hours = config.reminderHours.filter((h) => left <= h * HOUR_MS);
    if (hours.length === 0) continue;
    const sent = await db.transaction(async (tx) => {
      const fresh = await tx
        .insert(appointmentReminders)
        .values(hours.map((h) => ({ appointmentId: row.id, hours: h, queuedAt: now })))
        .onConflictDoNothing()
        .returning({ hours: appointmentReminders.hours });
      if (fresh.length === 0) return false;
      // The reminder carries a new manage link (only hashes are kept, so a link cannot be re-sent).
      const manage = newToken();
      const [current] = await tx
        .update(appointments)
        .set({ manageTokenHash: manage.hash })
        .where(and(eq(appointments.id, row.id), eq(appointments.status, "confirmed")))
        .returning();
      if (!current) return false;
      await enqueueMail(tx, appointmentMails(current, settings).reminder(manage.token), {
        kind: "appointment",
        id: current.id,
      });
      return true;
    });
    if (sent) queued += 1;
  }
  if (queued > 0) nudgeOutbox();
  return queued;
}

/** The job the server runs: every minute, first a few seconds after start. */
export function startReminderJob(getDb: () => Promise<Db>, intervalMs = 60_000) {
  return startPeriodicJob(
    async () => {
      try {
        await queueDueReminders(await getDb());
      } catch (error) {
        logger.error({ err: error }, "error al preparar los recordatorios de citas");
      }
    },
    { firstMs: 5_000, intervalMs },
  );
}
