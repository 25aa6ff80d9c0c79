import { diffArrays } from "diff";
import { Lexer, type Tokens } from "marked";
import { renderMarkdown } from "~/modules/content/markdown";
import { plural } from "~/utils/format";

/*
 * An article's text compared as it reads (issue #34): headings, bold, lists and links rendered,
 * with what was added and removed marked inside. The Markdown is cut into blocks (a paragraph, a
 * heading, a quote, each list item), the blocks are compared, and a changed block is compared word
 * by word on its rendered HTML: the new block's tags are all kept (so the markup is the new
 * text's, well nested), the removed words sit among them struck through, the removed tags are
 * left out. The HTML comes from renderMarkdown (inert: raw HTML in the source is shown as text);
 * the only tags added are <ins>, <del> and their screen-reader words.
 */

/** Unchanged blocks shown around a change; longer unchanged stretches are left out. */
const CONTEXT_BLOCKS = 1;
/** Below this share of words in common, a changed block reads better as removed then added. */
const MIN_COMMON = 0.4;

const SR_OPEN = {
  added: '<span class="sr-only">[Añadido: </span>',
  removed: '<span class="sr-only">[Eliminado: </span>',
};
const SR_CLOSE = '<span class="sr-only">]</span>';
const INLINE = {
  added:
    '<ins class="bg-success-soft text-ink underline decoration-success decoration-2 underline-offset-2">',
  removed: '<del class="bg-danger-soft text-ink line-through decoration-danger decoration-2">',
};
const BLOCK = {
  added:
    '<ins class="block rounded-field border-l-4 border-success bg-success-soft px-3 py-px text-ink underline decoration-success decoration-2 underline-offset-2">',
  removed:
    '<del class="block rounded-field border-l-4 border-danger bg-danger-soft px-3 py-px text-ink line-through decoration-danger decoration-2">',
};
const CLOSE = { added: "</ins>", removed: "</del>" };

type Kind = "added" | "removed";

const mark = (kind: Kind, html: string) =>
  `${INLINE[kind]}${SR_OPEN[kind]}${html}${SR_CLOSE}${CLOSE[kind]}`;
const markBlock = (kind: Kind, html: string) =>
  `${BLOCK[kind]}${SR_OPEN[kind]}${html}${SR_CLOSE}${CLOSE[kind]}`;

/** The Markdown's blocks, as Markdown: each paragraph, heading, quote…, and each list item. */
export function markdownBlocks(source: string): string[] {
  const blocks: string[] = [];
  for (const token of Lexer.lex(source.replace(/\r\n?/g, "\n"), { gfm: true })) {
    if (token.type === "space") continue;
    if (token.type === "list") {
      for (const item of (token as Tokens.List).items) blocks.push(item.raw.trim());
    } else {
      blocks.push(token.raw.trim());
    }
  }
  return blocks.filter(Boolean);
}

/** Tags, words, runs of white space and single signs (punctuation) of a piece of HTML. */
const tokens = (html: string) => html.match(/<[^>]*>|[\p{L}\p{N}_]+|\s+|[^<\s]/gu) ?? [];
/** The element a rendered block is (p, h2, ul, ol, blockquote…): blocks pair only with their kind. */
const kindOf = (html: string) => /^<(\w+)/.exec(html)?.[1] ?? "";

/** Tokens added or removed: their words marked, added tags kept, removed tags left out. */
function changed(kind: Kind, list: string[]) {
  let out = "";
  let words = "";
  const flush = () => {
    if (words.trim()) out += mark(kind, words);
    else if (kind === "added") out += words;
    words = "";
  };
  for (const token of list) {
    if (!token.startsWith("<")) {
      words += token;
      continue;
    }
    flush();
    if (/^<img\b/i.test(token)) out += mark(kind, token);
    else if (kind === "added") out += token;
  }
  flush();
  return out;
}

