import { Transform } from "node:stream";
import busboy from "busboy";
import type { NextFunction, Request, Response } from "express";
import { errorPageHtml } from "./error-page";

/** What the site answers to; React Router needs nothing else (no PUT/PATCH/DELETE routes). */
export const ALLOWED_METHODS = "GET, HEAD, POST, OPTIONS";

/** Set on a body-stream error when the streamed bytes pass the limit. */
export const BODY_TOO_LARGE = "BODY_TOO_LARGE";

/** A refusal is about this one request: never kept by the browser or a proxy. */
function answer(res: Response, status: number, title: string, message: string) {
  res
    .setHeader("Cache-Control", "no-store")
    .status(status)
    .type("html")
    .send(errorPageHtml(status, title, message));
}

function tooLarge(res: Response) {
  if (res.headersSent) return;
  // The rest of the body is never read: the connection closes after this answer.
  res.setHeader("Connection", "close");
  answer(
    res,
    413,
    "Solicitud demasiado grande",
    "Los datos enviados son demasiado grandes. Acorta el texto e inténtalo de nuevo.",
  );
}

function badRequest(res: Response) {
  if (res.headersSent) return;
  answer(res, 400, "Solicitud no válida", "La solicitud contiene caracteres no válidos.");
}

/** 405 with Allow to TRACE, PUT, DELETE…; OPTIONS gets 204 with Allow (there is no CORS). */
export function allowedMethods(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "POST") return next();
  res.setHeader("Allow", ALLOWED_METHODS);
  if (req.method === "OPTIONS") {
    res.status(204).end();
    return;
  }
  res.status(405).type("text/plain; charset=utf-8").send("Método no permitido.");
}

/** A NUL byte (%00) in the path or the query is never legitimate: 400 before any route sees it. */
export function noNulInUrl(req: Request, res: Response, next: NextFunction) {
  if (/%00|\0/i.test(req.originalUrl)) return badRequest(res);
  next();
}

/**
 * Admin, account, API and booking answers are personal (a booking page shows free hours of the
 * moment, or one person's appointment): never stored by the browser, a proxy or the page cache. Set here,
 * and kept by the React Router handler over whatever a route says (`res.locals.noStore`).
 */
export function noStoreForPrivatePaths(req: Request, res: Response, next: NextFunction) {
  if (isPrivatePath(req.path)) {
    res.setHeader("Cache-Control", "no-store");
    res.locals.noStore = true;
  }
  next();
}

export function isPrivatePath(pathname: string) {
  // Read as the router reads it: `/vista%2Dprevia` is the same page as `/vista-previa`.
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: matched as written (the router answers 400 or 404 to it).
  }
  return /^\/(?:admin|auth|login|api|cita|consentimiento|vista-previa|resenas\/(?:invitacion|retirar))(?:[/.]|$)/i.test(
    path,
  );
}

export interface BodyLimits {
  /** Every body except the image upload (forms, urlencoded, JSON, other multipart). */
  formBytes: number;
  /** The article editor's forms (up to 100,000 characters of Markdown, percent-encoded). */
  articleBytes: number;
  articlePaths: RegExp;
  /**
   * Whether this request's session may post articles (validated, not idle, 2FA done, role with
   * `articles.publish`): the article allowance is granted only then, never on a cookie's name.
   */
  mayPostArticles: (req: Request) => Promise<boolean>;
  /** multipart/form-data to `uploadPath` only. */
  uploadBytes: number;
  uploadPath: string;
}

function hasSessionCookie(req: Request) {
  return /(?:^|;\s*)(?:__Secure-)?consulta\.session_token=[^;\s]/.test(req.headers.cookie ?? "");
}

/** The article allowance: an editor's path, a session cookie, and that session validated. */
async function articleAllowance(req: Request, limits: BodyLimits) {
  if (!limits.articlePaths.test(req.path) || !hasSessionCookie(req)) return false;
  try {
    return await limits.mayPostArticles(req);
  } catch {
    return false; // the database did not answer: the form limit applies
  }
}

