import { Temporal } from "temporal-polyfill";
import type { BookingConfig } from "./config";

/**
 * Free appointment slots (docs/decisions/015-appointments.md). Pure: what is taken, what is busy
 * and the present moment come in; nothing is read here.
 *
 * Slots are wall-clock times in Europe/Madrid: a day's hours 09:00–14:00 give 09:00, 09:30…
 * whatever the offset that day, so the clock changes in March and October neither move nor
 * duplicate a slot; a wall-clock time that does not exist that night (02:00–03:00 on the last
 * Sunday of March) is not offered, and one that exists twice (October) is offered once.
 */

export const ZONE = "Europe/Madrid";

/** A span of time in epoch milliseconds, end excluded. */
export interface Span {
  start: number;
  end: number;
}

export interface Slot extends Span {
  /** The Madrid date (YYYY-MM-DD) and wall-clock time (HH:MM) a person reads. */
  date: string;
  time: string;
}

export interface SlotQuery {
  config: Pick<
    BookingConfig,
    "weekly" | "bufferMinutes" | "noticeHours" | "horizonDays" | "dailyCap" | "stepMinutes"
  >;
  durationMinutes: number;
  /** Days the practice is closed, both ends included (YYYY-MM-DD). */
  closed: { startsOn: string; endsOn: string }[];
  /** Appointments that hold their time (the buffer is kept around each). */
  taken: Span[];
  /** Busy times from the psychologist's own calendar (blocked as they are). */
  busy: Span[];
  now: number;
  /** Madrid dates to list, both included; cut to what notice and horizon allow. */
  from?: string;
  to?: string;
}

const MINUTE = 60_000;

export const minutesOf = (clock: string) =>
  Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The Madrid date of an instant (YYYY-MM-DD). */
export function madridDate(epochMs: number) {
  return Temporal.Instant.fromEpochMilliseconds(epochMs)
    .toZonedDateTimeISO(ZONE)
    .toPlainDate()
    .toString();
}

/** The Madrid weekday of an instant: 1 = lunes … 7 = domingo. */
export function madridWeekday(epochMs: number) {
  return Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(ZONE).dayOfWeek;
}

/**
 * The instant of a Madrid wall-clock time, or null when that time does not exist (the hour
 * skipped in March). A time that exists twice (October) is its first occurrence.
 */
export function madridInstant(date: string, minutes: number): number | null {
  const wall = Temporal.PlainDate.from(date).toPlainDateTime({
    hour: Math.floor(minutes / 60),
    minute: minutes % 60,
  });
  const zoned = wall.toZonedDateTime(ZONE, { disambiguation: "earlier" });
  if (!zoned.toPlainDateTime().equals(wall)) return null;
  return zoned.epochMilliseconds;
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** Every free slot, in order, between `from` and `to` (default: today to the horizon). */
export function freeSlots(query: SlotQuery): Slot[] {
  const { config, durationMinutes, now } = query;
  const today = Temporal.PlainDate.from(madridDate(now));
  const last = today.add({ days: config.horizonDays });
  const earliest = now + config.noticeHours * 60 * MINUTE;
  const buffer = config.bufferMinutes * MINUTE;
  const blocked = [
    ...query.taken.map((t) => ({ start: t.start - buffer, end: t.end + buffer })),
    ...query.busy,
  ];
  const perDay = new Map<string, number>();
  for (const t of query.taken) {
    const day = madridDate(t.start);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  let day = query.from ? Temporal.PlainDate.from(query.from) : today;
  if (Temporal.PlainDate.compare(day, today) < 0) day = today;
  const end =
    query.to && Temporal.PlainDate.compare(Temporal.PlainDate.from(query.to), last) < 0
      ? Temporal.PlainDate.from(query.to)
      : last;
  const slots: Slot[] = [];
  for (; Temporal.PlainDate.compare(day, end) <= 0; day = day.add({ days: 1 })) {
    const date = day.toString();
    if (query.closed.some((c) => c.startsOn <= date && date <= c.endsOn)) continue;
    if (config.dailyCap > 0 && (perDay.get(date) ?? 0) >= config.dailyCap) continue;
    const ranges = config.weekly
      .filter((r) => r.weekday === day.dayOfWeek)
      .map((r) => ({ start: minutesOf(r.start), end: minutesOf(r.end) }))
      .sort((a, b) => a.start - b.start);
    const seen = new Set<number>();
    for (const range of ranges) {
      for (let m = range.start; m + durationMinutes <= range.end; m += config.stepMinutes) {
        const start = madridInstant(date, m);
        if (start === null || start < earliest || seen.has(start)) continue;
        const slot = { start, end: start + durationMinutes * MINUTE };
        if (blocked.some((b) => overlaps(slot, b))) continue;
        seen.add(start);
        const time = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
        slots.push({ ...slot, date, time });
      }
    }
  }
  return slots;
}
