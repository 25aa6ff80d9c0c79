import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import { describe, expect, it } from "vitest";

/**
 * Every date and time a person reads is Madrid's, whatever the zone of the server process: the
 * formatters run in separate Node processes started with different TZ values and must print the
 * same text (which is Madrid's, checked against known instants on both sides of the clock changes).
 */
const PROBE = `
import { formatDateTime, formatDay, formatShortDateTime, madridHour } from "~/utils/format-time";
import { todayInMadrid } from "~/modules/blog/article-form";
import { madridMidnight } from "~/platform/audit.server";
const instants = ["2025-07-01T22:30:00Z", "2025-10-26T00:59:00Z", "2025-10-26T01:00:00Z",
  "2025-03-30T00:59:00Z", "2025-03-30T01:00:00Z", "2025-12-31T23:30:00Z"];
console.log(JSON.stringify({
  tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  short: instants.map(formatShortDateTime),
  long: instants.map((i) => formatDateTime(new Date(i))),
  day: instants.map(formatDay),
  hour: instants.map(madridHour),
  today: instants.map((i) => todayInMadrid(new Date(i))),
  midnight: ["2025-03-30", "2025-10-26", "2025-07-01"].map((d) => madridMidnight(d)?.toISOString()),
}));
`;

function runIn(tz: string, script: string) {
  const out = execFileSync(process.execPath, [script], {
    env: { ...process.env, TZ: tz },
    encoding: "utf8",
  });
  return JSON.parse(out) as Record<string, unknown>;
}

describe("times in Europe/Madrid whatever the process's zone", () => {
  it("prints the same Madrid text under TZ=UTC, America/New_York and Asia/Tokyo", () => {
    const dir = path.resolve("node_modules/.cache/time-zones-test");
    fs.mkdirSync(dir, { recursive: true });
    const script = path.join(dir, `probe-${process.pid}.mjs`);
    buildSync({
      stdin: { contents: PROBE, resolveDir: path.resolve("app"), loader: "ts" },
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      alias: { "~": path.resolve("app") },
      outfile: script,
      logLevel: "silent",
    });
    try {
      const [utc, newYork, tokyo] = ["UTC", "America/New_York", "Asia/Tokyo"].map((tz) =>
        runIn(tz, script),
      );
      // The processes really ran in those zones.
      expect([utc!.tz, newYork!.tz, tokyo!.tz]).toEqual(["UTC", "America/New_York", "Asia/Tokyo"]);
      const text = ({ tz: _, ...rest }: Record<string, unknown>) => rest;
      expect(text(newYork!)).toEqual(text(utc!));
      expect(text(tokyo!)).toEqual(text(utc!));
      expect(utc).toMatchObject({
        short: [
          "02 jul 2025, 00:30",
          "26 oct 2025, 02:59",
          "26 oct 2025, 02:00",
          "30 mar 2025, 01:59",
          "30 mar 2025, 03:00",
          "01 ene 2026, 00:30",
        ],
        hour: [0, 2, 2, 1, 3, 0],
        today: ["2025-07-02", "2025-10-26", "2025-10-26", "2025-03-30", "2025-03-30", "2026-01-01"],
        midnight: [
          "2025-03-29T23:00:00.000Z",
          "2025-10-25T22:00:00.000Z",
          "2025-06-30T22:00:00.000Z",
        ],
      });
    } finally {
      fs.rmSync(script, { force: true });
    }
  });
});
