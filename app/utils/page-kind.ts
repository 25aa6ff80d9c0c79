/**
 * What JavaScript a page ships (docs/decisions/020):
 * - `content`: every public page (the landing page, articles, the blog, services, /cita, the
 *   review form, legal pages, the 404…). Server HTML and the site script (app/browser/site.ts)
 *   only: no framework. Forms post as HTML forms; the site script answers some in place.
 * - `app`: the admin area and the account pages, a React application.
 * One place, read by the root layout (what the server renders), `entry.server`, the client, the
 * build's budgets (bench/size.js) and the tests. Paths are matched as the router matches them:
 * any case, with or without a final slash.
 */
export type PageKind = "content" | "app";

/** The first path segments of the application: the admin area and the account pages. */
export const APP_SECTIONS = ["admin", "auth", "login"] as const;

const APP = new RegExp(`^/(?:${APP_SECTIONS.join("|")})(?:/|$)`, "i");

export function pageKind(pathname: string): PageKind {
  return APP.test(pathname) ? "app" : "content";
}
