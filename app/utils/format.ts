/**
 * Dates and greetings in Spanish without a date library in the browser. Month names come from a
 * fixed table (the same text as `Intl` for es-ES): constructing the first `Intl.DateTimeFormat` of a
 * page loads the locale data, which cost ~80 ms of main thread while the home page hydrated.
 */

/** Spec §2: before 12 'Buenos días', before 18 'Buenas tardes', otherwise 'Buenas noches'. */
export function greetingFor(hour: number) {
  if (hour < 12) return "Buenos días";
  if (hour < 18) return "Buenas tardes";
  return "Buenas noches";
}

export function madridHour(date: Date) {
  return Number(
    new Intl.DateTimeFormat("es-ES", {
      hour: "numeric",
      hourCycle: "h23",
      timeZone: "Europe/Madrid",
    }).format(date),
  );
}

/** A Date from a Date, an ISO timestamp, or a calendar date taken as local (no time-zone shift). */
function toDate(value: Date | string) {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-").map(Number);
    return new Date(y!, m! - 1, d!);
  }
  return new Date(value);
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
const shortMonth = (d: Date) => {
  const month = MONTHS[d.getMonth()]!;
  return month.slice(0, month === "septiembre" ? 4 : 3);
};
const pad = (n: number) => String(n).padStart(2, "0");

/** 'dd MMM yyyy' in Spanish, e.g. '05 mar 2025'. */
export function formatShortDate(value: Date | string) {
  const d = toDate(value);
  return `${pad(d.getDate())} ${shortMonth(d)} ${d.getFullYear()}`;
}

/** e.g. '05 mar 2025, 14:30'. */
export function formatShortDateTime(value: Date | string) {
  const d = toDate(value);
  return `${formatShortDate(d)}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** e.g. '5 de marzo de 2025, 14:30'. */
export function formatDateTime(value: Date | string) {
  const d = toDate(value);
  return `${formatLongDate(d)}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A calendar date in Spanish, e.g. '5 de marzo de 2025'. */
export function formatLongDate(value: Date | string) {
  const d = toDate(value);
  return `${d.getDate()} de ${MONTHS[d.getMonth()]} de ${d.getFullYear()}`;
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
