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

/**
 * Caps no real calendar reaches, against a file made to be slow (an invitation from anyone lands in
 * her calendar). An event beyond one of them is skipped (it hides nothing), as one whose rule
 * cannot be computed; a VTIMEZONE beyond them is ignored, and its times are read as the IANA zone
 * of that name or as Madrid time.
 * - Moved or cancelled occurrences (RECURRENCE-ID) of one event: 5,000 is every day of 13 years
 *   of a daily event changed one by one.
 * - RDATE and EXDATE values of one event (ical.js sorts them by inserting one by one): 2,000.
 * - Observances (STANDARD/DAYLIGHT, each RDATE value of one counted too) of one VTIMEZONE and of
 *   the file: Google and Outlook write 2 per zone, a zone with its whole history a few dozen.
 * - Steps (see below) to compute one zone's changes until the window's end, and all zones' of the
 *   file: Outlook's zones (yearly rules from 1601) take about 900, Google's about 100; a rule
 *   that is not yearly takes far more.
 */
export const MAX_OVERRIDES_PER_EVENT = 5_000;
export const MAX_DATES_PER_EVENT = 2_000;
export const MAX_OBSERVANCES_PER_ZONE = 200;
export const MAX_OBSERVANCES_PER_FILE = 1_000;
export const STEPS_PER_ZONE = 5_000;
export const STEPS_FOR_ZONES = 10_000;

export class BusyFeedError extends Error {}

/**
 * ical.js looks for a rule's next occurrence in a loop that never ends when the rule can never
 * match (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30), and the file comes from outside (an invitation from
 * anyone lands in a Google calendar). Each step of that search is counted, a time zone's rules
 * included: an event that needs more than STEPS_PER_EVENT is skipped, a file that needs more than
 * STEPS_PER_FILE is refused, so reading a calendar always ends. Steps are not time, though: the
 * server reads the file in a worker thread with a time budget (busy-feed.server.ts).
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

/**
 * ical.js computes a zone's changes up to the year of the time it converts, plus 5, and computes
 * them all again, added to those it has, for each later year: an event in year 9999 would walk
 * every change until then. While a file is read, no zone goes past the window's next year (a
 * later time takes the last offset; it is outside the window anyway).
 */
let zoneYearLimit = Number.POSITIVE_INFINITY;
const zones = ICAL.Timezone.prototype as unknown as { _ensureCoverage(year: number): void };
const ensureCoverage = zones._ensureCoverage;
zones._ensureCoverage = function (this: unknown, year: number) {
  return ensureCoverage.call(this, Math.min(year, zoneYearLimit));
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

/** How many values the properties `name` of a component hold (RDATE:a,b,c holds 3). */
function valueCount(component: Component, name: string) {
  return component.getAllProperties(name).reduce((n, p) => n + Math.max(p.jCal.length - 3, 0), 0);
}

/**
 * Removes the VTIMEZONEs beyond MAX_OBSERVANCES_PER_ZONE or MAX_OBSERVANCES_PER_FILE, and those
 * whose daylight-saving changes until `lastYear` take more than STEPS_PER_ZONE steps (or the
 * file's STEPS_FOR_ZONES) to compute: each zone is computed here, once, before any time is read.
 */
function dropCostlyZones(root: Component, lastYear: number) {
  let observances = 0;
  let steps = 0;
  const cache = (root as unknown as { _timezoneCache: Map<string, unknown> | null })._timezoneCache;
  for (const zone of root.getAllSubcomponents("vtimezone")) {
    const count = zone
      .getAllSubcomponents()
      .reduce((n, observance) => n + 1 + valueCount(observance, "rdate"), 0);
    let fits = count <= MAX_OBSERVANCES_PER_ZONE && observances + count <= MAX_OBSERVANCES_PER_FILE;
    const tzid = String(zone.getFirstPropertyValue("tzid") ?? "");
    if (fits) {
      const before = stepsTaken;
      stepsLeft = Math.min(STEPS_PER_ZONE, STEPS_FOR_ZONES - steps);
      try {
        const computed = new ICAL.Timezone({ component: zone, tzid });
        (computed as unknown as { _ensureCoverage(year: number): void })._ensureCoverage(lastYear);
        if (cache && !cache.has(tzid)) cache.set(tzid, computed);
      } catch (error) {
        if (!(error instanceof RuleTooCostly)) throw error;
        fits = false;
      } finally {
        steps += stepsTaken - before;
        stepsLeft = STEPS_PER_FILE - stepsTaken;
      }
    }
    if (fits) observances += count;
    else root.removeSubcomponent(zone);
  }
}

function calendars(text: string, lastYear: number): Component[] {
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
  for (const root of roots) dropCostlyZones(root, lastYear);
  return roots;
}

/**
 * An event read on its own. Without `exceptions`, ical.js relates to an event every
 * RECURRENCE-ID event of the whole file, whatever its UID: once per event, that is quadratic.
 */
function single(component: Component) {
  return new ICAL.Event(component, { exceptions: [] });
}

/** Seconds of wall-clock time (the fields of a time as if it were UTC). */
function wallSeconds(t: {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}) {
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) / 1000;
}