/**
 * Limits POST bodies before React Router reads them (it would read any size into memory):
 * a declared Content-Length over the limit gets 413 without reading a byte; a chunked body is
 * counted as it arrives and refused with 413 as soon as it passes. Form and JSON bodies (small)
 * are read here and checked for NUL characters (400), then handed to React Router from memory
 * (`res.locals.body`); the image upload is passed on as a counted stream (busboy keeps its own
 * 5 MB file limit).
 */
export function limitBody(limits: BodyLimits) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST") return next();
    // The article allowance only for a session that may post articles (the action checks it
    // again): anonymous callers, and any cookie merely named like a session, get the form limit.
    // The body waits, unread (nothing listens to it yet), while the session is looked up.
    articleAllowance(req, limits).then(
      (article) => limitBodyWith(limits, article, req, res, next),
      (err: unknown) => next(err),
    );
  };
}

function limitBodyWith(
  limits: BodyLimits,
  article: boolean,
  req: Request,
  res: Response,
  next: NextFunction,
) {
  const type = String(req.headers["content-type"] ?? "").toLowerCase();
  const upload = req.path === limits.uploadPath && type.startsWith("multipart/form-data");
  const limit = upload
    ? limits.uploadBytes
    : article
      ? Math.max(limits.articleBytes, limits.formBytes)
      : limits.formBytes;
  const declared = req.headers["content-length"];
  const declaredTooLarge = declared !== undefined && !(Number(declared) <= limit);
  // The upload route refuses a declared size over its limit itself, in JSON, before reading.
  if (declaredTooLarge && upload) return next();
  if (declaredTooLarge) return tooLarge(res);

  let size = 0;
  if (upload) {
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size <= limit) return callback(null, chunk);
        req.unpipe(counted);
        res.setHeader("Connection", "close");
        callback(Object.assign(new Error("cuerpo demasiado grande"), { code: BODY_TOO_LARGE }));
      },
    });
    req.on("error", (error) => counted.destroy(error));
    req.on("aborted", () => counted.destroy(new Error("solicitud interrumpida")));
    req.pipe(counted);
    // Answered before the body was read (401, 413…): the rest is discarded, never buffered.
    res.on("finish", () => {
      if (req.complete) return;
      req.unpipe(counted);
      req.resume();
    });
    res.locals.body = counted;
    return next();
  }

  const chunks: Buffer[] = [];
  let settled = false;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      settled = true;
      req.off("data", onData);
      req.pause();
      tooLarge(res);
      return;
    }
    chunks.push(chunk);
  };
  req.on("data", onData);
  req.on("error", () => {
    settled = true; // the client went away: nobody to answer
  });
  req.on("end", () => {
    if (settled) return;
    settled = true;
    const body = Buffer.concat(chunks);
    void containsNul(type, body).then((nul) => {
      if (nul) return badRequest(res);
      res.locals.body = body;
      next();
    }, next);
  });
}

/** True when a form field, JSON string or key, or a non-multipart body holds a NUL character. */
export async function containsNul(type: string, body: Buffer): Promise<boolean> {
  if (type.startsWith("application/x-www-form-urlencoded")) {
    for (const [key, value] of new URLSearchParams(body.toString("utf8")))
      if (key.includes("\0") || value.includes("\0")) return true;
    return false;
  }
  if (type.includes("json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString("utf8"));
    } catch {
      return false; // not JSON: the route answers 400 itself
    }
    return hasNulString(parsed, 0);
  }
  if (type.startsWith("multipart/form-data")) return multipartHasNul(type, body);
  return body.includes(0);
}

function hasNulString(value: unknown, depth: number): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (!value || typeof value !== "object" || depth > 20) return false;
  for (const [key, item] of Object.entries(value))
    if (key.includes("\0") || hasNulString(item, depth + 1)) return true;
  return false;
}

/** Field names, values and file names (not file contents, which may be binary). */
function multipartHasNul(type: string, body: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": type } });
    } catch {
      return resolve(false); // malformed: readForm answers 400
    }
    let found = false;
    parser.on("field", (name, value) => {
      if (name.includes("\0") || value.includes("\0")) found = true;
    });
    parser.on("file", (name, stream, info) => {
      if (name.includes("\0") || (info.filename ?? "").includes("\0")) found = true;
      stream.on("error", () => undefined);
      stream.resume();
    });
    parser.on("error", () => resolve(found));
    parser.on("close", () => resolve(found));
    parser.end(body);
  });
}
