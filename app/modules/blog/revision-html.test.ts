import { describe, expect, it } from "vitest";
import { diffMarkdown, markdownBlocks } from "./revision-html.server";

const later = () => Date.now() + 1_000;
/** The HTML without the screen-reader words, for reading what the eye sees. */
const seen = (html: string) => html.replace(/<span class="sr-only">[^<]*<\/span>/g, "");

describe("the article's text compared as it reads (issue #34)", () => {
  it("cuts Markdown into blocks, one per list item", () => {
    expect(
      markdownBlocks("## Título\n\nUn párrafo\nen dos líneas.\n\n- uno\n- dos\n\n1. a\n2. b"),
    ).toEqual(["## Título", "Un párrafo\nen dos líneas.", "- uno", "- dos", "1. a", "2. b"]);
  });

  it("renders headings, bold and lists, with the changed words marked inside", () => {
    const html = diffMarkdown(
      "## Respirar\n\nUn paseo **sin prisa** ordena.\n\n- Sin móvil",
      "## Respirar hondo\n\nUn paseo **sin prisa** ordena las ideas.\n\n- Sin móvil\n- Sin meta",
      later(),
    );
    expect(html).not.toContain("##");
    expect(html).not.toContain("**");
    expect(seen(html)).toMatch(/<h2>Respirar<ins[^>]*> hondo<\/ins><\/h2>/);
    expect(html).toContain("<strong>sin prisa</strong>");
    expect(seen(html)).toMatch(/ordena<ins[^>]*> las ideas<\/ins>\.<\/p>/);
    // A new list item: a whole block added, rendered as a list.
    expect(seen(html)).toMatch(
      /<ins class="block[^"]*">\s*<ul>\s*<li>Sin meta<\/li>\s*<\/ul>\s*<\/ins>/,
    );
    // Screen readers hear what each mark is.
    expect(html).toContain('<span class="sr-only">[Añadido: </span>');
  });

  it("shows a formatting change: the new markup, the removed words struck through", () => {
    const html = seen(diffMarkdown("Hola a todos", "Hola a **todas**", later()));
    expect(html).toMatch(
      /^<p>Hola a <del[^>]*>todos<\/del><strong><ins[^>]*>todas<\/ins><\/strong><\/p>/,
    );
  });

  it("marks a rewritten or retyped block whole: removed, then added", () => {
    const html = seen(
      diffMarkdown("## Antes\n\nTexto", "Otra cosa distinta por completo\n\nTexto", later()),
    );
    expect(html).toMatch(
      /<del class="block[^"]*"><h2>Antes<\/h2>\s*<\/del><ins class="block[^"]*"><p>Otra cosa/,
    );
  });

  it("compares a changed block with the next added block of its kind", () => {
    const html = seen(
      diffMarkdown(
        "Un paseo sin prisa.",
        "## Antes de salir\n\nUn paseo largo sin prisa.",
        later(),
      ),
    );
    expect(html).toMatch(
      /^<ins class="block[^"]*"><h2>Antes de salir<\/h2>\s*<\/ins><p>Un paseo <ins[^>]*>largo <\/ins>sin prisa\.<\/p>/,
    );
  });

  it("leaves out long unchanged stretches, keeping the block next to each change", () => {
    const same = Array.from({ length: 8 }, (_, i) => `Párrafo ${i + 1}.`);
    const html = diffMarkdown(
      [...same, "Final."].join("\n\n"),
      [...same, "Final cambiado."].join("\n\n"),
      later(),
    );
    expect(html).toContain("… 7 párrafos sin cambios …");
    expect(html).toContain("<p>Párrafo 8.</p>");
    expect(html).not.toContain("Párrafo 1.");
    expect(diffMarkdown("Uno\n\nDos\n\nTres", "Uno\n\nDos\n\nTres", later())).toBe(
      '<p class="my-1 text-center text-sm text-muted italic">… 3 párrafos sin cambios …</p>',
    );
  });

  it("keeps raw HTML in the text inert", () => {
    const html = diffMarkdown(
      "Hola",
      'Hola <img src=x onerror="alert(1)"> <script>x</script>',
      later(),
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("out of time, a changed block is shown whole", () => {
    const html = seen(diffMarkdown("Hola a todos", "Hola a todas", Date.now() - 1));
    expect(html).toMatch(
      /^<del class="block[^"]*"><p>Hola a todos<\/p>\s*<\/del><ins class="block[^"]*"><p>Hola a todas<\/p>/,
    );
  });
});
