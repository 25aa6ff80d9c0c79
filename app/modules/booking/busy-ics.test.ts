import { describe, expect, it } from "vitest";
import {
  BusyFeedError,
  busyIntervals,
  MALFORMED_MESSAGE,
  MAX_DATES_PER_EVENT,
  MAX_OBSERVANCES_PER_ZONE,
  MAX_OVERRIDES_PER_EVENT,
} from "./busy-ics";

/** A calendar file from VEVENT lines (CRLF, as RFC 5545 writes them). */
function ics(...events: string[][]) {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Prueba//ES",
    ...events.flatMap((lines) => [
      "BEGIN:VEVENT",
      "DTSTAMP:20260101T000000Z",
      ...lines,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ].join("\r\n");
}

const MADRID_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Madrid",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

const iso = (list: { start: number; end: number }[]) =>
  list.map((i) => [new Date(i.start).toISOString(), new Date(i.end).toISOString()]);

const FROM = Date.parse("2026-03-01T00:00:00Z");
const TO = Date.parse("2026-12-31T00:00:00Z");

describe("busy times read from an iCalendar file", () => {
  it("keeps start and end of a plain event, in UTC", () => {
    const text = ics([
      "UID:a",
      "SUMMARY:Dentista (privado)",
      "DTSTART:20260310T090000Z",
      "DTEND:20260310T100000Z",
    ]);
    expect(iso(busyIntervals(text, FROM, TO))).toEqual([
      ["2026-03-10T09:00:00.000Z", "2026-03-10T10:00:00.000Z"],
    ]);
  });

  it("expands a weekly RRULE with EXDATE and a moved occurrence, within the window only", () => {
    const text = ics(
      [
        "UID:w",
        "DTSTART;TZID=Europe/Madrid:20260302T100000",
        "DTEND;TZID=Europe/Madrid:20260302T110000",
        "RRULE:FREQ=WEEKLY;COUNT=5",
        "EXDATE;TZID=Europe/Madrid:20260309T100000",
      ],
      [
        "UID:w",
        "RECURRENCE-ID;TZID=Europe/Madrid:20260316T100000",
        "DTSTART;TZID=Europe/Madrid:20260316T170000",
        "DTEND;TZID=Europe/Madrid:20260316T180000",
      ],
    );
    const from = Date.parse("2026-03-05T00:00:00Z");
    expect(iso(busyIntervals(text, from, TO))).toEqual([
      // 2 March is before the window, 9 March is excluded, 16 March moved to the afternoon.
      ["2026-03-16T16:00:00.000Z", "2026-03-16T17:00:00.000Z"],
      ["2026-03-23T09:00:00.000Z", "2026-03-23T10:00:00.000Z"],
      // After the clock change (29 March) 10:00 in Madrid is 08:00 UTC.
      ["2026-03-30T08:00:00.000Z", "2026-03-30T09:00:00.000Z"],
    ]);
  });

  it("stops an endless rule at the window's end", () => {
    const text = ics([
      "UID:d",
      "DTSTART:20200101T080000Z",
      "DTEND:20200101T083000Z",
      "RRULE:FREQ=DAILY",
    ]);
    const list = busyIntervals(text, FROM, FROM + 10 * 24 * 3600_000);
    expect(list).toHaveLength(10);
  });

  it("a rule that can never match (30 February) is skipped without hanging; the others stay", () => {
    const impossible = (uid: string) => [
      `UID:${uid}`,
      "DTSTART:20260301T080000Z",
      "DTEND:20260301T083000Z",
      "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
    ];
    const text = ics(impossible("imposible"), [
      "UID:normal",
      "DTSTART:20260310T090000Z",
      "DTEND:20260310T100000Z",
    ]);
    const started = performance.now();
    expect(iso(busyIntervals(text, FROM, TO))).toEqual([
      ["2026-03-10T09:00:00.000Z", "2026-03-10T10:00:00.000Z"],
    ]);
    // Many such events: the file is refused, in bounded time.
    const many = ics(...Array.from({ length: 8 }, (_, i) => impossible(`i${i}`)));
    expect(() => busyIntervals(many, FROM, TO)).toThrow(BusyFeedError);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it("an all-day event blocks the whole Madrid day(s)", () => {
    const text = ics(
      ["UID:x", "DTSTART;VALUE=DATE:20260715", "DTEND;VALUE=DATE:20260717"],
      ["UID:y", "DTSTART;VALUE=DATE:20261201"],
    );
    expect(iso(busyIntervals(text, FROM, TO))).toEqual([
      ["2026-07-14T22:00:00.000Z", "2026-07-16T22:00:00.000Z"],
      ["2026-11-30T23:00:00.000Z", "2026-12-01T23:00:00.000Z"],
    ]);
  });

  it("skips transparent (free) and cancelled events, and cancelled occurrences", () => {
    const text = ics(
      ["UID:t", "DTSTART:20260310T090000Z", "DTEND:20260310T100000Z", "TRANSP:TRANSPARENT"],
      ["UID:c", "DTSTART:20260311T090000Z", "DTEND:20260311T100000Z", "STATUS:CANCELLED"],
      ["UID:r", "DTSTART:20260312T090000Z", "DTEND:20260312T100000Z", "RRULE:FREQ=DAILY;COUNT=2"],
      [
        "UID:r",
        "RECURRENCE-ID:20260312T090000Z",
        "DTSTART:20260312T090000Z",
        "DTEND:20260312T100000Z",
        "STATUS:CANCELLED",
      ],
    );
    expect(iso(busyIntervals(text, FROM, TO))).toEqual([
      ["2026-03-13T09:00:00.000Z", "2026-03-13T10:00:00.000Z"],
    ]);
  });

  it("reads TZID times with the file's VTIMEZONE across the March and October changes", () => {
    const text = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      ...MADRID_VTIMEZONE,
      "BEGIN:VEVENT",
      "UID:z",
      "DTSTART;TZID=Europe/Madrid:20260328T100000",
      "DTEND;TZID=Europe/Madrid:20260328T110000",
      "RRULE:FREQ=DAILY;COUNT=2",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:o",
      "DTSTART;TZID=Europe/Madrid:20261024T100000",
      "DTEND;TZID=Europe/Madrid:20261024T110000",
      "RRULE:FREQ=DAILY;COUNT=2",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    expect(iso(busyIntervals(text, FROM, TO))).toEqual([
      ["2026-03-28T09:00:00.000Z", "2026-03-28T10:00:00.000Z"],
      ["2026-03-29T08:00:00.000Z", "2026-03-29T09:00:00.000Z"],
      ["2026-10-24T08:00:00.000Z", "2026-10-24T09:00:00.000Z"],
      ["2026-10-25T09:00:00.000Z", "2026-10-25T10:00:00.000Z"],
    ]);
  });

  it("reads a TZID without VTIMEZONE and floating times as Madrid wall-clock time", () => {
    const text = ics(
      [
        "UID:m",
        "DTSTART;TZID=Europe/Madrid:20260329T100000",
        "DTEND;TZID=Europe/Madrid:20260329T110000",
      ],
      ["UID:f", "DTSTART:20261025T100000", "DTEND:20261025T110000"],
      [
        "UID:u",
        "DTSTART;TZID=Zona inventada:20260328T100000",
        "DTEND;TZID=Zona inventada:20260328T110000",
      ],
    );
    expect(iso(busyIntervals(text, FROM, TO))).toEqual([
      ["2026-03-28T09:00:00.000Z", "2026-03-28T10:00:00.000Z"],
      ["2026-03-29T08:00:00.000Z", "2026-03-29T09:00:00.000Z"],
      ["2026-10-25T09:00:00.000Z", "2026-10-25T10:00:00.000Z"],
    ]);
  });

  it("keeps only times: nothing of a title, place or attendee survives", () => {
    const text = ics([
      "UID:p",
      "SUMMARY:Sesión con Lucía",
      "LOCATION:Calle Mayor 1",
      "ATTENDEE:mailto:lucia@example.com",
      "DTSTART:20260310T090000Z",
      "DTEND:20260310T100000Z",
    ]);
    const [only] = busyIntervals(text, FROM, TO);
    expect(Object.keys(only!).sort()).toEqual(["end", "start"]);
  });

  it("a file that is not a calendar is a Spanish error", () => {
    for (const text of ["", "<html>Hola</html>", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n", "{}"]) {
      expect(() => busyIntervals(text, FROM, TO), text).toThrow(BusyFeedError);
      expect(() => busyIntervals(text, FROM, TO), text).toThrow(MALFORMED_MESSAGE);
    }
  });
});

/** 'YYYYMMDDTHHMMSSZ' for an instant. */
const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, "");

describe("a calendar made to be slow: caps and fast-forward", () => {
  it("a rule repeating every hour since 1900 gives its busy times in the window, at once", () => {
    // Expanded from 1900, 50,000 occurrences end in 1905: nothing in the window was found.
    const text = ics([
      "UID:h",
      "DTSTART:19000101T000000Z",
      "DTEND:19000101T003000Z",
      "RRULE:FREQ=HOURLY",
    ]);
    const started = performance.now();
    const list = busyIntervals(text, FROM, FROM + 24 * 3600_000);
    expect(list).toHaveLength(24);
    expect(iso(list)[0]).toEqual(["2026-03-01T00:00:00.000Z", "2026-03-01T00:30:00.000Z"]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("fast-forwarded rules give the same busy times as expanding from their first occurrence", () => {
    const rules = [
      [
        "UID:a",
        "DTSTART;TZID=Europe/Madrid:20240115T093000",
        "DTEND;TZID=Europe/Madrid:20240115T103000",
        "RRULE:FREQ=DAILY;BYDAY=MO,WE,FR",
        "EXDATE;TZID=Europe/Madrid:20260304T093000",
      ],
      [
        "UID:a",
        "RECURRENCE-ID;TZID=Europe/Madrid:20260306T093000",
        "DTSTART;TZID=Europe/Madrid:20260306T170000",
        "DTEND;TZID=Europe/Madrid:20260306T180000",
      ],
      [
        "UID:b",
        "DTSTART:20240102T160000",
        "DTEND:20240102T170000",
        "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH",
      ],
      [
        "UID:c",
        "DTSTART:20250601T040000Z",
        "DTEND:20250601T043000Z",
        "RRULE:FREQ=HOURLY;INTERVAL=5;BYHOUR=9,14,19",
      ],
      [
        "UID:d",
        "DTSTART:20260105T001000Z",
        "DTEND:20260105T002000Z",
        "RRULE:FREQ=MINUTELY;INTERVAL=97;BYDAY=SA",
      ],
      [
        "UID:e",
        "DTSTART:20260220T000003Z",
        "DTEND:20260220T000503Z",
        "RRULE:FREQ=SECONDLY;INTERVAL=7919",
      ],
      [
        "UID:f",
        "DTSTART;VALUE=DATE:20240105",
        "RRULE:FREQ=WEEKLY;BYDAY=FR",
        "EXDATE;VALUE=DATE:20260313",
      ],
      [
        "UID:g",
        "DTSTART;TZID=Europe/Madrid:20241027T023000",
        "DTEND;TZID=Europe/Madrid:20241027T033000",
        "RRULE:FREQ=DAILY;INTERVAL=3;UNTIL=20260320T000000Z",
      ],
      [
        "UID:h",
        "DTSTART;TZID=Europe/Madrid:20250330T013000",
        "DTEND;TZID=Europe/Madrid:20250330T033000",
        "RRULE:FREQ=HOURLY;INTERVAL=25",
      ],
      [
        "UID:i",
        "DTSTART:20240301T080000Z",
        "DTEND:20240301T120000Z",
        "RRULE:FREQ=WEEKLY;BYDAY=SU;WKST=SU;INTERVAL=3",
      ],
    ];
    const to = Date.parse("2026-04-15T00:00:00Z");
    for (const uid of "abcdefghi") {
      const text = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        ...MADRID_VTIMEZONE,
        ...rules
          .filter((lines) => lines[0] === `UID:${uid}`)
          .flatMap((lines) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"]),
        "END:VCALENDAR",
      ].join("\r\n");
      const fast = busyIntervals(text, FROM, to);
      expect(fast.length, uid).toBeGreaterThan(0);
      expect(fast, uid).toEqual(busyIntervals(text, FROM, to, { fastForward: false }));
    }
  });

  it("an event with more moved occurrences than the cap (42,000) is skipped, quickly; the others stay", () => {
    const day = 24 * 3600_000;
    const first = Date.parse("2026-03-02T09:00:00Z");
    const overrides = Array.from({ length: 42_000 }, (_, i) => [
      "UID:muchas",
      `RECURRENCE-ID:${stamp(first + i * day)}`,
      `DTSTART:${stamp(first + i * day + 3600_000)}`,
      `DTEND:${stamp(first + i * day + 7200_000)}`,
    ]);
    const text = ics(
      [
        "UID:muchas",
        `DTSTART:${stamp(first)}`,
        `DTEND:${stamp(first + 3600_000)}`,
        "RRULE:FREQ=DAILY",
      ],
      ...overrides,
      ["UID:normal", "DTSTART:20260310T090000Z", "DTEND:20260310T100000Z"],
    );
    expect(overrides.length).toBeGreaterThan(MAX_OVERRIDES_PER_EVENT);
    const started = performance.now();
    expect(iso(busyIntervals(text, FROM, TO))).toEqual([
      ["2026-03-10T09:00:00.000Z", "2026-03-10T10:00:00.000Z"],
    ]);
    expect(performance.now() - started).toBeLessThan(8_000);
  });

  it("an event with more RDATE and EXDATE values than the cap is skipped, quickly", () => {
    const values = Array.from({ length: 50_000 }, (_, i) =>
      stamp(Date.parse("2020-01-01T09:00:00Z") + i * 3600_000),
    );
    expect(values.length).toBeGreaterThan(MAX_DATES_PER_EVENT);
    const text = ics(
      [
        "UID:fechas",
        "DTSTART:20260302T090000Z",
        "DTEND:20260302T100000Z",
        "RRULE:FREQ=DAILY;COUNT=3",
        `EXDATE:${values.join(",")}`,
      ],
      ["UID:normal", "DTSTART:20260310T090000Z", "DTEND:20260310T100000Z"],
    );
    const started = performance.now();
    expect(iso(busyIntervals(text, FROM, TO))).toEqual([
      ["2026-03-10T09:00:00.000Z", "2026-03-10T10:00:00.000Z"],
    ]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("time zones beyond the caps (50 of 1,000 observances) are ignored: their times are Madrid's", () => {
    const zones = Array.from({ length: 50 }, (_, z) => [
      "BEGIN:VTIMEZONE",
      `TZID:Zona ${z}`,
      ...Array.from({ length: 1_000 }, (_, k) => [
        "BEGIN:STANDARD",
        `DTSTART:${1900 + (k % 100)}0${(k % 9) + 1}01T020000`,
        "TZOFFSETFROM:+0200",
        "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
        "END:STANDARD",
      ]).flat(),
      "END:VTIMEZONE",
    ]);
    expect(1_000).toBeGreaterThan(MAX_OBSERVANCES_PER_ZONE);
    const text = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      ...zones.flat(),
      ...Array.from({ length: 50 }, (_, z) => [
        "BEGIN:VEVENT",
        `UID:z${z}`,
        `DTSTART;TZID=Zona ${z}:20260310T090000`,
        `DTEND;TZID=Zona ${z}:20260310T100000`,
        "END:VEVENT",
      ]).flat(),
      "END:VCALENDAR",
    ].join("\r\n");
    const started = performance.now();
    const list = iso(busyIntervals(text, FROM, TO));
    // With the zone (+02:00) 09:00 would be 07:00 UTC; in Madrid (+01:00 in March) it is 08:00.
    expect(list).toHaveLength(50);
    expect(new Set(list.map((i) => i.join()))).toEqual(
      new Set(["2026-03-10T08:00:00.000Z,2026-03-10T09:00:00.000Z"]),
    );
    expect(performance.now() - started).toBeLessThan(8_000);
  });

  it("a zone whose rules take too long to compute is ignored; a time in year 9999 expands no zone", () => {
    const zone = (tzid: string, rule: string) => [
      "BEGIN:VTIMEZONE",
      `TZID:${tzid}`,
      "BEGIN:STANDARD",
      "DTSTART:16010101T030000",
      "TZOFFSETFROM:+0200",
      "TZOFFSETTO:+0200",
      rule,
      "END:STANDARD",
      "END:VTIMEZONE",
    ];
    const text = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      // A change every minute since 1601: not a time zone.
      ...zone("Cada minuto", "RRULE:FREQ=MINUTELY"),
      // Outlook's way (a yearly rule from 1601): kept.
      ...zone("Romance Standard Time", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10"),
      "BEGIN:VEVENT",
      "UID:m",
      "DTSTART;TZID=Cada minuto:20260310T090000",
      "DTEND;TZID=Cada minuto:20260310T100000",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:o",
      "DTSTART;TZID=Romance Standard Time:20260311T090000",
      "DTEND;TZID=Romance Standard Time:20260311T100000",
      "END:VEVENT",
      // Each later year made ical.js compute the zone's changes again, until that year.
      ...Array.from({ length: 60 }, (_, i) => [
        "BEGIN:VEVENT",
        `UID:lejos${i}`,
        `DTSTART;TZID=Romance Standard Time:${4000 + i * 100}0101T090000`,
        `DTEND;TZID=Romance Standard Time:${4000 + i * 100}0101T100000`,
        "END:VEVENT",
      ]).flat(),
      "END:VCALENDAR",
    ].join("\r\n");
    const started = performance.now();
    expect(iso(busyIntervals(text, FROM, TO))).toEqual([
      ["2026-03-10T08:00:00.000Z", "2026-03-10T09:00:00.000Z"],
      ["2026-03-11T07:00:00.000Z", "2026-03-11T08:00:00.000Z"],
    ]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
