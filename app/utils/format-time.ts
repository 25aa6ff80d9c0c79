import { type DateFields, longDateText, pad, shortDateText } from "./format";

/**
 * Instants (when something happened: a message, a sign-in, a review) as a person in Spain reads
 * them: in Europe/Madrid, whatever the zone of the server process or the browser, so both print
 * the same text and hydration matches. Only the admin area prints instants; the formatter is built
 * on first use, so only pages that print one pay for `Intl`'s locale data.
 */

interface InstantFields extends DateFields {
  hour: number;
  minute: number;
}

let madridFormat: Intl.DateTimeFormat | null = null;

function madridFields(value: Date | string): InstantFields {
  madridFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: "Europe/Madrid",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  });
  const part: Record<string, number> = {};
  for (const { type, value: text } of madridFormat.formatToParts(new Date(value))) {
    part[type] = Number(text);
  }
  return {
    year: part.year!,
    month: part.month! - 1,
    day: part.day!,
    hour: part.hour!,
    minute: part.minute!,
  };
}

const time = (f: InstantFields) => `${pad(f.hour)}:${pad(f.minute)}`;

/** The hour (0–23) in Madrid. */
export function madridHour(value: Date | string) {
  return madridFields(value).hour;
}

/** The time of an instant in Madrid, e.g. '14:30'. */
export function formatTime(value: Date | string) {
  return time(madridFields(value));
}

/** The day of an instant in Madrid, e.g. '05 mar 2025'. */
export function formatDay(value: Date | string) {
  return shortDateText(madridFields(value));
}

/** The day of an instant in Madrid, e.g. '5 de marzo de 2025'. */
export function formatLongDay(value: Date | string) {
  return longDateText(madridFields(value));
}

/** e.g. '05 mar 2025, 14:30' (Madrid time). */
export function formatShortDateTime(value: Date | string) {
  const f = madridFields(value);
  return `${shortDateText(f)}, ${time(f)}`;
}

/** e.g. '5 de marzo de 2025, 14:30' (Madrid time). */
export function formatDateTime(value: Date | string) {
  const f = madridFields(value);
  return `${longDateText(f)}, ${time(f)}`;
}