/** Seconds in one period of the rules that may be fast-forwarded (a day on the clock is 86,400). */
const PERIOD_SECONDS: Record<string, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 7 * 86_400,
};
/** How long before the window a fast-forwarded rule starts: a clock change (its wall-clock time). */
const FAST_FORWARD_MARGIN_MS = 60 * 60_000;

/**
 * Where to start expanding a rule that started long before the window: a whole number of its
 * periods (INTERVAL × a second, minute, hour, day or week of wall-clock time, as ical.js counts
 * them) after its DTSTART, an hour before the window less the event's length. Its occurrences from
 * there are the same, and the expansion does not walk every second since 1900 (FREQ=SECONDLY from
 * an invitation) nor every day of a daily event since 2010. Null when it does not apply: another
 * frequency (monthly and yearly rules have few occurrences), COUNT (counted from the first),
 * several rules.
 */
function fastForward(event: InstanceType<typeof ICAL.Event>, component: Component, from: number) {
  const rules = component.getAllProperties("rrule");
  if (rules.length !== 1) return null;
  const rule = rules[0]!.getFirstValue() as { freq?: string; interval?: number; count?: number };
  const unit = PERIOD_SECONDS[rule.freq ?? ""];
  const start = event.startDate;
  if (!unit || rule.count || (start.isDate && unit < 86_400)) return null;
  const zone = wallZone(component);
  const length = Math.max(instant(event.endDate, zone) - instant(start, zone), 0);
  const target = from - length - FAST_FORWARD_MARGIN_MS;
  if (instant(start, zone) >= target) return null;
  // The target's wall-clock time in the start's zone: the rule counts periods on the clock.
  let targetWall: number;
  if (isFloating(start)) {
    const t = Temporal.Instant.fromEpochMilliseconds(target).toZonedDateTimeISO(zone);
    targetWall = wallSeconds(t);
  } else {
    targetWall = wallSeconds(
      ICAL.Time.fromJSDate(new Date(target), true).convertToZone(start.zone!),
    );
  }
  const period = unit * Math.max(Math.trunc(rule.interval ?? 1), 1);
  const periods = Math.floor((targetWall - wallSeconds(start)) / period);
  if (periods <= 0) return null;
  const at = new Date((wallSeconds(start) + periods * period) * 1000);
  const day = { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
  if (start.isDate) return ICAL.Time.fromData({ ...day, isDate: true }, start.zone);
  const time = { hour: at.getUTCHours(), minute: at.getUTCMinutes(), second: at.getUTCSeconds() };
  return ICAL.Time.fromData({ ...day, ...time, isDate: false }, start.zone);
}

/**
 * The busy times of an iCalendar text that touch [from, to] (epoch milliseconds), in order.
 * Throws BusyFeedError (a Spanish message) when the text is not a calendar. `fastForward: false`
 * expands every rule from its first occurrence (tests compare both).
 */
export function busyIntervals(
  text: string,
  from: number,
  to: number,
  { fastForward: skipAhead = true }: { fastForward?: boolean } = {},
): BusyInterval[] {
  const kept: BusyInterval[] = [];
  stepsTaken = 0;
  stepsLeft = STEPS_PER_FILE;
  zoneYearLimit = new Date(to).getUTCFullYear() + 1;
  const touches = (i: BusyInterval | null): i is BusyInterval =>
    i !== null && i.end > from && i.start < to;
  const keep = (i: BusyInterval | null) => {
    if (!touches(i)) return;
    kept.push(i);
    if (kept.length > MAX_BUSY_TIMES) throw new BusyFeedError(TOO_MANY_MESSAGE);
  };
  try {
    for (const root of calendars(text, zoneYearLimit)) {
      // Each event with its moved or cancelled occurrences (same UID, with a RECURRENCE-ID).
      const masters = new Map<string, Component>();
      const overrides = new Map<string, Component[]>();
      const loose: Component[] = [];
      for (const vevent of root.getAllSubcomponents("vevent")) {
        const uid = String(vevent.getFirstPropertyValue("uid") ?? "");
        if (!vevent.hasProperty("dtstart")) continue;
        if (vevent.hasProperty("recurrence-id")) {
          const same = overrides.get(uid);
          if (same) same.push(vevent);
          else overrides.set(uid, [vevent]);
        } else if (!uid || masters.has(uid)) {
          loose.push(vevent);
        } else {
          masters.set(uid, vevent);
        }
      }
      for (const [uid, component] of masters) {
        const own = overrides.get(uid) ?? [];
        overrides.delete(uid);
        if (!component.hasProperty("rrule") && !component.hasProperty("rdate")) {
          const event = single(component);
          if (blocks(component)) keep(interval(event.startDate, event.endDate, component));
          continue;
        }
        const dates = valueCount(component, "rdate") + valueCount(component, "exdate");
        if (own.length > MAX_OVERRIDES_PER_EVENT || dates > MAX_DATES_PER_EVENT) continue; // hides nothing
        const zone = wallZone(component);
        const event = new ICAL.Event(component, { strictExceptions: true, exceptions: own });
        const found: BusyInterval[] = [];
        stepsLeft = Math.min(STEPS_PER_EVENT, STEPS_PER_FILE - stepsTaken);
        try {
          const start = skipAhead ? fastForward(event, component, from) : null;
          const iterator = event.iterator(start ?? undefined);
          for (let n = 0; n < MAX_ITERATIONS_PER_EVENT; n++) {
            const next = iterator.next();
            // A moved occurrence may land a day away from its original time.
            if (!next || instant(next, zone) >= to + DAY_MS) break;
            const details = event.getOccurrenceDetails(next);
            const item = details.item === event ? component : details.item.component;
            if (!blocks(item)) continue;
            const busy = interval(details.startDate, details.endDate, item);
            if (!touches(busy)) continue;
            found.push(busy);
            if (kept.length + found.length > MAX_BUSY_TIMES) {
              throw new BusyFeedError(TOO_MANY_MESSAGE);
            }
          }
        } catch (error) {
          if (!(error instanceof RuleTooCostly)) throw error;
          if (stepsTaken >= STEPS_PER_FILE) throw new BusyFeedError(TOO_COSTLY_MESSAGE);
          continue; // this event's rule cannot be computed: it hides nothing
        } finally {
          stepsLeft = STEPS_PER_FILE - stepsTaken;
        }
        found.forEach(keep);
      }
      // Moved occurrences whose event is not in the file, and events without a UID.
      for (const component of [...loose, ...[...overrides.values()].flat()]) {
        if (!blocks(component)) continue;
        const event = single(component);
        keep(interval(event.startDate, event.endDate, component));
      }
    }
  } catch (error) {
    if (error instanceof BusyFeedError) throw error;
    // A time zone's rules read outside an event's expansion used up the file's steps.
    if (error instanceof RuleTooCostly) throw new BusyFeedError(TOO_COSTLY_MESSAGE);
    throw new BusyFeedError(MALFORMED_MESSAGE);
  } finally {
    stepsLeft = Number.POSITIVE_INFINITY;
    zoneYearLimit = Number.POSITIVE_INFINITY;
  }
  return kept.sort((a, b) => a.start - b.start || a.end - b.end);
}
