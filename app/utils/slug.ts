/**
 * Shared by the blog (an article's slug from its title, app/modules/blog/article-form.ts) and the
 * article renderer (a subheading's id, app/modules/content/article-html.ts). Safe in the browser.
 */

/** A URL slug from a title: lower case, accents removed (ñ kept), words joined by hyphens. */
export function suggestSlug(title: string) {
  return title
    .toLowerCase()
    .split("ñ")
    .map((part) => part.normalize("NFD").replace(/[\u0300-\u036f]/g, ""))
    .join("ñ")
    .replace(/[^a-z0-9ñ]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}
