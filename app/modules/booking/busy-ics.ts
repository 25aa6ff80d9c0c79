import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";

/**
 * The psychologist's own calendar (an iCalendar file) as busy times: start and end of each event
 * that makes her busy, nothing else (no title, description, place or attendees leave this file).
 * Recurring events are expanded (RRULE, RDATE, EXDATE, moved or cancelled occurrences); a time
 * with a zone the file defines is read with that definition, a floating time or an unknown zone
 * as Madrid wall-clock time; an all-day event blocks the whole Madrid day(s).
 */

export interface BusyInterval {
  start: number;
  end: number;
}

const ZONE = "Europe/Madrid";
/** Occurrences of one event looked at (from its first one), and busy times kept in all. */
export const MAX_ITERATIONS_PER_EVENT = 50_000;
export const MAX_BUSY_TIMES = 10_000;
const DAY_MS = 24 * 60 * 60_000;

export class BusyFeedError extends Error {}

/**
 * ical.js looks for a rule's next occurrence in a loop that never ends when the rule can never
 * match (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30), and the file comes from outside (an invitation from
 * anyone lands in a Google calendar). Each step of that search is counted: an event that needs
 * more than STEPS_PER_EVENT is skipped, a file that needs more than STEPS_PER_FILE is refused, so
 * reading a calendar always ends, in about a second at worst.
 */
export const STEPS_PER_EVENT = 100_000;
export const STEPS_PER_FILE = 500_000;
class RuleTooCostly extends Error {}
let stepsLeft = Number.POSITIVE_INFINITY;
let stepsTaken = 0;
const recur = ICAL.RecurIterator.prototype as unknown as { check_contracting_rules(): boolean };
const checkRules = recur.check_contracting_rules;
recur.check_contracting_rules = function (this: unknown) {
  stepsTaken++;
  if (--stepsLeft < 0) throw new RuleTooCostly();
  return checkRules.call(this);
};

export const MALFORMED_MESSAGE =
  "El archivo del calendario no se puede leer: no es un calendario iCalendar (.ics) válido.";
const TOO_MANY_MESSAGE =
  "El calendario tiene demasiados eventos en las próximas semanas (más de 10.000).";
const TOO_COSTLY_MESSAGE =
  "El calendario tiene demasiados eventos repetidos con reglas que no se pueden calcular.";

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

