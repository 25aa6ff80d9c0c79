import { describe, expect, it } from "vitest";
import {
  formatDateTime,
  formatDay,
  formatShortDateTime,
  formatTime,
  madridHour,
} from "./format-time";

// Run in the machine's zone; tests/integration/time-zones.test.ts runs the same formatters in
// processes under TZ=UTC, America/New_York and Asia/Tokyo.
describe("instants in Madrid time", () => {
  it("prints the same text whatever the process's zone", () => {
    // Summer (CEST, UTC+2): late evening in UTC is already the next day in Madrid.
    expect(formatShortDateTime("2025-07-01T22:30:00Z")).toBe("02 jul 2025, 00:30");
    expect(formatTime("2025-07-01T22:30:00Z")).toBe("00:30");
    expect(formatDateTime(new Date("2025-07-01T22:30:00Z"))).toBe("2 de julio de 2025, 00:30");
    // Winter (CET, UTC+1), and both sides of the October change.
    expect(formatShortDateTime(new Date("2025-01-15T12:05:00Z"))).toBe("15 ene 2025, 13:05");
    expect(formatShortDateTime("2025-10-26T00:59:00Z")).toBe("26 oct 2025, 02:59");
    expect(formatShortDateTime("2025-10-26T01:00:00Z")).toBe("26 oct 2025, 02:00");
    expect(formatDay(new Date("2025-12-31T23:30:00Z"))).toBe("01 ene 2026");
    expect(formatDay("2025-09-14T10:00:00Z")).toBe("14 sept 2025");
    expect(madridHour(new Date("2025-03-30T01:00:00Z"))).toBe(3);
  });
});
