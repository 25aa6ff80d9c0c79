import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { requestInfoContext } from "./context";
import { hasSessionCookie } from "./modules/accounts/session-cookie";
import { hydrateAfterFirstPaint } from "./utils/hydrate-after-paint.server";
import { getEnv } from "./utils/env.server";
import { pageKind } from "./utils/page-kind";
import { setServerHydrationMode } from "./utils/hydration";
import { logger, safeUrl } from "./utils/logger.server";
import { NonceProvider } from "./utils/nonce";

export const streamTimeout = 5_000;

/** What visitors read before they sign in: the public site and the sign-in page (plain forms). */
const AFTER_PAINT_ROUTES = new Set(["routes/public/layout", "routes/auth/auth"]);

let warned = false;
function warnNoModuleScript() {
  if (warned) return;
  warned = true;
  logger.warn(
    "La hidratación tras la primera pintura no encontró el script de módulo de React Router: las páginas públicas se hidratan sin retraso.",
  );
}

/**
 * An error a loader, an action or the rendering threw: to the log, with the logger's redaction
 * (query values replaced, database errors without their values), instead of React Router's
 * default console output. The visitor gets the Spanish error page. A request the visitor
 * abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  logger.error(
    { err: error, method: request.method, url: safeUrl(url.pathname + url.search) },
    "error en una ruta",
  );
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, forCache } = loadContext.get(requestInfoContext);
  // Crawlers, no-JS clients and the page cache (the same bytes for everyone) get the whole
  // document at once.
  const waitForAll =
    forCache || isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  // Public pages and the sign-in page hydrate after the first paint for visitors; the admin area,
  // the other account pages and anyone signed in hydrate at once (they work with the page right
  // away). Before hydration the sign-in form posts as a plain form, and what was typed is kept.
  // HYDRATION=immediate turns it off everywhere: React Router's own output, untouched.
  const hydration = getEnv().HYDRATION;
  setServerHydrationMode(hydration);
  const afterPaint =
    hydration === "deferred" &&
    routerContext.staticHandlerContext.matches.some((m) => AFTER_PAINT_ROUTES.has(m.route.id)) &&
    // A content page has no React Router scripts to defer (docs/decisions/020).
    pageKind(new URL(request.url).pathname) !== "content" &&
    !hasSessionCookie(request.headers.get("cookie"));
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Sections wrapped in <Suspense> (to hydrate separately) must still arrive in place, in
        // document order: React would otherwise send large boundaries later, hidden until a script
        // moves them, which leaves them invisible without JavaScript.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const html = afterPaint ? hydrateAfterFirstPaint(nonce, warnNoModuleScript) : body;
          if (html !== body) html.pipe(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(html);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
