import { Marked, type Tokens } from "marked";
import { escapeHtml } from "~/utils/escape";

/**
 * Markdown to HTML for articles and content pages, made inert: raw HTML in the source is shown as
 * text, only http(s), mailto, tel and site-relative links survive, external links open safely.
 * Safe in the browser too (the admin preview renders with the same function).
 */
const SAFE_URL = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

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
      // Images come from the article's cover field, never from inline Markdown.
      return escapeHtml(token.text);
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
