import type { NextFunction, Request, Response } from "express";
import { type DataRouteObject, matchRoutes, type ServerBuild } from "react-router";
import { errorPageHtml } from "./error-page";

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;
type Target = { id: string; index?: boolean; path?: string; children?: Target[] };

/** The build's flat route list as the tree `matchRoutes` reads (ids point back to the modules). */
function routeTree(build: ServerBuild): Target[] {
  const byParent = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(build.routes) as (BuildRoute | undefined)[]) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const children = (parentId: string | undefined): Target[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, children: children(route.id) },
    );
  return children(undefined);
}

/**
 * The route a request is for, as React Router picks it: the deepest match, except that an index
 * route answers a POST only when the address says `?index` (otherwise its parent does). A
 * single-fetch address is read as the page it loads, as React Router normalises it
 * (`getNormalizedPath`): `/blog.data` is `/blog`, `/_.data` is `/`, `/blog/_.data` is `/blog/`.
 */
function targetOf(build: ServerBuild, tree: Target[], method: string, url: URL) {
  let pathname = url.pathname;
  if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  const matches = matchRoutes(tree as DataRouteObject[], pathname);
  if (!matches?.length) return null;
  let match = matches[matches.length - 1]!;
  const indexRequest = url.searchParams.getAll("index").some((value) => value === "");
  if (method === "POST" && match.route.index && !indexRequest && matches.length > 1) {
    match = matches[matches.length - 2]!;
  }
  return build.routes[match.route.id]?.module ?? null;
}

/**
 * Answers 405 (with `Allow`) before React Router to a method the addressed route has no handler
 * for: a POST to a page or file without an action, a GET to an endpoint that only takes POSTs.
 * React Router would answer 405 or 400 too, but log each one at error level, so anyone could
 * fill the error log anonymously.
 */
export function routeMethods(loadBuild: () => Promise<ServerBuild>) {
  let tree: Promise<{ build: ServerBuild; tree: Target[] }> | undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "POST") return next();
    tree ??= loadBuild().then((build) => ({ build, tree: routeTree(build) }));
    tree.then(({ build, tree }) => {
      let url: URL;
      try {
        url = new URL(req.originalUrl, "http://localhost");
      } catch {
        return next();
      }
      // A GET of a page's data (`.data`) may ask for several routes: React Router decides.
      if (req.method !== "POST" && url.pathname.endsWith(".data")) return next();
      const route = targetOf(build, tree, req.method, url);
      if (!route) return next();
      const readable = Boolean(route.loader) || Boolean(route.default);
      const allowed = req.method === "POST" ? Boolean(route.action) : readable;
      if (allowed) return next();
      const allow = [readable ? "GET, HEAD" : "", route.action ? "POST" : ""].filter(Boolean);
      res
        .setHeader("Allow", allow.join(", "))
        .setHeader("Cache-Control", "no-store")
        .status(405)
        .type("html")
        .send(
          errorPageHtml(
            405,
            "Método no permitido",
            "Esta dirección no admite esa operación. Vuelve a la página de inicio.",
          ),
        );
    }, next);
  };
}
