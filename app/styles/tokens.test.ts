import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COLORS } from "./tokens";

describe("colour tokens", () => {
  it("are the --color-* tokens of app.css, one for one", () => {
    const css = fs.readFileSync(path.join(import.meta.dirname, "app.css"), "utf8");
    const fromCss = Object.fromEntries(
      [...css.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{6});/g)].map(([, name, value]) => [
        name!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
        value,
      ]),
    );
    expect(Object.keys(fromCss).length).toBeGreaterThan(10);
    expect(COLORS).toEqual(fromCss);
  });
});
