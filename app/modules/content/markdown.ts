import { Marked, type Tokens } from "marked";
import { responsiveImage } from "~/modules/media/responsive";
import { escapeHtml } from "~/utils/escape";
import { isSiteImage, SAFE_URL } from "./urls";

/**
 * Markdown to HTML for articles and content pages, made inert: raw HTML in the source is shown as
 * text, only http(s), mailto, tel and site-relative links survive, external links open safely,
 * only this site's images (`/media/…`) are shown (any other image is its alternative text).
 * Safe in the browser too, but public pages call it in their loaders (no JavaScript for it).
 */

/** An image in the text spans the reading column (68ch, about 40rem) or the whole screen. */
export const INLINE_IMAGE_SIZES = "(min-width: 44rem) 40rem, 100vw";

const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      const href = token.href.trim();
      if (!SAFE_URL.test(href)) return text;
      const external = /^https?:\/\//i.test(href);
      const attrs = external ? ' target="_blank" rel="noopener noreferrer"' : "";
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
      return `<a href="${escapeHtml(href)}"${title}${attrs}>${text}</a>`;
    },
    image(token: Tokens.Image) {
      const src = token.href.trim();
      if (!isSiteImage(src)) return escapeHtml(token.text);
      // Uploads come in several widths (media/responsive.ts); their height is not in the text,
      // so the reading column's CSS keeps the aspect ratio (height auto).
      const { srcSet, sizes } = responsiveImage(src, INLINE_IMAGE_SIZES);
      const responsive = srcSet ? ` srcset="${escapeHtml(srcSet)}" sizes="${sizes}"` : "";
      return `<img src="${escapeHtml(src)}"${responsive} alt="${escapeHtml(token.text)}" loading="lazy" decoding="async">`;
    },
    heading(
      this: { parser: { parseInline(tokens: Tokens.Generic[]): string } },
      token: Tokens.Heading,
    ) {
      // The page has its own <h1>: Markdown headings start at <h2>.
      const level = Math.min(Math.max(token.depth, 2), 4);
      return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
    },
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false });
}

/**
 * Whether the Markdown shows an image whose alternative text is blank, read the way the page
 * renders it (reference images `![][r]`, a line break or `&nbsp;` between the brackets): the
 * server's check on saving. The article form's quick check (`hasImageWithoutAlt`) sees only the
 * plain `![](…)`.
 */
export function hasBlankImageAlt(source: string): boolean {
  let blank = false;
  marked.walkTokens(marked.lexer(source), (token) => {
    if (token.type !== "image") return;
    const alt = (token as Tokens.Image).text.replace(/&(?:nbsp|#160|#xa0);/gi, " ");
    if (alt.trim() === "") blank = true;
  });
  return blank;
}
