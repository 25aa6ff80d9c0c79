/**
 * Dates and greetings in Spanish without a date library in the browser. Month names come from a
 * fixed table (the same text as `Intl` for es-ES): constructing the first `Intl.DateTimeFormat` of a
 * page loads the locale data, which cost ~80 ms of main thread while the home page hydrated, so
 * calendar dates (the public pages' article dates) never touch `Intl`. Instants (the admin area's
 * times) are read in Europe/Madrid, the practice's zone, on the server and in the browser alike.
 */

/** Spec §2: before 12 'Buenos días', before 18 'Buenas tardes', otherwise 'Buenas noches'. */
export function greetingFor(hour: number) {
  if (hour < 12) return "Buenos días";
  if (hour < 18) return "Buenas tardes";
  return "Buenas noches";
}

export function madridHour(date: Date) {
  return madridFields(date).hour;
}

/** The calendar fields a person in Spain reads for a date or an instant. */
interface Fields {
  year: number;
  month: number; // 0–11
  day: number;
  hour: number;
  minute: number;
}

let madridFormat: Intl.DateTimeFormat | null = null;

/**
 * An instant's fields in Europe/Madrid, whatever the zone of the process or the browser, so the
 * server and the browser print the same text (and hydration matches). The formatter is built on
 * first use: only pages that print times (the admin area) pay for the locale data.
 */
function madridFields(date: Date): Fields {
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
  for (const { type, value } of madridFormat.formatToParts(date)) part[type] = Number(value);
  return {
    year: part.year!,
    month: part.month! - 1,
    day: part.day!,
    hour: part.hour!,
    minute: part.minute!,
  };
}

/** A calendar date ('2025-03-05') as it is written; any instant as it reads in Madrid. */
function toFields(value: Date | string): Fields {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split("-").map(Number);
    return { year: year!, month: month! - 1, day: day!, hour: 0, minute: 0 };
  }
  return madridFields(new Date(value));
}

const MONTHS = [
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
/** 'ene', 'feb', … 'sept', … 'dic' (es-ES abbreviations, without the full stop). */
const shortMonth = (month: number) => {
  const name = MONTHS[month]!;
  return name.slice(0, name === "septiembre" ? 4 : 3);
};
const pad = (n: number) => String(n).padStart(2, "0");
const time = (f: Fields) => `${pad(f.hour)}:${pad(f.minute)}`;

/** 'dd MMM yyyy' in Spanish, e.g. '05 mar 2025'. */
export function formatShortDate(value: Date | string) {
  const f = toFields(value);
  return `${pad(f.day)} ${shortMonth(f.month)} ${f.year}`;
}

/** e.g. '05 mar 2025, 14:30' (Madrid time). */
export function formatShortDateTime(value: Date | string) {
  const f = toFields(value);
  return `${pad(f.day)} ${shortMonth(f.month)} ${f.year}, ${time(f)}`;
}

/** e.g. '5 de marzo de 2025, 14:30' (Madrid time). */
export function formatDateTime(value: Date | string) {
  const f = toFields(value);
  return `${f.day} de ${MONTHS[f.month]} de ${f.year}, ${time(f)}`;
}

/** A calendar date in Spanish, e.g. '5 de marzo de 2025'. */
export function formatLongDate(value: Date | string) {
  const f = toFields(value);
  return `${f.day} de ${MONTHS[f.month]} de ${f.year}`;
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
