import type { Db } from "~/db/client.server";
import { complianceReminders } from "~/db/schema";
import { madridDate } from "~/modules/booking/slots";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import { simpleHtml } from "~/platform/mail/templates";
import { getSettings } from "~/modules/settings/settings.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { startPeriodicJob } from "~/platform/jobs.server";
import { authorisationStatuses } from "./advertising.server";
import { daysUntil } from "./readiness.server";

/**
 * The practice's own renewals (docs/compliance.md): 60 days before the registry inscription or
 * the advertising authorisation expires, one e-mail to the practice's address. The row in
 * `compliance_reminders` (what and which date) is written in the e-mail's transaction, so each
 * reminder is sent once with several instances, and a new date gets its own.
 */

export const REMIND_DAYS_BEFORE = 60;

const DATES = [
  {
    key: "registro",
    what: "La inscripción en el registro de centros sanitarios",
    number: (s: { healthRegistryNumber: string }) => s.healthRegistryNumber,
    expiry: (s: { healthRegistryExpiry: string }) => s.healthRegistryExpiry,
  },
  {
    key: "publicidad",
    what: "La autorización de publicidad sanitaria",
    number: (s: { advertisingAuthNumber: string }) => s.advertisingAuthNumber,
    expiry: (s: { advertisingAuthExpiry: string }) => s.advertisingAuthExpiry,
  },
] as const;

/** Queues the reminders due today; returns how many were queued. Idempotent. */
export async function queueExpiryReminders(db: Db, now = new Date()) {
  const settings = await getSettings(db);
  const today = madridDate(now.getTime());
  let queued = 0;
  // The settings' two dates, then each authorised advertising text's own (Estado legal's list).
  const items = [
    ...DATES.map((item) => ({
      key: item.key,
      what: item.what,
      number: item.number(settings).trim(),
      expiry: item.expiry(settings),
    })),
    ...(await authorisationStatuses(db, today)).map((a) => ({
      key: `publicidad:${a.target}`,
      what: `La autorización de publicidad de «${a.label}»`,
      number: a.number,
      expiry: a.expiresOn,
    })),
  ];
  for (const item of items) {
    const { expiry, number } = item;
    if (!expiry || !number) continue;
    const days = daysUntil(expiry, today);
    if (days < 0 || days > REMIND_DAYS_BEFORE) continue;
    const when = expiry.split("-").reverse().join("/");
    const sent = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(complianceReminders)
        .values({ key: `${item.key}:${expiry}` })
        .onConflictDoNothing()
        .returning({ key: complianceReminders.key });
      if (!row) return false;
      const paragraphs = [
        `${item.what} (nº ${number}) caduca el ${when}, dentro de ${days} días.`,
        item.key.startsWith("publicidad:")
          ? "Pide la renovación a tiempo y, cuando la tengas, regístrala en Estado legal, «Textos publicitarios autorizados»."
          : "Renuévala a tiempo y, cuando tengas la nueva fecha, cámbiala en Ajustes.",
      ];
      const link = {
        href: `${getEnv().PUBLIC_URL}/admin/estado-legal`,
        label: "Ver el estado legal",
      };
      await enqueueMail(tx, {
        to: settings.contactEmail,
        subject: `${item.what} caduca el ${when}`,
        text: [...paragraphs, "", `${link.label}: ${link.href}`].join("\n"),
        html: simpleHtml(paragraphs, link),
      });
      return true;
    });
    if (sent) queued++;
  }
  if (queued) nudgeOutbox();
  return queued;
}

/** Every six hours (and a minute after start). */
export function startExpiryReminderJob(getDb: () => Promise<Db>, intervalMs = 6 * 60 * 60_000) {
  return startPeriodicJob(
    async () => {
      try {
        await queueExpiryReminders(await getDb());
      } catch (error) {
        logger.error({ err: error }, "error al preparar los avisos de caducidad");
      }
    },
    { firstMs: 60_000, intervalMs },
  );
}