/** Two rendered blocks of the same kind word by word, or null when little is shared or time is up. */
function wordDiff(before: string, after: string, deadline: number): string | null {
  const left = deadline - Date.now();
  if (left <= 0) return null;
  const changes = diffArrays(tokens(before), tokens(after), { timeout: left });
  if (!changes) return null;
  const textLength = (list: string[]) =>
    list.filter((t) => !t.startsWith("<")).reduce((n, t) => n + t.length, 0);
  const common = changes.filter((c) => !c.added && !c.removed);
  const shared = common.reduce((n, c) => n + textLength(c.value), 0);
  if (shared < MIN_COMMON * Math.max(textLength(tokens(before)), textLength(tokens(after)))) {
    return null;
  }
  return changes
    .map((c) =>
      c.added
        ? changed("added", c.value)
        : c.removed
          ? changed("removed", c.value)
          : c.value.join(""),
    )
    .join("");
}

type Entry = { same: true; html: string } | { same: false; html: string };

/**
 * Removed blocks and the added blocks that replace them: each removed block is compared word by
 * word with the next added block of its kind (a paragraph with a paragraph, an h2 with an h2);
 * the blocks left over are shown whole.
 */
function replaced(removed: string[], added: string[], deadline: number): Entry[] {
  const entries: Entry[] = [];
  const before = removed.map(renderMarkdown);
  const after = added.map(renderMarkdown);
  const whole = (kind: Kind, html: string) =>
    entries.push({ same: false, html: markBlock(kind, html) });
  let next = 0;
  for (const old of before) {
    let match = next;
    while (match < after.length && kindOf(after[match]!) !== kindOf(old)) match++;
    const words = match < after.length ? wordDiff(old, after[match]!, deadline) : null;
    if (words === null) {
      whole("removed", old);
      continue;
    }
    for (const html of after.slice(next, match)) whole("added", html);
    entries.push({ same: false, html: words });
    next = match + 1;
  }
  for (const html of after.slice(next)) whole("added", html);
  return entries;
}

const skipped = (count: number) =>
  `<p class="my-1 text-center text-sm text-muted italic">… ${plural(count, "párrafo sin cambios", "párrafos sin cambios")} …</p>`;

/** Unchanged blocks, keeping only those next to a change. */
function keepContext(entries: Entry[]): string {
  let out = "";
  let i = 0;
  while (i < entries.length) {
    if (!entries[i]!.same) {
      out += entries[i]!.html;
      i++;
      continue;
    }
    let end = i;
    while (end < entries.length && entries[end]!.same) end++;
    const run = entries.slice(i, end);
    const head = i === 0 ? 0 : CONTEXT_BLOCKS;
    const tail = end === entries.length ? 0 : CONTEXT_BLOCKS;
    if (run.length <= head + tail + 1) {
      out += run.map((e) => e.html).join("");
    } else {
      out += run
        .slice(0, head)
        .map((e) => e.html)
        .join("");
      out += skipped(run.length - head - tail);
      out += run
        .slice(run.length - tail)
        .map((e) => e.html)
        .join("");
    }
    i = end;
  }
  return out;
}

/**
 * Two versions of an article's Markdown as formatted HTML with the changes marked; unchanged
 * stretches are shortened to the block around each change. Within `deadline` (ms since the epoch):
 * past it, changed blocks are shown whole (removed, then added).
 */
export function diffMarkdown(before: string, after: string, deadline: number): string {
  const a = markdownBlocks(before);
  const b = markdownBlocks(after);
  const left = deadline - Date.now();
  const changes = (left > 0 && diffArrays(a, b, { timeout: left })) || [
    { value: a, removed: true, added: false, count: a.length },
    { value: b, removed: false, added: true, count: b.length },
  ];
  const entries: Entry[] = [];
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    if (!change.added && !change.removed) {
      for (const block of change.value) entries.push({ same: true, html: renderMarkdown(block) });
      continue;
    }
    // A removal followed by an addition (either order) is one replaced stretch.
    let removed = change.removed ? change.value : [];
    let added = change.added ? change.value : [];
    const next = changes[i + 1];
    if (next && (next.added || next.removed) && next.added !== change.added) {
      if (next.added) added = next.value;
      else removed = next.value;
      i++;
    }
    entries.push(...replaced(removed, added, deadline));
  }
  return keepContext(entries);
}
