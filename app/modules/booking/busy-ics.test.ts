import { describe, expect, it } from "vitest";
import { BusyFeedError, busyIntervals, MALFORMED_MESSAGE } from "./busy-ics";

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
