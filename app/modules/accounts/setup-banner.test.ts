import { describe, expect, it } from "vitest";
import { setupBanner } from "./setup-banner";

describe("the first-run setup banner", () => {
  const link =
    "http://localhost:3000/auth/configurar?token=Zq3-x_9aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789";
  const banner = setupBanner(link, 7);
  const lines = banner.split("\n");

  it("is a closed frame: every line as wide as the others, corners where they belong", () => {
    const widths = new Set(lines.map((line) => [...line].length));
    expect(widths.size).toBe(1);
    expect(lines[0]).toMatch(/^┌─+┐$/);
    expect(lines.at(-1)).toMatch(/^└─+┘$/);
    for (const line of lines.slice(1, -1)) expect(line).toMatch(/^│ .* │$/);
  });

  it("has the link whole, on a line of its own, with Spanish words around it", () => {
    expect(lines).toContain(`│ ${link}${" ".repeat([...lines[0]!].length - link.length - 4)} │`);
    expect(banner).toContain("crear la cuenta de administrador");
    expect(banner).toContain("caduca en 7 días");
    // Plain text, not a JSON log record.
    expect(banner).not.toMatch(/[{}"]/);
  });

  it("grows with a longer link instead of cutting it", () => {
    const long = `https://consulta.example.com/${"a".repeat(150)}`;
    expect(setupBanner(long, 7)).toContain(long);
  });
});
