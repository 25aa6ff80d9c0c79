import ICAL from "ical.js";
import type { appointments, MailAttachment } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { initials } from "~/utils/format";

type Row = typeof appointments.$inferSelect;

/**
 * Appointments as iCalendar (RFC 5545, written by ical.js). Each appointment has one UID in every
 * file, so a calendar app updates or cancels the one event.
 */

function appointmentEvent(row: Row, summary: string, location: string) {
  const vevent = new ICAL.Component("vevent");
  const event = new ICAL.Event(vevent);
  event.uid = `${row.id}@${new URL(getEnv().PUBLIC_URL).hostname}`;
  event.startDate = ICAL.Time.fromJSDate(row.startsAt, true);
  event.endDate = ICAL.Time.fromJSDate(row.endsAt, true);
  event.summary = summary;
  event.location = location;
  vevent.updatePropertyWithValue("dtstamp", ICAL.Time.fromJSDate(new Date(), true));
  // A later file about the same appointment replaces what an earlier one added.
  vevent.updatePropertyWithValue("sequence", Math.floor(row.updatedAt.getTime() / 1000));
  const status =
    row.status === "confirmed"
      ? "CONFIRMED"
      : row.status === "cancelled" || row.status === "declined"
        ? "CANCELLED"
        : "TENTATIVE";
  vevent.updatePropertyWithValue("status", status);
  return vevent;
}

function calendarText(events: InstanceType<typeof ICAL.Component>[], name?: string) {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.updatePropertyWithValue("prodid", "-//Consulta de psicología//Citas//ES");
  calendar.updatePropertyWithValue("version", "2.0");
  calendar.updatePropertyWithValue("method", "PUBLISH");
  if (name) calendar.updatePropertyWithValue("x-wr-calname", name);
  for (const event of events) calendar.addSubcomponent(event);
  return calendar.toString();
}

/**
 * The event's title in the client's calendar: the service and the practice, and 'pendiente de
 * confirmar' while the practice has not accepted it (a request, or a hold not yet confirmed), as
 * its STATUS:TENTATIVE says to the calendar app.
 */
export function clientSummary(row: Pick<Row, "serviceName" | "status">, practiceName: string) {
  const pending = row.status === "requested" || row.status === "held";
  return `${row.serviceName}${pending ? " (pendiente de confirmar)" : ""} · ${practiceName}`;
}

/**
 * For the client's calendar, attached to the e-mails: the service and the place, never the
 * client's name, and no link (a calendar provider keeps what it imports).
 */
export function appointmentIcs(row: Row, place: string, practiceName: string): MailAttachment {
  return { ...appointmentsIcs([row], place, practiceName), filename: "cita.ics" };
}

/** Several appointments of one client (a series) in one file, each with its own UID. */
export function appointmentsIcs(rows: Row[], place: string, practiceName: string): MailAttachment {
  return {
    filename: "citas.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: calendarText(
      rows.map((row) => appointmentEvent(row, clientSummary(row, practiceName), place)),
    ),
  };
}

/**
 * The practice's agenda for her calendar app: confirmed appointments, each as the service and
 * the client's initials (a calendar provider keeps what it reads: no full names, e-mails or notes).
 */
export function agendaCalendar(rows: Row[], place: (row: Row) => string) {
  return calendarText(
    rows.map((row) =>
      appointmentEvent(row, `${row.serviceName} · ${initials(row.clientName)}`, place(row)),
    ),
    "Citas de la consulta",
  );
}
