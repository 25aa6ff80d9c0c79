import { format } from "date-fns";
import { es } from "date-fns/locale";

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

/** 'dd MMM yyyy' in Spanish, e.g. '05 mar 2025'. */
export function formatShortDate(date: Date | string) {
  return format(toDate(date), "dd MMM yyyy", { locale: es });
}

/** A Date from a Date, an ISO timestamp, or a calendar date taken as local (no time-zone shift). */
function toDate(value: Date | string) {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-").map(Number);
    return new Date(y!, m! - 1, d!);
  }
  return new Date(value);
}

export function formatShortDateTime(date: Date | string) {
  return format(new Date(date), "dd MMM yyyy, HH:mm", { locale: es });
}

export function formatDateTime(date: Date | string) {
  return format(new Date(date), "d 'de' MMMM 'de' yyyy, HH:mm", { locale: es });
}

export function guessPlatform(userAgent: string) {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "iOS";
  if (/Android/i.test(userAgent)) return "Android";
  if (/Mac OS X|Macintosh/i.test(userAgent)) return "MacOS";
  if (/Windows/i.test(userAgent)) return "Windows";
  if (/Linux|X11/i.test(userAgent)) return "Linux";
  return "un dispositivo desconocido";
}

/** A calendar date (YYYY-MM-DD) in Spanish, e.g. '5 de marzo de 2025'. */
export function formatLongDate(isoDate: string) {
  return format(toDate(isoDate), "d 'de' MMMM 'de' yyyy", { locale: es });
}