function isZone(name: string) {
  try {
    Temporal.ZonedDateTime.from({ year: 2026, month: 1, day: 1, timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone a wall-clock time of this component is read in when the file defines none. */
function wallZone(component: Component) {
  const tzid = component.getFirstProperty("dtstart")?.getParameter("tzid");
  return typeof tzid === "string" && isZone(tzid) ? tzid : ZONE;
}

function isFloating(t: Time) {
  return !t.zone || t.zone === ICAL.Timezone.localTimezone || t.zone.tzid === "floating";
}

/** The instant of an iCalendar time; a date (all-day) is the start of that Madrid day. */
function instant(t: Time, zone: string): number {
  if (t.isDate) {
    return Temporal.PlainDate.from({ year: t.year, month: t.month, day: t.day })
      .toZonedDateTime({ timeZone: ZONE })
      .toInstant().epochMilliseconds;
  }
  if (!isFloating(t)) return t.toUnixTime() * 1000;
  return Temporal.PlainDateTime.from({
    year: t.year,
    month: t.month,
    day: t.day,
    hour: t.hour,
    minute: t.minute,
    second: t.second,
  })
    .toZonedDateTime(zone, { disambiguation: "compatible" })
    .toInstant().epochMilliseconds;
}

/** Whether an event (or one moved occurrence) makes her busy. */
function blocks(component: Component) {
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transp = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  return status !== "CANCELLED" && transp !== "TRANSPARENT";
}

function interval(start: Time, end: Time, component: Component): BusyInterval | null {
  const zone = wallZone(component);
  const from = instant(start, zone);
  const to = instant(end, zone);
  if (to > from) return { start: from, end: to };
  // An all-day event that ends when it starts still takes its day.
  if (!start.isDate) return null;
  const next = Temporal.PlainDate.from({ year: start.year, month: start.month, day: start.day })
    .add({ days: 1 })
    .toZonedDateTime({ timeZone: ZONE });
  return { start: from, end: next.toInstant().epochMilliseconds };
}

function calendars(text: string): Component[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch {
    throw new BusyFeedError(MALFORMED_MESSAGE);
  }
  const list = (
    Array.isArray(parsed) && typeof parsed[0] === "string" ? [parsed] : parsed
  ) as unknown[];
  if (!Array.isArray(list) || list.length === 0) throw new BusyFeedError(MALFORMED_MESSAGE);
  const roots = list.map((jcal) => new ICAL.Component(jcal as never));
  if (!roots.every((c) => c.name === "vcalendar")) throw new BusyFeedError(MALFORMED_MESSAGE);
  return roots;
}

/**
 * The busy times of an iCalendar text that touch [from, to] (epoch milliseconds), in order.
 * Throws BusyFeedError (a Spanish message) when the text is not a calendar.
 */
export function busyIntervals(text: string, from: number, to: number): BusyInterval[] {
  const kept: BusyInterval[] = [];
  stepsTaken = 0;
  const keep = (i: BusyInterval | null) => {
    if (!i || i.end <= from || i.start >= to) return;
    kept.push(i);
    if (kept.length > MAX_BUSY_TIMES) throw new BusyFeedError(TOO_MANY_MESSAGE);
  };
  try {
    for (const root of calendars(text)) {
      // Each event with its moved or cancelled occurrences (same UID, with a RECURRENCE-ID).
      const masters = new Map<string, Component>();
      const overrides = new Map<string, Component[]>();
      const loose: Component[] = [];
      for (const vevent of root.getAllSubcomponents("vevent")) {
        const uid = String(vevent.getFirstPropertyValue("uid") ?? "");
        if (!vevent.hasProperty("dtstart")) continue;
        if (vevent.hasProperty("recurrence-id")) {
          overrides.set(uid, [...(overrides.get(uid) ?? []), vevent]);
        } else if (!uid || masters.has(uid)) {
          loose.push(vevent);
        } else {
          masters.set(uid, vevent);
        }
      }
      for (const [uid, component] of masters) {
        const event = new ICAL.Event(component, {
          strictExceptions: true,
          exceptions: overrides.get(uid) ?? [],
        });
        overrides.delete(uid);
        if (!event.isRecurring()) {
          if (blocks(component)) keep(interval(event.startDate, event.endDate, component));
          continue;
        }
        const zone = wallZone(component);
        const iterator = event.iterator();
        const found: (BusyInterval | null)[] = [];
        stepsLeft = Math.min(STEPS_PER_EVENT, STEPS_PER_FILE - stepsTaken);
        try {
          for (let n = 0; n < MAX_ITERATIONS_PER_EVENT; n++) {
            const next = iterator.next();
            // A moved occurrence may land a day away from its original time.
            if (!next || instant(next, zone) >= to + DAY_MS) break;
            const details = event.getOccurrenceDetails(next);
            const item = details.item === event ? component : details.item.component;
            if (blocks(item)) found.push(interval(details.startDate, details.endDate, item));
          }
        } catch (error) {
          if (!(error instanceof RuleTooCostly)) throw error;
          if (stepsTaken >= STEPS_PER_FILE) throw new BusyFeedError(TOO_COSTLY_MESSAGE);
          continue; // this event's rule cannot be computed: it hides nothing
        } finally {
          stepsLeft = Number.POSITIVE_INFINITY;
        }
        found.forEach(keep);
      }
      // Moved occurrences whose event is not in the file, and events without a UID.
      for (const component of [...loose, ...[...overrides.values()].flat()]) {
        if (!blocks(component)) continue;
        const event = new ICAL.Event(component);
        keep(interval(event.startDate, event.endDate, component));
      }
    }
  } catch (error) {
    if (error instanceof BusyFeedError) throw error;
    throw new BusyFeedError(MALFORMED_MESSAGE);
  }
  return kept.sort((a, b) => a.start - b.start || a.end - b.end);
}
