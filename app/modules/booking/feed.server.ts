import { and, eq, gte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointments, bookingConfig } from "~/db/schema";
import { audit } from "~/modules/accounts/audit.server";
import { getSettings } from "~/modules/settings/settings.server";
import { DEFAULT_BOOKING_CONFIG } from "./config";
import { hashToken, isToken, newToken } from "~/utils/tokens.server";
import { agendaCalendar } from "./ics.server";
import { appointmentPlace } from "./mails.server";

/**
 * The agenda feed (docs/decisions/015-appointments.md): a secret address of confirmed
 * appointments for the psychologist's calendar app. Only the secret's hash is kept; a new
 * address replaces the old one at once; removing it turns the feed off.
 */

type Actor = { id: string; email: string };
const PAST_DAYS = 30;

export async function hasAgendaFeed(db: Db) {
  const [row] = await db
    .select({ hash: bookingConfig.agendaFeedHash })
    .from(bookingConfig)
    .where(eq(bookingConfig.id, 1));
  return Boolean(row?.hash);
}

/** A new secret address (the previous one stops working); the token is shown once. */
export async function renewAgendaFeed(db: Db, actor: Actor, ip: string) {
  const { token, hash } = newToken();
  await db
    .insert(bookingConfig)
    .values({ id: 1, data: DEFAULT_BOOKING_CONFIG, agendaFeedHash: hash })
    .onConflictDoUpdate({ target: bookingConfig.id, set: { agendaFeedHash: hash } });
  await audit(db, { action: "agenda_feed_renewed", actor, ip });
  return token;
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
