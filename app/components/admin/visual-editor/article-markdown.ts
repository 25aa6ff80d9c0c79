import {
  type AnyExtension,
  type Editor,
  Extension,
  type JSONContent,
  type MarkdownParseHelpers,
  type MarkdownParseResult,
  type MarkdownRendererHelpers,
  type MarkdownToken,
  Node,
} from "@tiptap/core";
import { Blockquote } from "@tiptap/extension-blockquote";
import { Bold } from "@tiptap/extension-bold";
import { Document } from "@tiptap/extension-document";
import { HardBreak } from "@tiptap/extension-hard-break";
import { Heading } from "@tiptap/extension-heading";
import Image from "@tiptap/extension-image";
import { Italic } from "@tiptap/extension-italic";
// The list and extension packages' own entry points: their index brings all of them (task lists,
// gap cursor, placeholder…), which the bundle would keep.
import { BulletList } from "@tiptap/extension-list/bullet-list";
import { ListItem } from "@tiptap/extension-list/item";
import { ListKeymap } from "@tiptap/extension-list/keymap";
import { OrderedList } from "@tiptap/extension-list/ordered-list";
import { Text } from "@tiptap/extension-text";
import { Dropcursor } from "@tiptap/extensions/drop-cursor";
import { TrailingNode } from "@tiptap/extensions/trailing-node";
import { UndoRedo } from "@tiptap/extensions/undo-redo";
import { Markdown } from "@tiptap/markdown";
import { isSiteImage, SAFE_URL } from "~/modules/content/urls";
import { Link } from "./link-mark";

export { hrefFromInput, isAllowedHref } from "./link-mark";

/**
 * The article text as the visual editor sees it: the elements the public page renders
 * (app/modules/content/markdown.ts) and nothing else, read from and written back to Markdown.
 *
 * - Paragraphs, subheadings (levels 2 to 4: the page's title is the h1), bold, italic, links
 *   (http(s), mailto, tel, this site), bulleted and numbered lists, quotes, line breaks and
 *   images uploaded to this site. Anything pasted (Word, Google Docs, web pages) is reduced to
 *   these by the schema: what it does not know it leaves out, keeping the text.
 * - Markdown the public page would show differently from the editor is read the public page's
 *   way: `#` and `#####` headings are subheadings of level 2 and 4, raw HTML is text, an image
 *   that is not an upload is its alternative text, code is plain text, a table is one paragraph
 *   a row. Horizontal rules are left out.
 * - Written Markdown follows the bundled articles' style (`##`, `-`, `1.`, `**`, `*`) and reads
 *   back to the same document: a paragraph line that would start a heading, a list, a quote or
 *   a rule is escaped, and `&`, `<` stay themselves unless they would start an entity or a tag.
 */

export const HEADING_LEVELS = [2, 3, 4] as const;
type HeadingLevel = (typeof HEADING_LEVELS)[number];

/** Alternative text as Markdown keeps it: one line, no square brackets. */
export function cleanAlt(alt: string) {
  return alt.replace(/\s+/g, " ").replace(/\[/g, "(").replace(/\]/g, ")").trim();
}

/**
 * `&`, `<` and `>` as typed (the Markdown manager writes them as entities) where Markdown reads
 * them so: only before what would be an entity (`&amp;`) or a tag (`<b`) do they stay encoded.
 * A `>` that starts a line is escaped with the other block starts (escapeLineStart).
 */
