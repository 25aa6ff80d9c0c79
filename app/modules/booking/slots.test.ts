import { describe, expect, it } from "vitest";
import { DEFAULT_BOOKING_CONFIG } from "./config";
import { freeSlots, madridInstant, type SlotQuery } from "./slots";

const at = (iso: string) => Date.parse(iso);
const MONDAY = "2027-02-01"; // a Monday in winter (UTC+1)
const base: SlotQuery = {
  config: {
    ...DEFAULT_BOOKING_CONFIG,
    weekly: [{ weekday: 1, start: "10:00", end: "12:00" }],
    bufferMinutes: 0,
    noticeHours: 0,
    horizonDays: 60,
    dailyCap: 0,
    stepMinutes: 30,
  },
  durationMinutes: 50,
  closed: [],
  taken: [],
  busy: [],
  now: at("2027-01-29T12:00:00Z"),
  from: MONDAY,
  to: MONDAY,
};
const times = (query: Partial<SlotQuery>) =>
  freeSlots({ ...base, ...query }).map((s) => `${s.date} ${s.time}`);
const config = (change: Partial<SlotQuery["config"]>) => ({ ...base.config, ...change });

describe("free slots", () => {
  it("steps through each range of the day's hours, the whole session inside the range", () => {
    expect(times({})).toEqual([`${MONDAY} 10:00`, `${MONDAY} 10:30`, `${MONDAY} 11:00`]);
    const slot = freeSlots(base)[0]!;
    expect(new Date(slot.start).toISOString()).toBe("2027-02-01T09:00:00.000Z");
    expect(slot.end - slot.start).toBe(50 * 60_000);
    // Two ranges on one day; nothing on a day without hours.
    const split = config({
      weekly: [
        { weekday: 1, start: "16:00", end: "17:00" },
        { weekday: 1, start: "09:00", end: "10:00" },
      ],
      stepMinutes: 60,
    });
    expect(times({ config: split, to: "2027-02-02" })).toEqual([
      `${MONDAY} 09:00`,
      `${MONDAY} 16:00`,
    ]);
  });

  it("leaves out closed days, both ends included", () => {
    const closed = [{ startsOn: "2027-02-01", endsOn: "2027-02-08" }];
    expect(times({ closed, to: "2027-02-15" })).toEqual([
      "2027-02-15 10:00",
      "2027-02-15 10:30",
      "2027-02-15 11:00",
    ]);
  });

  it("keeps the buffer around every appointment, not around calendar events", () => {
    const taken = [{ start: at("2027-02-01T09:00:00Z"), end: at("2027-02-01T09:50:00Z") }];
    expect(times({ taken })).toEqual([`${MONDAY} 11:00`]);
    expect(times({ taken, config: config({ bufferMinutes: 10 }) })).toEqual([`${MONDAY} 11:00`]);
    expect(times({ taken, config: config({ bufferMinutes: 11 }) })).toEqual([]);
    const busy = [{ start: at("2027-02-01T09:00:00Z"), end: at("2027-02-01T09:50:00Z") }];
    expect(times({ busy, config: config({ bufferMinutes: 30 }) })).toEqual([`${MONDAY} 11:00`]);
  });

  it("hides what a calendar event overlaps, even by a minute", () => {
    // 11:20–11:21 in Madrid: the 11:00 session would run into it; 10:30 ends at 11:20 exactly.
    const busy = [{ start: at("2027-02-01T10:20:00Z"), end: at("2027-02-01T10:21:00Z") }];
    expect(times({ busy })).toEqual([`${MONDAY} 10:00`, `${MONDAY} 10:30`]);
  });

  it("respects the minimum notice and the horizon", () => {
    const now = at("2027-02-01T08:00:00Z"); // 09:00 in Madrid
    expect(times({ now, config: config({ noticeHours: 2 }) })).toEqual([`${MONDAY} 11:00`]);
    const horizon = freeSlots({
      ...base,
      from: undefined,
      to: undefined,
      now,
      config: config({ horizonDays: 14 }),
    });
    expect(horizon.map((s) => s.date)).toEqual([
      ...Array(3).fill("2027-02-01"),
      ...Array(3).fill("2027-02-08"),
      ...Array(3).fill("2027-02-15"),
    ]);
    // Nothing before today, whatever is asked.
    expect(times({ now: at("2027-02-02T08:00:00Z") })).toEqual([]);
  });

  it("offers nothing more on a day that reached its cap", () => {
    const taken = [{ start: at("2027-02-01T15:00:00Z"), end: at("2027-02-01T16:00:00Z") }];
    expect(times({ taken, config: config({ dailyCap: 2 }) })).toHaveLength(3);
    expect(times({ taken, config: config({ dailyCap: 1 }) })).toEqual([]);
  });

  it("keeps wall-clock times across the March and October clock changes", () => {
    const weekdays = config({
      weekly: [5, 1].map((weekday) => ({ weekday, start: "10:00", end: "11:00" })),
      stepMinutes: 60,
    });
    const utc = (from: string, to: string, now: string) =>
      freeSlots({ ...base, config: weekdays, from, to, now: at(now) }).map((s) => [
        `${s.date} ${s.time}`,
        new Date(s.start).toISOString(),
      ]);
    // 28 March 2027: 02:00 becomes 03:00 (UTC+1 → UTC+2).
    expect(utc("2027-03-26", "2027-03-29", "2027-03-20T00:00:00Z")).toEqual([
      ["2027-03-26 10:00", "2027-03-26T09:00:00.000Z"],
      ["2027-03-29 10:00", "2027-03-29T08:00:00.000Z"],
    ]);
    // 31 October 2027: 03:00 becomes 02:00 again (UTC+2 → UTC+1).
    expect(utc("2027-10-29", "2027-11-01", "2027-10-20T00:00:00Z")).toEqual([
      ["2027-10-29 10:00", "2027-10-29T08:00:00.000Z"],
      ["2027-11-01 10:00", "2027-11-01T09:00:00.000Z"],
    ]);
  });

  it("on the night of a change, skips the hour that does not exist and offers a repeated one once", () => {
    const night = config({
      weekly: [{ weekday: 7, start: "00:00", end: "05:00" }],
      stepMinutes: 60,
    });
    const slots = (date: string) =>
      freeSlots({ ...base, config: night, from: date, to: date, now: at("2027-03-01T00:00:00Z") });
    const march = slots("2027-03-28");
    expect(march.map((s) => s.time)).toEqual(["00:00", "01:00", "03:00", "04:00"]);
    expect(march.map((s) => new Date(s.start).toISOString().slice(11, 16))).toEqual([
      "23:00",
      "00:00",
      "01:00",
      "02:00",
    ]);
    const october = freeSlots({
      ...base,
      config: night,
      from: "2027-10-31",
      to: "2027-10-31",
      now: at("2027-10-01T00:00:00Z"),
    });
    expect(october.map((s) => s.time)).toEqual(["00:00", "01:00", "02:00", "03:00", "04:00"]);
    const starts = october.map((s) => s.start);
    expect(new Set(starts).size).toBe(starts.length);
    expect(new Date(starts[2]!).toISOString()).toBe("2027-10-31T00:00:00.000Z");
  });

  it("reads wall-clock times in Madrid whatever the process's zone", () => {
    expect(madridInstant("2027-07-01", 10 * 60)).toBe(at("2027-07-01T08:00:00Z"));
    expect(madridInstant("2027-03-28", 2 * 60 + 30)).toBeNull();
  });
});
