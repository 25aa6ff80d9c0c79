import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { firstSteps } from "~/db/schema";
import { audit } from "~/platform/audit.server";
import { enqueueMail, mailDelivery, nudgeOutbox } from "~/platform/mail/outbox.server";
import { simpleHtml } from "~/platform/mail/templates";
import { identityGaps } from "~/modules/compliance/identity";
import { practiceSetUp } from "~/modules/booking/practice.server";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { publishedExampleCount } from "~/modules/reviews/reviews.server";
import { getSettings, settingsSaved } from "~/modules/settings/settings.server";
import { getEnv } from "~/utils/env.server";
import { formFailure, type FormFailure } from "~/utils/form";
import type { FirstStep } from "./first-steps";

/**
 * The panel's 'Primeros pasos' (issue #34): what a new install still needs before it is the
 * practice's own. Each step is read from where its data lives (Ajustes, the booking rules and
 * services, the reviews, the e-mail outbox); `first_steps` keeps only what cannot be read there:
 * the last test e-mail, when all steps were first done, and 'Ocultar'.
 */

type Actor = { id: string; email: string; name: string };

async function state(db: Pick<Db, "select">) {
  const [row] = await db.select().from(firstSteps).where(eq(firstSteps.id, 1));
  return row ?? null;
}

async function upsertState(
  db: Pick<Db, "insert">,
  set: Partial<Omit<typeof firstSteps.$inferInsert, "id">>,
) {
  await db
    .insert(firstSteps)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: firstSteps.id, set: { ...set, updatedAt: new Date() } });
}

/** Where the last test e-mail stands ('none': none sent from here yet). */
export type TestMailState =
  | { status: "none" }
  | { status: "pending"; attempts: number; lastError: string | null }
  | { status: "failed"; lastError: string | null }
  | { status: "sent"; at: string };

/**
 * The steps and whether each is done, or null when the list is not shown: hidden with 'Ocultar',
 * or every step was done once (then it stays away even if one later reads as undone: a photo
 * removed is not a first step). Records the test e-mail's delivery and the completion the first
 * time it sees them, since the outbox row is deleted later (bookkeeping, idempotent).
 */
export async function firstStepsView(
  db: Db,
  options: { smtpConfigured?: boolean; now?: Date } = {},
): Promise<{ steps: FirstStep[]; testMail: TestMailState } | null> {
  const now = options.now ?? new Date();
  const smtpConfigured = options.smtpConfigured ?? Boolean(getEnv().SMTP_URL);
  const saved = await state(db);
  if (saved?.hiddenAt || saved?.completedAt) return null;
  const [settings, everSaved, practice, examples] = await Promise.all([
    getSettings(db),
    settingsSaved(db),
    practiceSetUp(db),
    publishedExampleCount(db),
  ]);
  let testMail: TestMailState = { status: "none" };
  if (saved?.testMailSentAt) {
    testMail = { status: "sent", at: saved.testMailSentAt.toISOString() };
  } else if (saved?.testMailId != null) {
    const delivery = await mailDelivery(db, saved.testMailId);
    if (delivery?.status === "sent") {
      const at = delivery.sentAt ?? now;
      await upsertState(db, { testMailSentAt: at });
      testMail = { status: "sent", at: at.toISOString() };
    } else if (delivery?.status === "failed") {
      testMail = { status: "failed", lastError: delivery.lastError };
    } else if (delivery) {
      testMail = {
        status: "pending",
        attempts: delivery.attempts,
        lastError: delivery.lastError,
      };
    }
  }
  const gaps = identityGaps(settings);
  const steps: FirstStep[] = [
    { key: "identity", done: gaps.length === 0, missing: gaps.map((g) => g.label) },
    { key: "photo", done: settings.portrait.url !== "" },
    {
      key: "hours",
      done: practice.rulesSaved && practice.unpriced === 0,
      rulesSaved: practice.rulesSaved,
      unpriced: practice.unpriced,
    },
    // Either way counts: booking switched on, or Ajustes saved once (the switch is in it, so
    // saving with it off is a decision too).
    {
      key: "booking",
      done: settings.bookingEnabled || everSaved,
      enabled: settings.bookingEnabled,
    },
    { key: "mail", done: smtpConfigured && testMail.status === "sent", smtpConfigured },
    { key: "reviews", done: examples === 0, examples },
  ];
  if (steps.every((s) => s.done)) {
    await upsertState(db, { completedAt: now });
    return null;
  }
  return { steps, testMail };
}

/** Test e-mails per account and hour: enough to try a new SMTP setting a few times. */
export const TEST_MAILS_PER_HOUR = 5;

export const FIRST_STEPS_MESSAGES = {
  tooMany: `Has enviado ${TEST_MAILS_PER_HOUR} correos de prueba en la última hora. Espera un poco antes de enviar otro.`,
} as const;

/**
 * 'Enviar un correo de prueba': one e-mail to the signed-in administrator through the outbox,
 * like every other; the step is done once the outbox delivered it. Audited (the outbox id).
 */
export async function sendTestMail(
  db: Db,
  actor: Actor,
  ip: string,
): Promise<{ ok: true; smtp: boolean } | (FormFailure & { status: 429 })> {
  const limited = await hitRateLimit(db, `mail-test:${actor.id}`, TEST_MAILS_PER_HOUR, 60 * 60_000);
  if (!limited.allowed) return { ...formFailure(FIRST_STEPS_MESSAGES.tooMany), status: 429 };
  const settings = await getSettings(db);
  const paragraphs = [
    `Hola, ${actor.name}:`,
    `Este es el correo de prueba que has pedido desde el panel de ${settings.siteName}.`,
    "Si lo estás leyendo, el envío de correos funciona: los avisos de mensajes, reseñas y citas te llegarán igual. No tienes que responder.",
  ];
  await db.transaction(async (tx) => {
    const id = await enqueueMail(tx, {
      to: actor.email,
      subject: "Correo de prueba de tu web",
      text: paragraphs.join("\n\n"),
      html: simpleHtml(paragraphs),
    });
    await upsertState(tx, { testMailId: id, testMailSentAt: null });
    await audit(tx, { action: "mail_test_sent", actor, target: `correo:${id}`, ip });
  });
  nudgeOutbox();
  return { ok: true, smtp: Boolean(getEnv().SMTP_URL) };
}

/** 'Ocultar': the list is not shown again (to anyone: it is the site's setup, not a person's). */
export async function hideFirstSteps(db: Db, actor: Actor, ip: string) {
  await db.transaction(async (tx) => {
    await upsertState(tx, { hiddenAt: new Date() });
    await audit(tx, { action: "first_steps_hidden", actor, ip });
  });
}