function plainEntities(markdown: string) {
  return markdown
    .replace(/&amp;(?!#?[A-Za-z0-9]+;)/g, "&")
    .replace(/&lt;(?![A-Za-z/!?])/g, "<")
    .replace(/&gt;/g, ">");
}

// ─── Reading Markdown ───────────────────────────────────────────────────────────────────────────

/**
 * A parse rule for one Markdown token, tried before the extension that owns the token (a higher
 * priority registers first with the Markdown manager, which uses the first rule that answers).
 */
function readToken(
  tokenName: string,
  parseMarkdown: (token: MarkdownToken, helpers: MarkdownParseHelpers) => MarkdownParseResult,
  renderMarkdown?: (node: JSONContent, helpers: MarkdownRendererHelpers) => string,
) {
  return Extension.create({
    name: `articleRead_${tokenName}`,
    priority: 10_000,
    markdownTokenName: tokenName,
    parseMarkdown,
    // The manager writes a node with the first rule registered under the node's name, so a rule
    // that reads a node ('heading', 'image') writes it too.
    ...(renderMarkdown ? { renderMarkdown } : {}),
  });
}

const text = (value: string): JSONContent => ({ type: "text", text: value });
const paragraph = (content: JSONContent[]): JSONContent => ({ type: "paragraph", content });
/** Lines of literal text as one paragraph with line breaks. */
const literalLines = (value: string) =>
  paragraph(
    value
      .replace(/\s+$/, "")
      .split("\n")
      .flatMap((line, i) => (i === 0 ? [text(line)] : [{ type: "hardBreak" }, text(line)]))
      .filter((node) => node.type !== "text" || node.text),
  );

const READ_LIKE_THE_PUBLIC_PAGE = [
  // The public page clamps heading levels to 2–4 (the page's h1 is its title).
  readToken(
    "heading",
    (token, h) => ({
      type: "heading",
      attrs: { level: Math.min(Math.max(token.depth ?? 2, 2), 4) as HeadingLevel },
      content: h.parseInline(token.tokens ?? []),
    }),
    (node, h) => {
      // A heading's closing `#`s would be dropped: `## C #` keeps its `#` escaped.
      const inline = plainEntities(h.renderChildren(node.content ?? [])).replace(
        /(^|[ \t])(#+[ \t]*)$/,
        "$1\\$2",
      );
      return `${"#".repeat(node.attrs?.level ?? 2)} ${inline.trim()}`;
    },
  ),
  // Only this site's images are images; any other is its alternative text.
  readToken(
    "image",
    (token) =>
      isSiteImage(String(token.href ?? "").trim())
        ? { type: "image", attrs: { src: token.href, alt: token.text ?? "", title: null } }
        : token.text
          ? text(token.text)
          : [],
    (node) => `![${cleanAlt(node.attrs?.alt ?? "")}](${node.attrs?.src ?? ""})`,
  ),
  // Raw HTML is text on the public page.
  readToken("html", (token) => literalLines(token.text ?? token.raw ?? "")),
  // No code in articles: its text stays, as plain text.
  readToken("codespan", (token) => text(token.text ?? "")),
  readToken("code", (token) => literalLines(token.text ?? "")),
  readToken("table", (token, h) => {
    const rows: Array<Array<{ tokens?: MarkdownToken[] }>> = [token.header, ...token.rows];
    return rows.map((cells) =>
      paragraph(
        cells.flatMap((cell, i) => [
          ...(i > 0 ? [text(" | ")] : []),
          ...h.parseInline(cell.tokens ?? []),
        ]),
      ),
    );
  }),
  readToken("hr", () => []),
  // A link the public page would not keep is its text.
  readToken("link", (token, h) => {
    const content = h.parseInline(token.tokens ?? []);
    const href = String(token.href ?? "").trim();
    return SAFE_URL.test(href)
      ? h.applyMark("link", content, { href, title: token.title || null })
      : content;
  }),
  // Inline HTML (`<b>`, `<br>`, comments…) is text too: a `<` that could open a tag is read as
  // a plain character, before the Markdown parser looks for a tag there.
  Extension.create({
    name: "articleRead_literalTag",
    priority: 10_000,
    markdownTokenName: "literalTag",
    markdownTokenizer: {
      name: "literalTag",
      level: "inline",
      start: (src: string) => src.search(/<[A-Za-z/!?]/),
      tokenize: (src: string) =>
        /^<[A-Za-z/!?]/.test(src) && !/^<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>/.test(src)
          ? { type: "literalTag", raw: "<", text: "<" }
          : undefined,
    },
    parseMarkdown: () => text("<"),
  }),
];

// ─── Writing Markdown ───────────────────────────────────────────────────────────────────────────

/**
 * A paragraph's line as Markdown reads it back: leading spaces dropped (Markdown ignores them, or
 * four would make code) and a backslash before what would otherwise start a block.
 */
function escapeLineStart(line: string) {
  const trimmed = line.replace(/^[ \t]+/, "");
  const ordered = /^(\d{1,9})([.)])(?=[ \t]|$)/.exec(trimmed);
  if (ordered) return `${ordered[1]}\\${trimmed.slice(ordered[1]!.length)}`;
  const opensBlock =
    /^#{1,6}(?=[ \t]|$)/.test(trimmed) || // heading
    /^[-+](?=[ \t]|$)/.test(trimmed) || // list item
    /^>/.test(trimmed) || // quote
    /^(?:=+|-+)[ \t]*$/.test(trimmed) || // underline of a heading, rule
    /^[|:][ \t]*-/.test(trimmed); // row of a table's separator
  return opensBlock ? `\\${trimmed}` : trimmed;
}

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    paragraph: {
      /** Makes the block a paragraph. */
      setParagraph: () => ReturnType;
    };
  }
}

/** TipTap's paragraph, writing Markdown that reads back to the same paragraph. */
const Paragraph = Node.create({
  name: "paragraph",
  priority: 1000,
  group: "block",
  content: "inline*",
  parseHTML: () => [{ tag: "p" }],
  renderHTML: ({ HTMLAttributes }) => ["p", HTMLAttributes, 0],
  parseMarkdown: (token, h) =>
    h.createNode("paragraph", undefined, h.parseInline(token.tokens ?? [])),
  renderMarkdown: (node: JSONContent, h) =>
    node.content?.length
      ? plainEntities(h.renderChildren(node.content)).split("\n").map(escapeLineStart).join("\n")
      : "",
  addCommands() {
    return {
      setParagraph:
        () =>
        ({ commands }) =>
          commands.setNode(this.name),
    };
  },
  addKeyboardShortcuts() {
    return { "Mod-Alt-0": () => this.editor.commands.setParagraph() };
  },
});

