import { describe, expect, it } from "vitest";
import { articleHtml } from "./article-html";

describe("article body with linkable sections and a table of contents", () => {
  it("opens with a table of contents from three subheadings, linking each section", () => {
    const { html, toc } = articleHtml(
      "Intro.\n\n## Qué es la ansiedad\n\nTexto.\n\n### Señales *físicas*\n\nMás.\n\n## Qué hacer\n\nFin.\n\n## Qué hacer\n\nOtra vez.",
    );
    expect(toc.map((e) => [e.id, e.level])).toEqual([
      ["seccion-que-es-la-ansiedad", 2],
      ["seccion-señales-fisicas", 3],
      ["seccion-que-hacer", 2],
      ["seccion-que-hacer-2", 2],
    ]);
    expect(html.startsWith('<nav aria-labelledby="indice"')).toBe(true);
    expect(html).toContain('<h2 id="indice" class="text-h3 mt-0">En este artículo</h2>');
    expect(html).toContain('<a href="#seccion-señales-fisicas">Señales <em>físicas</em></a>');
    expect(html).toContain('<h3 id="seccion-señales-fisicas">Señales <em>físicas</em></h3>');
    expect(html).toContain('<h2 id="seccion-que-hacer-2">Qué hacer</h2>');
  });

  it("has no table of contents below three subheadings, but the sections keep their ids", () => {
    const { html, toc } = articleHtml("## Uno\n\nA.\n\n## Dos\n\nB.");
    expect(toc).toEqual([]);
    expect(html).not.toContain("<nav");
    expect(html).toContain('<h2 id="seccion-uno">Uno</h2>');
  });

  it("never gives a section an id the page uses, and keeps escaped text escaped", () => {
    const { html } = articleHtml(
      "## Compartir\n\n## <script>alert(1)</script>\n\n## [Enlace](https://example.com)\n\n## gtag",
    );
    expect(html).toContain('<h2 id="seccion-compartir">Compartir</h2>');
    // An id is a global variable: never one a script of the page relies on.
    expect(html).toContain('<h2 id="seccion-gtag">gtag</h2>');
    expect(html).not.toContain("<script>");
    // A link inside a subheading is not nested inside the contents' own link.
    expect(html).toMatch(/<li><a href="#seccion-enlace">Enlace<\/a><\/li>/);
  });

  it("gives thousands of repeated subheadings their ids in one pass", () => {
    const source = "## Igual\n\n".repeat(5_000) + "## Igual 2\n\n## Igual";
    const started = performance.now();
    const { toc } = articleHtml(source);
    expect(performance.now() - started).toBeLessThan(1_000);
    const ids = toc.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 2)).toEqual(["seccion-igual", "seccion-igual-2"]);
  });
});
