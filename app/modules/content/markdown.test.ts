import { describe, expect, it } from "vitest";
import { ARTICLE_MESSAGES, ArticleSchema } from "~/modules/blog/article-form";
import { parseWith } from "~/utils/form-schema";
import { hasBlankImageAlt, renderMarkdown } from "./markdown";
import { hasImageWithoutAlt } from "./urls";

const UPLOAD = "/media/blog/images/1718000000000-paseo-1600.webp";

describe("images in the text of an article", () => {
  it("shows an upload of this site as a responsive, lazy image with its alternative text", () => {
    const html = renderMarkdown(`Antes\n\n![Dos personas caminan](${UPLOAD})\n\nDespués`);
    expect(html).toContain(
      `<p><img src="${UPLOAD}" srcset="/media/blog/images/1718000000000-paseo-480.webp 480w, ` +
        `/media/blog/images/1718000000000-paseo-960.webp 960w, ${UPLOAD} 1600w" ` +
        `sizes="(min-width: 44rem) 40rem, 100vw" alt="Dos personas caminan" loading="lazy" ` +
        `decoding="async"></p>`,
    );
  });

  it("escapes the alternative text", () => {
    const html = renderMarkdown(`![Un "paseo" <script>alert(1)</script> & más](${UPLOAD})`);
    expect(html).toContain(
      'alt="Un &quot;paseo&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; más"',
    );
    expect(html).not.toContain("<script");
  });

  it("shows other site images (the covers) without srcset", () => {
    expect(renderMarkdown("![Portada](/media/portadas/duelo/duelo-como-abordarlo.svg)")).toBe(
      '<p><img src="/media/portadas/duelo/duelo-como-abordarlo.svg" alt="Portada" loading="lazy" decoding="async"></p>\n',
    );
  });

  it("leaves any other image as its alternative text, inert", () => {
    for (const src of [
      "https://ejemplo.com/foto.jpg",
      "//ejemplo.com/foto.jpg",
      "/media/../secretos.png",
      "/otra/carpeta/foto.png",
      "data:image/png;base64,AAAA",
      "javascript:alert(1)",
      "/media/foto.png?x=1",
    ]) {
      const html = renderMarkdown(`![Una <b>foto</b>](${src})`);
      expect(html, src).toBe("<p>Una &lt;b&gt;foto&lt;/b&gt;</p>\n");
    }
  });
});

describe("links in the text of an article", () => {
  it("keep only addresses a browser cannot read as another site or a script", () => {
    const html = renderMarkdown(
      "[a](/blog/x) [b](https://example.com) [c](/\\evil.com) [d](<//evil.com>) [e](javascript:alert(1)) [f](</\t/evil.com>)",
    );
    expect(html).toContain('<a href="/blog/x">a</a>');
    expect(html).toContain('<a href="https://example.com" target="_blank"');
    expect(html.match(/<a /g)).toHaveLength(2);
    expect(html).not.toContain("evil.com");
  });
});

describe("images without alternative text", () => {
  it("are found by the server however they are written", () => {
    const upload = "/media/blog/images/1-a-960.webp";
    for (const source of [
      `![](${upload})`,
      `![][r]\n\n[r]: ${upload}`,
      `![\n](${upload})`,
      `![&nbsp;](${upload})`,
      `Texto\n\n- ![ ](${upload})`,
    ]) {
      expect(hasBlankImageAlt(source), source).toBe(true);
    }
    expect(hasBlankImageAlt(`![Un banco](${upload}) y \\![](${upload})`)).toBe(false);
  });

  it("are found in the Markdown, escaped ones are text", () => {
    expect(hasImageWithoutAlt(`![](${UPLOAD})`)).toBe(true);
    expect(hasImageWithoutAlt(`Texto\n\n![  ](${UPLOAD})`)).toBe(true);
    expect(hasImageWithoutAlt(`Texto ![](${UPLOAD}) texto`)).toBe(true);
    expect(hasImageWithoutAlt(`![Descripción](${UPLOAD})`)).toBe(false);
    expect(hasImageWithoutAlt(`\\![](${UPLOAD})`)).toBe(false);
    expect(hasImageWithoutAlt(`\\\\![](${UPLOAD})`)).toBe(true);
    expect(hasImageWithoutAlt("[](/enlace-vacio)")).toBe(false);
  });

  it("are refused by the article form, in Spanish", () => {
    const article = {
      title: "Un paseo",
      slug: "un-paseo",
      category: "mindfulness",
      image: UPLOAD,
      imageAlt: "Un parque",
      related: [],
      status: "publicado",
    };
    const refused = parseWith(ArticleSchema, { ...article, content: `Hola\n\n![](${UPLOAD})` });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.fieldErrors.content).toEqual([ARTICLE_MESSAGES.contentImageAlt]);
    expect(
      parseWith(ArticleSchema, { ...article, content: `Hola\n\n![Un banco](${UPLOAD})` }).ok,
    ).toBe(true);
  });
});