/** The extensions of the article editor (and of the tests that read and write its Markdown). */
export function articleExtensions(): AnyExtension[] {
  return [
    // What the starter kit would bring, less what articles do not have (code, rules, strike,
    // underline) and the gap cursor (every block here ends in text, so it never shows).
    // (In the starter kit's order: the schema, and so Markdown, follows it.)
    Bold,
    Blockquote,
    BulletList,
    Document,
    Dropcursor,
    HardBreak,
    Heading.configure({ levels: [...HEADING_LEVELS] }),
    UndoRedo,
    Italic,
    ListItem,
    ListKeymap,
    Link,
    OrderedList,
    Text,
    TrailingNode,
    Paragraph,
    Image.extend({
      // Only images uploaded to this site; pasted ones from elsewhere are left out.
      parseHTML() {
        return [
          {
            tag: "img[src]",
            getAttrs: (img) => (isSiteImage(img.getAttribute("src") ?? "") ? null : false),
          },
        ];
      },
    }).configure({ inline: true, allowBase64: false }),
    ...READ_LIKE_THE_PUBLIC_PAGE,
    Markdown,
  ];
}

/**
 * The bullet or number Word writes as text before each list paragraph: in conditional comments
 * (`<!--[if !supportLists]-->`, or `<![if !supportLists]>` as Word itself writes it), or only its
 * `mso-list:Ignore` span when the comments were dropped.
 */
const WORD_LIST_MARKER =
  /<!--\[if !supportLists\]-->[\s\S]*?<!--\[endif\]-->|<!\[if !supportLists\]>[\s\S]*?<!\[endif\]>|<span[^>]*mso-list:\s*Ignore[^>]*>(?:[^<]|<span[^>]*>[^<]*<\/span>)*<\/span>/gi;

/**
 * Word for Windows puts lists on the clipboard as paragraphs (`<p style="mso-list:l0 level1
 * lfo1">`) that start with their bullet or number as text: each run of them becomes a `<ul>`, or
 * an `<ol>` when the first marker is a number or a letter ("1.", "a)"), without the markers.
 */
function wordLists(html: string) {
  if (!/mso-list/i.test(html)) return html;
  const items = html.replace(/<p\b[^>]*mso-list:[^>]*>([\s\S]*?)<\/p>/gi, (_, inner: string) => {
    let marker = "";
    const body = inner.replace(WORD_LIST_MARKER, (found) => {
      marker ||= found.replace(/<[^>]*>|&nbsp;|\u00a0/g, "").trim();
      return "";
    });
    const kind = /^\(?[0-9a-z]{1,4}[.)]$/i.test(marker) ? "ol" : "ul";
    return `<li data-word-list="${kind}">${body}</li>`;
  });
  return items.replace(
    /(?:<li data-word-list="(ul|ol)">[\s\S]*?<\/li>\s*)+/g,
    (run: string, kind: string) =>
      `<${kind}>${run.replace(/ data-word-list="(?:ul|ol)"/g, "").trim()}</${kind}>`,
  );
}

/**
 * Pasted HTML (Word, Google Docs, web pages) before the schema reads it: Word's lists made lists,
 * and headings moved into the article's levels. A document with an `<h1>` has its headings one
 * level down (its h1 is a section here, the article's own title being the page's h1); deeper
 * ones become level 4.
 */
export function tidyPastedHtml(pasted: string) {
  const html = wordLists(pasted);
  const shift = /<h1[\s>]/i.test(html) ? 1 : 0;
  return html.replace(
    /<(\/?)h([1-6])(?=[\s>])/gi,
    (_, slash: string, level: string) =>
      `<${slash}h${Math.min(Math.max(Number(level) + shift, HEADING_LEVELS[0]), HEADING_LEVELS[2])}`,
  );
}

/** Empty paragraphs are spacing in the editor, nothing in Markdown (which cannot keep them). */
function withoutEmptyParagraphs(node: JSONContent): JSONContent {
  if (!node.content || !["doc", "blockquote"].includes(node.type ?? "")) return node;
  const content = node.content
    .filter((child) => child.type !== "paragraph" || child.content?.length)
    .map(withoutEmptyParagraphs);
  return { ...node, content: content.length ? content : node.content.slice(0, 1) };
}

/** The document as Markdown, as the article stores it. */
export function documentToMarkdown(editor: Editor, doc: JSONContent = editor.getJSON()) {
  const markdown = editor.markdown?.serialize(withoutEmptyParagraphs(doc)) ?? "";
  return markdown.replace(/\s+$/, "");
}
