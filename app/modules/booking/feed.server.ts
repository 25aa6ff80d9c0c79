import { and, eq, gte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, bookingConfig } from "~/db/schema";
import { administratorContacts } from "~/modules/accounts/staff.server";
import { audit } from "~/platform/audit.server";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import { simpleHtml } from "~/platform/mail/templates";
import { getEnv } from "~/utils/env.server";
import { formatDateTime } from "~/utils/format-time";
import { getSettings } from "~/modules/settings/settings.server";
import { DEFAULT_BOOKING_CONFIG } from "./config";
import { hashToken, isToken, newToken } from "~/platform/tokens.server";
import { agendaCalendar } from "./ics.server";
import { appointmentPlace } from "./mails.server";

/**
 * The agenda feed (docs/decisions/015-appointments.md): a secret address of confirmed
 * appointments for the psychologist's calendar app. Only the secret's hash is kept; a new
 * address replaces the old one at once; removing it turns the feed off.
 */

type Actor = { id: string; email: string; name?: string };
const PAST_DAYS = 30;

export async function hasAgendaFeed(db: Db) {
  const [row] = await db
    .select({ hash: bookingConfig.agendaFeedHash })
    .from(bookingConfig)
    .where(eq(bookingConfig.id, 1));
  return Boolean(row?.hash);
}

/**
 * A new secret address (the previous one stops working); the token is shown once. Every
 * administrator is told by e-mail, in the same transaction, who created it and when (never the
 * address), so an address minted by someone else does not go unnoticed.
 */
export async function renewAgendaFeed(db: Db, actor: Actor, ip: string, now = new Date()) {
  const { token, hash } = newToken();
  await db.transaction(async (tx) => {
    await tx
      .insert(bookingConfig)
      .values({ id: 1, data: DEFAULT_BOOKING_CONFIG, agendaFeedHash: hash })
      .onConflictDoUpdate({ target: bookingConfig.id, set: { agendaFeedHash: hash } });
    for (const admin of await administratorContacts(tx)) {
      await enqueueMail(tx, newFeedNotice(admin, actor, now));
    }
  });
  nudgeOutbox();
  await audit(db, { action: "agenda_feed_renewed", actor, ip });
  return token;
}

/** The notice to one administrator: who, when, and what to do if it was nobody on the team. */
function newFeedNotice(to: { name: string; email: string }, actor: Actor, at: Date) {
  const who = actor.name ? `${actor.name} (${actor.email})` : actor.email;
  const when = formatDateTime(at);
  const link = `${getEnv().PUBLIC_URL}/admin/citas/ajustes`;
  const paragraphs = [
    `Hola, ${to.name}:`,
    `${who} ha creado una nueva dirección secreta del calendario de citas el ${when} (hora peninsular). Con ella, una aplicación de calendario puede leer las citas confirmadas. La dirección anterior, si había una, ha dejado de funcionar.`,
    "Si lo ha hecho alguien del equipo a propósito, no tienes que hacer nada.",
    "Si no lo reconoces, entra en el área de gestión y, en Citas → Horario y servicios, pulsa «Desactivar el calendario»: la dirección deja de funcionar al momento. Después cambia la contraseña de esa cuenta y revisa el Registro de actividad.",
  ];
  return {
    to: to.email,
    subject: "Nueva dirección del calendario de citas",
    text: `${paragraphs.join("\n\n")}\n\n${link}`,
    html: simpleHtml(paragraphs, { href: link, label: "Abrir Horario y servicios" }),
  };
}

export async function removeAgendaFeed(db: Db, actor: Actor, ip: string) {
  await db.update(bookingConfig).set({ agendaFeedHash: null }).where(eq(bookingConfig.id, 1));
  await audit(db, { action: "agenda_feed_removed", actor, ip });
}

/** The feed's iCalendar text, or null when the token is not the current one. */
export async function agendaFeed(db: Db, token: string, now = new Date()) {
  if (!isToken(token)) return null;
  const [config] = await db
    .select({ hash: bookingConfig.agendaFeedHash })
    .from(bookingConfig)
    .where(eq(bookingConfig.id, 1));
  if (!config?.hash || config.hash !== hashToken(token)) return null;
  const settings = await getSettings(db);
  const rows = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.status, "confirmed"),
        gte(appointments.endsAt, new Date(now.getTime() - PAST_DAYS * 24 * 60 * 60_000)),
      ),
    );
  return agendaCalendar(rows, (row) =>
    row.modality === "online" ? "En línea" : appointmentPlace(row, settings),
  );
}
