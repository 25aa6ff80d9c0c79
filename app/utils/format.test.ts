import { describe, expect, it } from "vitest";
import { formatLongDate, formatShortDate, greetingFor, guessPlatform } from "./format";

describe("format", () => {
  it("greets by the hour with the spec's boundaries", () => {
    expect(greetingFor(0)).toBe("Buenos días");
    expect(greetingFor(11)).toBe("Buenos días");
    expect(greetingFor(12)).toBe("Buenas tardes");
    expect(greetingFor(17)).toBe("Buenas tardes");
    expect(greetingFor(18)).toBe("Buenas noches");
  });
  it("writes dates in Spanish without shifting calendar dates", () => {
    expect(formatShortDate("2025-03-05")).toBe("05 mar 2025");
    expect(formatLongDate("2024-12-31")).toBe("31 de diciembre de 2024");
  });
  it("guesses the platform", () => {
    expect(guessPlatform("Mozilla/5.0 (Windows NT 10.0; Win64; x64)")).toBe("Windows");
    expect(guessPlatform("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)")).toBe("MacOS");
    expect(guessPlatform("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe("iOS");
  });
});
