import { describe, expect, it } from "vitest";
import { formatLongDate, formatShortDate, greetingFor, guessPlatform, plural } from "./format";

describe("format", () => {
  it("greets by the hour with the product's boundaries", () => {
    expect(greetingFor(0)).toBe("Buenos días");
    expect(greetingFor(11)).toBe("Buenos días");
    expect(greetingFor(12)).toBe("Buenas tardes");
    expect(greetingFor(17)).toBe("Buenas tardes");
    expect(greetingFor(18)).toBe("Buenas noches");
  });
  it("writes dates in Spanish without shifting calendar dates", () => {
    expect(formatShortDate("2025-03-05")).toBe("05 mar 2025");
    expect(formatLongDate("2024-12-31")).toBe("31 de diciembre de 2024");
    // The fixed month table writes what Intl writes for es-ES, every month.
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2025, month, 5, 12));
      const calendar = date.toISOString().slice(0, 10);
      const intl = (options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat("es-ES", { ...options, timeZone: "Europe/Madrid" }).format(date);
      expect(formatLongDate(calendar)).toBe(
        intl({ day: "numeric", month: "long", year: "numeric" }),
      );
      expect(formatShortDate(calendar)).toBe(
        `05 ${intl({ month: "short" }).replace(".", "")} 2025`,
      );
    }
  });
  it("guesses the platform", () => {
    expect(guessPlatform("Mozilla/5.0 (Windows NT 10.0; Win64; x64)")).toBe("Windows");
    expect(guessPlatform("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)")).toBe("MacOS");
    expect(guessPlatform("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe("iOS");
  });
  it("writes Spanish plurals: the singular for exactly one, as Intl.PluralRules says", () => {
    expect(plural(0, "mensaje", "mensajes")).toBe("0 mensajes");
    expect(plural(1, "mensaje", "mensajes")).toBe("1 mensaje");
    expect(plural(2, "pendiente", "pendientes")).toBe("2 pendientes");
    expect(plural(1, "reseña pendiente", "reseñas pendientes")).toBe("1 reseña pendiente");
    const rules = new Intl.PluralRules("es");
    for (let n = 0; n <= 200; n++) {
      expect(plural(n, "uno", "otros").endsWith(" uno")).toBe(rules.select(n) === "one");
    }
  });
});
