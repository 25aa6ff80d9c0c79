import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RevisionDiff } from "~/components/admin/revision-diff";
import { diffRevisions, diffText } from "./revision-diff.server";
import type { DiffPart } from "./revisions";

const text = (parts: DiffPart[], kind: DiffPart["kind"]) =>
  parts
    .filter((p) => p.kind === kind)
    .map((p) => ("text" in p ? p.text : ""))
    .join("|");

describe("revision diff", () => {
  it("marks the words added and removed inside a changed line, keeping the rest", () => {
    const parts = diffText(
      "Un paseo sin prisa ordena las ideas.",
      "Un paseo largo sin prisa aclara las ideas.",
      true,
    );
    expect(text(parts, "added")).toBe("largo |aclara");
    expect(text(parts, "removed")).toBe("ordena");
    // Put back together, the parts give each text again.
    const rebuilt = (keep: "added" | "removed") =>
      parts.map((p) => (p.kind === "same" || p.kind === keep ? p.text : "")).join("");
    expect(rebuilt("removed")).toBe("Un paseo sin prisa ordena las ideas.");
    expect(rebuilt("added")).toBe("Un paseo largo sin prisa aclara las ideas.");
  });

  it("shows a rewritten block as removed then added, not as a word salad", () => {
    const parts = diffText("Primera versión del párrafo.\n", "Otra cosa totalmente distinta.\n");
    expect(parts.map((p) => p.kind)).toEqual(["removed", "added"]);
  });

  it("leaves out long unchanged stretches, keeping two lines around each change", () => {
    const lines = Array.from({ length: 30 }, (_, i) => `Línea ${i + 1}`);
    const after = [...lines];
    after[14] = "Línea quince, cambiada";
    const parts = diffText(lines.join("\n"), after.join("\n"));
    const skipped = parts.filter((p) => p.kind === "skipped");
    expect(skipped).toEqual([
      { kind: "skipped", lines: 12 },
      { kind: "skipped", lines: 13 },
    ]);
    expect(text(parts, "same")).toContain("Línea 13\nLínea 14\n");
    expect(text(parts, "same")).toContain("Línea 16\nLínea 17\n");
    expect(text(parts, "added")).toContain("quince, cambiada");
  });

  it("compares title, summary and text; line endings are not a change", () => {
    const fields = diffRevisions(
      { title: "Título", excerpt: "Resumen", content: "Uno\r\ndos" },
      { title: "Título nuevo", excerpt: "Resumen", content: "Uno\ndos" },
    );
    expect(fields.map((f) => [f.field, f.label, f.changed])).toEqual([
      ["title", "Título", true],
      ["excerpt", "Resumen", false],
      ["content", "Contenido", false],
    ]);
  });

  it("renders insertions and deletions with marks and words for screen readers", () => {
    const html = renderToStaticMarkup(
      createElement(RevisionDiff, {
        fields: diffRevisions(
          { title: "Respirar <despacio>", excerpt: "", content: "Hola" },
          { title: "Respirar hondo", excerpt: "", content: "Hola" },
        ),
      }),
    );
    expect(html).toMatch(/<ins[^>]*><span class="sr-only">\[Añadido: <\/span>hondo/);
    expect(html).toMatch(/<del[^>]*><span class="sr-only">\[Eliminado: <\/span>&lt;despacio&gt;/);
    expect(html).toContain("Contenido<span");
    expect(html).toContain("(sin cambios)");
    expect(html).not.toContain("<despacio>");
  });
});
