import ICAL from "ical.js";
import type { appointments } from "~/db/schema";
import type { MailAttachment } from "~/db/schema";
import { getEnv } from "~/utils/env.server";

type Row = typeof appointments.$inferSelect;

/**
 * An appointment as an iCalendar file (RFC 5545, written by ical.js) for the client's calendar:
 * the same UID in every e-mail, so a calendar app updates or cancels the one event. It names the
 * service and the place, never the client; no link (a calendar provider keeps what it imports).
 */
export function appointmentIcs(row: Row, place: string, practiceName: string): MailAttachment {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.updatePropertyWithValue("prodid", "-//Consulta de psicología//Citas//ES");
  calendar.updatePropertyWithValue("version", "2.0");
  calendar.updatePropertyWithValue("method", "PUBLISH");
  const vevent = new ICAL.Component("vevent");
  const event = new ICAL.Event(vevent);
  event.uid = `${row.id}@${new URL(getEnv().PUBLIC_URL).hostname}`;
  event.startDate = ICAL.Time.fromJSDate(row.startsAt, true);
  event.endDate = ICAL.Time.fromJSDate(row.endsAt, true);
  event.summary = `${row.serviceName} · ${practiceName}`;
  event.location = place;
  vevent.updatePropertyWithValue("dtstamp", ICAL.Time.fromJSDate(new Date(), true));
  // A later e-mail about the same appointment replaces what the earlier one added.
  vevent.updatePropertyWithValue("sequence", Math.floor(row.updatedAt.getTime() / 1000));
  vevent.updatePropertyWithValue(
    "status",
    row.status === "confirmed"
      ? "CONFIRMED"
      : row.status === "cancelled" || row.status === "declined"
        ? "CANCELLED"
        : "TENTATIVE",
  );
  calendar.addSubcomponent(vevent);
  return {
    filename: "cita.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: calendar.toString(),
  };
}
