/**
 * What JavaScript a page ships (docs/decisions/020):
 * - `content`: articles, the blog, services, Sobre mí, legal pages, the 404… Server HTML and the
 *   site script (app/browser/site.ts) only: no framework.
 * - `island`: public pages with a form or dialog that earns React (the landing page's contact
 *   form and reviews). React Router hydrates them. /cita and the review pages are content pages:
 *   their forms post as HTML forms and the server answers with the page.
 * - `app`: the admin area and the account pages, a React application.
 * One place, read by the root layout (what the server renders), the build's budgets
 * (bench/size.js) and the tests. Paths are matched as the router matches them: any case, with or
 * without a final slash.
 */
export type PageKind = "content" | "island" | "app";

/** The first path segments of the application: the admin area and the account pages. */
export const APP_SECTIONS = ["admin", "auth", "login"] as const;

const APP = new RegExp(`^/(?:${APP_SECTIONS.join("|")})(?:/|$)`, "i");
const ISLAND = /^\/$/;

export function pageKind(pathname: string): PageKind {
  if (APP.test(pathname)) return "app";
  if (ISLAND.test(pathname)) return "island";
  return "content";
}

/** Sent by the root layout when React Router shows another page without loading a document. */
export const PAGE_EVENT = "app:pagina";
