import { PassThrough, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { requestInfoContext } from "./context";
import { NonceProvider } from "./utils/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  // Crawlers and no-JS clients get the whole document at once.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
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
          const head = lowPriorityModulePreloads();
          head.pipe(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(head);
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

/**
 * The page is rendered on the server and usable before any JavaScript runs (links and forms work
 * without it), so the modules that hydrate it should not compete with the stylesheet, the web font
 * and the images of the first screen for a slow connection. React Router's <Scripts> cannot set
 * `fetchpriority`, so its `modulepreload` links get `fetchpriority="low"` here, in the document's
 * <head> only (everything after it passes through untouched).
 */
function lowPriorityModulePreloads() {
  let head: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      const cut = end + "</head>".length;
      const rewritten = head
        .subarray(0, cut)
        .toString("utf8")
        .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
      const rest = head.subarray(cut);
      head = null;
      callback(null, Buffer.concat([Buffer.from(rewritten, "utf8"), rest]));
    },
    flush(callback) {
      callback(null, head);
    },
  });
}
