/**
 * Calendar dates, greetings and plurals in Spanish, without a date library or `Intl` in the
 * browser: constructing the first `Intl.DateTimeFormat` of a page loads the locale data, which
 * cost ~80 ms of main thread while the home page hydrated. Month names come from a fixed table
 * (the same text as `Intl` for es-ES). Instants (the admin area's times, read in Europe/Madrid)
 * are in `format-time.ts`, so public pages do not carry that code.
 */

/**
 * Before 12 'Buenos días', before 18 'Buenas tardes', otherwise 'Buenas noches'
 * (docs/product.md#admin-area).
 */
export function greetingFor(hour: number) {
  if (hour < 12) return "Buenos días";
  if (hour < 18) return "Buenas tardes";
  return "Buenas noches";
}

/** The fields of a date as a person in Spain reads it. */
export interface DateFields {
  year: number;
  month: number; // 0–11
  day: number;
}

/** Spanish month names, January first. */
export const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];
export const pad = (n: number) => String(n).padStart(2, "0");

/** 'dd MMM yyyy' in Spanish, e.g. '05 mar 2025' ('sept' for September, no full stop). */
export function shortDateText({ year, month, day }: DateFields) {
  const name = MONTHS[month]!;
  return `${pad(day)} ${name.slice(0, name === "septiembre" ? 4 : 3)} ${year}`;
}

/** e.g. '5 de marzo de 2025'. */
export function longDateText({ year, month, day }: DateFields) {
  return `${day} de ${MONTHS[month]} de ${year}`;
}

/** A calendar date as it is written ('2025-03-05'): no time zone can move it. */
function calendar(value: string): DateFields {
  const [year, month, day] = value.slice(0, 10).split("-").map(Number);
  return { year: year!, month: month! - 1, day: day! };
}

/** A calendar date ('2025-03-05') as '05 mar 2025'. */
export function formatShortDate(value: string) {
  return shortDateText(calendar(value));
}

/** A calendar date ('2025-03-05') as '5 de marzo de 2025'. */
export function formatLongDate(value: string) {
  return longDateText(calendar(value));
}

export function guessPlatform(userAgent: string) {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "iOS";
  if (/Android/i.test(userAgent)) return "Android";
  if (/Mac OS X|Macintosh/i.test(userAgent)) return "MacOS";
  if (/Windows/i.test(userAgent)) return "Windows";
  if (/Linux|X11/i.test(userAgent)) return "Linux";
  return "un dispositivo desconocido";
}

/**
 * A count with its noun in Spanish: '1 mensaje', '0 mensajes', '3 mensajes'. Spanish takes the
 * singular for exactly one (Intl.PluralRules' 'one'); its 'many' (a million, in CLDR) is written
 * like 'other'.
 */
export function plural(count: number, one: string, other: string) {
  return `${count} ${count === 1 ? one : other}`;
}

/** A person's initials ('Lucía Pérez' → 'L. P.'): enough for the practice to know who it is. */
export function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((part) => `${part[0]!.toLocaleUpperCase("es")}.`)
    .join(" ");
}
