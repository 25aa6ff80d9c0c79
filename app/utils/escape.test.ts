import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape";

describe("escapeHtml", () => {
  it("escapes the five characters markup gives a meaning to, ampersands first", () => {
    expect(escapeHtml(`<a href="x">O'Neil & co</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;O&#39;Neil &amp; co&lt;/a&gt;",
    );
    expect(escapeHtml("&lt;")).toBe("&amp;lt;");
  });

  it("leaves other text as it is", () => {
    expect(escapeHtml("Psicóloga · Nº 123 — ¿sí?")).toBe("Psicóloga · Nº 123 — ¿sí?");
  });
});
