import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { isPrivatePath } from "./request-guards";

/**
 * The full-page cache for anonymous visitors (docs/decisions/005-page-cache.md).
 *
 * What is the same for every visitor without a session is rendered once and then served from
 * memory: public pages, their `.data` requests, the feeds, the sitemap, the /og images and the
 * covers. Entries are kept as they were sent, already compressed (brotli and gzip), with an ETag
 * (304 to conditional requests) and, for HTML, a Content-Security-Policy that lists the hashes of
 * the page's inline scripts (its bytes never change, so a per-response nonce cannot be in them).
 *
 * Never shared: anything but GET/HEAD, private paths (/admin, /auth, /login, /api), a request
 * carrying a cookie the server reads (a session, a toast; any cookie but analytics' own), an
 * Authorization or Range header, and any response that is not a 200, sets a cookie or says
 * `private`/`no-store`.
 *
 * Exact invalidation: every entry belongs to a generation, the content version of the database
 * (raised by triggers in the same transaction as any public change, drizzle/0014) and the day in
 * Spain (the footer's year). Each request reads the version afresh, a read that started after
 * the request arrived (concurrent requests share one), so a change committed by any instance
 * before a request is always seen by it; a new generation drops every entry.
 */

export interface PageCacheOptions {
  /** Memory cap for the stored bytes (bodies in every encoding, keys and headers). */
  maxBytes: number;
  /** The database's content version (app/db/content-version.server.ts), compared for equality. */
  readVersion: () => Promise<string | number>;
  /** The Content-Security-Policy for a page whose inline scripts have these sources. */
  contentSecurityPolicy: (scriptSources: string[]) => string;
  /** Entries larger than this (identity) are served but not kept. */
  maxEntryBytes?: number;
  now?: () => Date;
  onError?: (error: unknown, what: string) => void;
}

interface Entry {
  headers: Array<[string, string]>;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  /** HTML only: the policy naming the hashes of its inline scripts. */
  csp?: string;
}

/** Set by the lookup on a miss; the React Router handler hands it the rendered response. */
export interface PageCacheFill {
  /** Keeps `response` if it can be shared and answers from it (null), or gives it back. */
  take(response: globalThis.Response): Promise<globalThis.Response | null>;
}

/** The cookies analytics sets in the browser after consent: the server never reads them. */
const SHARED_COOKIE = /^_ga(?:_[\w-]*)?$/;
const HOP_HEADERS = new Set([
  "connection",
  "content-encoding",
  "content-length",
  "content-security-policy",
  "date",
  "etag",
  "keep-alive",
  "set-cookie",
  "transfer-encoding",
  "vary",
]);
const MAX_KEY_LENGTH = 2048;
/** Pages waiting to be compressed; more are left uncompressed (each costs a render anyway). */
const MAX_COMPRESSION_QUEUE = 1000;
/** Rough per-entry bookkeeping (objects, header strings) added to its bytes. */
const ENTRY_OVERHEAD = 512;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const MADRID_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Madrid",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Why a request cannot share a stored page, or null when it can. */
export function unsharedReason(req: Request): "method" | "private" | "personal" | null {
  if (req.method !== "GET" && req.method !== "HEAD") return "method";
  if (isPrivatePath(req.path)) return "private";
  if (req.headers.authorization !== undefined || req.headers.range !== undefined) {
    return "personal";
  }
  const cookie = req.headers.cookie;
  if (cookie) {
    for (const part of cookie.split(";")) {
      const name = part.split("=", 1)[0]!.trim();
      if (name && !SHARED_COOKIE.test(name)) return "personal";
    }
  }
  if (req.originalUrl.length > MAX_KEY_LENGTH) return "personal";
  return null;
}

/** Whether a rendered response is the same for every anonymous visitor and may be kept. */
function shareable(response: globalThis.Response) {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.has("set-cookie")) return false;
  if (/\b(?:private|no-store)\b/i.test(response.headers.get("cache-control") ?? "")) return false;
  return !/text\/event-stream/i.test(response.headers.get("content-type") ?? "");
}

