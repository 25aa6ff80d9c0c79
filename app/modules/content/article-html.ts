import { suggestSlug } from "~/utils/slug";
import { renderMarkdown } from "./markdown";

/**
 * A subheading's id starts with this, so it never meets an id of the page around it (a label's
 * target) nor becomes a global variable a script relies on (an element id is one: `gtag`).
 */
const ID_PREFIX = "seccion-";
/** Articles with this many subheadings (h2 and h3) open with a table of contents. */
export const TOC_MIN_HEADINGS = 3;

export interface TocEntry {
  id: string;
  /** The subheading's inner HTML (escaped text and inline marks), as rendered. */
  html: string;
  level: 2 | 3;
}

/**
 * An article's body as the public page shows it: the rendered Markdown with an id on each h2/h3
 * (linkable sections) and, when it has TOC_MIN_HEADINGS subheadings or more, a table of contents
 * before it. Everything is built on the server into the one HTML string the page already shows:
 * the page's JavaScript does not grow.
 */
export function articleHtml(source: string): { html: string; toc: TocEntry[] } {
  const body = renderMarkdown(source);
  const toc: TocEntry[] = [];
  // Ids given, and each base's last counter: duplicates get -2, -3… without rescanning.
  const used = new Set<string>();
  const given = new Map<string, number>();
  // The renderer writes headings as <hN>…</hN> with everything inside escaped or inline marks.
  const html = body.replace(/<h([23])>([\s\S]*?)<\/h\1>/g, (_, level: string, inner: string) => {
    const text = inner.replace(/<[^>]+>/g, "");
    const base = ID_PREFIX + (suggestSlug(decodeEntities(text)) || "sin-titulo");
    let n = given.get(base) ?? 0;
    let id: string;
    do {
      n += 1;
      id = n === 1 ? base : `${base}-${n}`;
    } while (used.has(id));
    given.set(base, n);
    used.add(id);
    toc.push({ id, html: inner, level: level === "2" ? 2 : 3 });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  if (toc.length < TOC_MIN_HEADINGS) return { html, toc: [] };
  return { html: tocNav(toc) + html, toc };
}

function tocNav(toc: TocEntry[]) {
  const items = toc
    .map(
      (e) =>
        `<li${e.level === 3 ? ' class="ml-5"' : ""}><a href="#${e.id}">${e.html.replace(/<\/?a\b[^>]*>/g, "")}</a></li>`,
    )
    .join("");
  return (
    `<nav aria-labelledby="indice" class="rounded-card border border-border bg-surface p-5">` +
    `<h2 id="indice" class="text-h3 mt-0">En este artículo</h2>` +
    `<ol class="mt-3 list-none pl-0 space-y-2">${items}</ol></nav>`
  );
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
function decodeEntities(text: string) {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);
}
