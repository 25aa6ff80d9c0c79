import { Temporal } from "temporal-polyfill";
import { madridDate, madridInstant } from "~/modules/booking/slots";

export { madridDate };

/**
 * The instant of a Madrid wall-clock time written as a datetime-local value (YYYY-MM-DDTHH:mm),
 * or null when it is malformed or does not exist (the hour skipped in March).
 */
export function madridLocalInstant(local: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  try {
    return madridInstant(match[1]!, Number(match[2]) * 60 + Number(match[3]));
  } catch {
    // An impossible date (2026-02-30).
    return null;
  }
}

/** Whether the day of a datetime-local value exists in the calendar (2026-02-30 does not). */
export function dayExists(local: string): boolean {
  try {
    Temporal.PlainDate.from(local.slice(0, 10), { overflow: "reject" });
    return true;
  } catch {
    return false;
  }
}

/** An instant as the Madrid datetime-local value the editor shows (YYYY-MM-DDTHH:mm). */
export function madridLocalValue(at: Date | number): string {
  const ms = typeof at === "number" ? at : at.getTime();
  return Temporal.Instant.fromEpochMilliseconds(ms)
    .toZonedDateTimeISO("Europe/Madrid")
    .toPlainDateTime()
    .toString({ smallestUnit: "minute" });
}
