/**
 * Which addresses article text may carry, shared by the public renderer (markdown.ts), the article
 * schema (blog/article-form.ts) and the admin's visual editor. Safe in the browser.
 */

/**
 * Links that survive rendering: http(s), mailto, tel, site-relative paths and in-page anchors. A
 * path never starts with `//` or `/\` (browsers read both as another site), and no address
 * holds a backslash, white space or a control character (browsers drop or rewrite them).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
export const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\])|#)[^\s\\\u0000-\u001f\u007f]*$/i;

/** Uploaded images and the bundled covers: always served by this site. */
const SITE_IMAGE = /^\/media\/[A-Za-z0-9._/-]+$/;

/** True for an image address of this site (`/media/…`): the only images articles may show. */
export function isSiteImage(src: string) {
  return SITE_IMAGE.test(src) && !src.includes("..");
}

/**
 * True when the Markdown has an image without alternative text (`![](…)`, or only spaces between
 * the brackets). A backslash before the `!` or the `[` makes it plain text, not an image.
 */
export function hasImageWithoutAlt(markdown: string) {
  return /(?:^|[^\\])(?:\\\\)*!\[[ \t]*\]\(/.test(markdown);
}
