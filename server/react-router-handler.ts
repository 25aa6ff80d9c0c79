import type { Readable } from "node:stream";
import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import {
  type RouterContextProvider,
  type ServerBuild,
  createRequestHandler as createReactRouterHandler,
} from "react-router";
import type { PageCacheFill } from "./page-cache";

/**
 * @react-router/express's handler, except for the request body: React Router gets the body that
 * `limitBody` already read and checked (`res.locals.body`, a Buffer) or counts as it streams (the
 * image upload), never the raw request stream. Private paths keep `Cache-Control: no-store`
 * whatever a route sets. And a response the page cache asked for goes to it first.
 */
export function createRequestHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: () => Promise<ServerBuild>;
  mode?: string;
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
}) {
  const handleRequest = createReactRouterHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = toWebRequest(req, res);
      const response = await handleRequest(request, getLoadContext(req, res));
      // A page the cache may keep: it takes the response and answers from its new entry.
      const fill = res.locals.pageCache as PageCacheFill | undefined;
      const rest = fill ? await fill.take(response) : response;
      if (rest) await sendResponse(res, rest);
    } catch (error) {
      next(error);
    }
  };
}

function toWebRequest(req: Request, res: Response) {
  const [, forwardedPort] = req.app.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((p) => Number.parseInt(p ?? "", 10))
    .find((p) => Number.isSafeInteger(p));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  } catch {
    // A Host header no URL can hold (a port over 65535, odd characters): the path still counts.
    url = new URL(req.originalUrl, "http://localhost");
  }

  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = res.locals.body as Buffer | Readable | undefined;
    if (Buffer.isBuffer(body)) {
      init.body = new Uint8Array(body);
    } else {
      init.body = createReadableStreamFromReadable(body ?? req);
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

async function sendResponse(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key === "cache-control" && res.locals.noStore) continue;
    res.append(key, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
