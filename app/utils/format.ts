/** Dates and greetings in Spanish with the platform's Intl (no date library in the browser). */

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

const shortMonth = (d: Date) =>
  new Intl.DateTimeFormat("es-ES", { month: "short" }).format(d).replace(".", "");
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
  return new Intl.DateTimeFormat("es-ES", {
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(toDate(value));
}

export function guessPlatform(userAgent: string) {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "iOS";
  if (/Android/i.test(userAgent)) return "Android";
  if (/Mac OS X|Macintosh/i.test(userAgent)) return "MacOS";
  if (/Windows/i.test(userAgent)) return "Windows";
  if (/Linux|X11/i.test(userAgent)) return "Linux";
  return "un dispositivo desconocido";
}