const isHtml = (type: string) => /^text\/html\b/i.test(type);
/** Text-like types worth compressing (images and fonts are compressed already). */
const isCompressible = (type: string) =>
  /^(?:text\/|application\/(?:json|xml|rss\+xml|atom\+xml|javascript)|image\/svg\+xml)/i.test(type);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SCRIPT_TYPE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
// Speculation rules are scripts to CSP too (docs/decisions/020).
const RUNNABLE_TYPES = new Set([
  "",
  "text/javascript",
  "application/javascript",
  "module",
  "speculationrules",
]);

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts a browser would run in `html`: every
 * `<script>` without `src` whose type is JavaScript or a module. Data blocks (JSON-LD) and the
 * inert hydration script (`text/x-hydrate`, run later by a hashed script) need none.
 */
export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = SCRIPT_TYPE.exec(attributes);
    const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? "").trim().toLowerCase();
    if (!RUNNABLE_TYPES.has(value)) continue;
    // The browser hashes the text as parsed: line breaks normalised to LF.
    const source = text.replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export function createPageCache(options: PageCacheOptions) {
  const maxEntryBytes = options.maxEntryBytes ?? 4 * 1024 * 1024;
  const now = options.now ?? (() => new Date());
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry, key) =>
      entry.body.length +
      (entry.gzip?.length ?? 0) +
      (entry.br?.length ?? 0) +
      key.length +
      (entry.csp?.length ?? 0) +
      ENTRY_OVERHEAD,
  });
  /** Fills in progress: later requests for the same page wait for the first one's render. */
  const fills = new Map<string, Promise<Entry | null>>();
  let generation = "";

  // One version read at a time; a request that arrives while one is in flight waits for the
  // next, which starts after it arrived (the one in flight may predate a change it must see).
  let inFlight: Promise<string> | null = null;
  let queued: Promise<string> | null = null;
  function startRead() {
    const read = options
      .readVersion()
      .then((version) => `${version}:${MADRID_DAY.format(now())}`)
      .finally(() => {
        if (inFlight === read) inFlight = null;
      });
    inFlight = read;
    return read;
  }
  function currentGeneration(): Promise<string> {
    if (!inFlight) return startRead();
    queued ??= inFlight
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return startRead();
      });
    return queued;
  }

  function send(req: Request, res: Response, entry: Entry, status: "HIT" | "MISS") {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    res.setHeader("X-Cache", status);
    res.status(200);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const accepted = (req.acceptsEncodings() as string[]).map((e) => e.toLowerCase());
    let body = entry.body;
    if (entry.br && accepted.includes("br")) {
      body = entry.br;
      res.setHeader("Content-Encoding", "br");
    } else if (entry.gzip && accepted.includes("gzip")) {
      body = entry.gzip;
      res.setHeader("Content-Encoding", "gzip");
    }
    res.setHeader("Content-Length", body.length);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  function makeEntry(response: globalThis.Response, raw: Buffer, nonce: string): Entry {
    const type = response.headers.get("content-type") ?? "";
    const headers: Array<[string, string]> = [];
    for (const [name, value] of response.headers) {
      if (!HOP_HEADERS.has(name)) headers.push([name, value]);
    }
    // Pages and their data: any cache may keep them but must ask again each time (the ETag
    // makes that a 304); a route that says more (feeds, images) keeps its own.
    if (!response.headers.has("cache-control")) headers.push(["cache-control", "public, no-cache"]);
    let body = raw;
    let csp: string | undefined;
    if (isHtml(type)) {
      // The nonce of the render that filled the entry is valid for no other response: gone.
      let html = raw.toString("utf8");
      if (nonce) html = html.replaceAll(` nonce="${nonce}"`, "").replaceAll(nonce, "");
      body = Buffer.from(html, "utf8");
      csp = options.contentSecurityPolicy(inlineScriptHashes(html));
    }
    const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    return { headers, body, etag, csp };
  }

  // Compression runs off the main thread, one page at a time; pages waiting for it are named by
  // key only (a flood of new URLs cannot pile up bodies here), and until then go out uncompressed.
  const toCompress = new Set<string>();
  let compressing = false;
  function queueCompression(key: string) {
    if (toCompress.size >= MAX_COMPRESSION_QUEUE) return;
    toCompress.add(key);
    if (!compressing) void drainCompression();
  }
  async function drainCompression() {
    compressing = true;
    for (const key of toCompress) {
      toCompress.delete(key);
      const entry = entries.peek(key);
      if (!entry || entry.br) continue;
      await compress(key, entry).catch((error: unknown) =>
        options.onError?.(error, "no se pudo comprimir una página guardada"),
      );
    }
    compressing = false;
  }

  async function compress(key: string, entry: Entry) {
    const [gz, br] = await Promise.all([
      gzip(entry.body, { level: 9 }),
      brotli(entry.body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
        },
      }),
    ]);
    entry.gzip = gz;
    entry.br = br;
    // Stored again so the cap counts the new bytes (unless it was dropped meanwhile).
    if (entries.peek(key) === entry) entries.set(key, entry);
  }

  /** Express middleware, just before React Router: answers from memory or arranges a fill. */
  async function lookup(req: Request, res: Response, next: NextFunction) {
    const reason = unsharedReason(req);
    if (reason) {
      // Rendered for someone with a session: the React Router handler marks what the route
      // leaves unsaid (pages, their data) `private, no-store`, so no other cache shares it either.
      if (reason === "personal") res.locals.personal = true;
      return next();
    }
    let current: string;
    try {
      current = await currentGeneration();
    } catch (error) {
      options.onError?.(error, "no se pudo leer la versión del contenido");
      return next();
    }
    if (current !== generation) {
      generation = current;
      entries.clear();
      fills.clear();
    }
    const key = `${req.headers.host ?? ""} ${req.originalUrl}`;
    const found = entries.get(key);
    if (found) return send(req, res, found, "HIT");
    const fillKey = `${current} ${key}`;
    const pending = fills.get(fillKey);
    if (pending) {
      const entry = await pending;
      if (entry && !res.headersSent) return send(req, res, entry, "HIT");
      return next();
    }
    // HEAD renders no body worth keeping: it gets the page rendered, not stored.
    if (req.method === "HEAD") return next();

    let resolveFill!: (entry: Entry | null) => void;
    const filling = new Promise<Entry | null>((resolve) => (resolveFill = resolve));
    fills.set(fillKey, filling);
    const settle = (entry: Entry | null) => {
      if (fills.get(fillKey) === filling) fills.delete(fillKey);
      resolveFill(entry);
    };
    // However the request ends (an error, a closed connection), waiting requests go on.
    res.on("close", () => settle(null));
    const fill: PageCacheFill = {
      async take(response) {
        if (!shareable(response)) {
          settle(null);
          return response;
        }
        const raw = Buffer.from(await response.arrayBuffer());
        if (raw.length > maxEntryBytes) {
          settle(null);
          return new globalThis.Response(raw, response);
        }
        const entry = makeEntry(response, raw, String(res.locals.cspNonce ?? ""));
        if (generation === current) {
          entries.set(key, entry);
          if (isCompressible(response.headers.get("content-type") ?? "")) queueCompression(key);
        }
        settle(entry);
        send(req, res, entry, "MISS");
        return null;
      },
    };
    res.locals.pageCache = fill;
    next();
  }

  return {
    lookup,
    /** Bytes held now (for logs and benchmarks). */
    size: () => entries.calculatedSize,
    clear: () => entries.clear(),
  };
}
