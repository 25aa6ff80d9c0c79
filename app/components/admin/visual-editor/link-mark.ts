import { Mark } from "@tiptap/core";
import { Plugin } from "@tiptap/pm/state";
import { SAFE_URL } from "~/modules/content/urls";
import { mailtoHref } from "~/utils/mailto";

/**
 * An address a link may have: what the public page keeps (SAFE_URL), written so Markdown reads
 * it whole (no spaces or angle brackets, parentheses balanced).
 */
export function isAllowedHref(href: string) {
  if (!SAFE_URL.test(href) || /[\s<>]/.test(href)) return false;
  let depth = 0;
  for (const char of href) {
    if (char === "(") depth++;
    if (char === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The address typed in the link dialog as a link keeps it: a bare domain gets `https://`, an
 * e-mail address `mailto:`; null if it is not an address the public page would keep.
 */
export function hrefFromInput(input: string): string | null {
  const typed = input.trim();
  if (!typed) return null;
  const href =
    /^[a-z][a-z0-9+.-]*:/i.test(typed) || /^[/#]/.test(typed)
      ? typed
      : /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(typed)
        ? mailtoHref(typed)
        : /^[^\s./?#:@]+(?:\.[^\s./?#:@]+)+(?:[/?#:]|$)/.test(typed)
          ? `https://${typed}`
          : "";
  return isAllowedHref(href) ? href : null;
}

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    link: {
      /** Links the selection (an address isAllowedHref refuses is not set). */
      setLink: (attributes: { href: string; title?: string | null }) => ReturnType;
      /** Removes the link around the cursor or from the selection. */
      unsetLink: () => ReturnType;
    };
  }
}

/**
 * The article's links, without TipTap's link extension (and the URL finder it brings): only
 * addresses isAllowedHref accepts, from pasted HTML, the link dialog (setLink, unsetLink) and
 * Markdown (read by article-markdown.ts, written here). Typing after a link does not extend it,
 * and typed addresses stay text; an address pasted over selected text links that text.
 */
export const Link = Mark.create({
  name: "link",
  priority: 1000,
  keepOnSplit: false,
  exitable: true,
  inclusive: false,
  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => element.getAttribute("href") },
      title: { default: null },
    };
  },
  parseHTML() {
    return [
      {
        tag: "a[href]",
        getAttrs: (dom) => (isAllowedHref(dom.getAttribute("href") ?? "") ? null : false),
      },
    ];
  },
  // The public page decides target and rel (markdown.ts); the editor's links open nothing.
  renderHTML({ HTMLAttributes }) {
    const href = String(HTMLAttributes.href ?? "");
    return ["a", { ...HTMLAttributes, href: isAllowedHref(href) ? href : "" }, 0];
  },
  renderMarkdown: (node, h) => {
    const href = String(node.attrs?.href ?? "");
    const title = String(node.attrs?.title ?? "");
    const text = h.renderChildren(node);
    return title ? `[${text}](${href} "${title}")` : `[${text}](${href})`;
  },
  addCommands() {
    return {
      setLink:
        (attributes) =>
        ({ commands }) =>
          isAllowedHref(attributes.href) && commands.setMark(this.name, attributes),
      unsetLink:
        () =>
        ({ commands }) =>
          commands.unsetMark(this.name, { extendEmptyMarkRange: true }),
    };
  },
  addProseMirrorPlugins() {
    const { editor, type } = this;
    return [
      new Plugin({
        props: {
          // An address pasted over selected text (not a path of this site) links that text.
          handlePaste: (view, _event, slice) => {
            if (view.state.selection.empty) return false;
            const pasted = slice.content.textBetween(0, slice.content.size).trim();
            const href = /^[/#]/.test(pasted) ? null : hrefFromInput(pasted);
            return href ? editor.commands.setMark(type, { href }) : false;
          },
        },
      }),
    ];
  },
});
