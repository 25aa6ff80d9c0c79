import dns from "node:dns";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Worker } from "node:worker_threads";
import { eq } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import type { Db } from "~/db/client.server";
import { bookingConfig, busyTimes } from "~/db/schema";
import { audit } from "~/platform/audit.server";
import { formFailure, type FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { logger } from "~/utils/logger.server";
import { startPeriodicJob } from "~/platform/jobs.server";
import { getBookingConfig } from "./booking.server";
import type { WorkerAnswer } from "./busy-ics-worker.server";
import { BusyFeedFormSchema, DEFAULT_BOOKING_CONFIG } from "./config";

/**
 * Busy times from the psychologist's own calendar (docs/decisions/015-appointments.md): an
 * iCalendar address (Google, Apple, Outlook publish one) fetched every 15 minutes; its events hide
 * the slots they overlap. The address is a secret (Google's embeds a token): it is never logged
 * nor written to the audit log, and shown masked. The fetch is https only, never reaches a
 * private, local or reserved address (checked after DNS, and the connection is pinned to the
 * address checked), is limited in time, size and redirects, and every failure is one Spanish
 * sentence. The file is read in a worker thread with a time budget (readBusyTimes). Only start and
 * end of each event are kept.
 */

type Actor = { id: string; email: string };

export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 3;
export const BUSY_FEED_INTERVAL_MS = 15 * 60_000;
/** How long reading a calendar may take, in its worker thread, before it is given up. */
export const PARSE_BUDGET_MS = 2_000;
/** The worker's heap (a 5 MB file takes well under 100 MB): past it, the worker alone dies. */
const PARSE_HEAP_MB = 256;
const DAY_MS = 24 * 60 * 60_000;

export const FEED_ERRORS = {
  notHttps: "La dirección del calendario debe empezar por https://",
  invalid: "La dirección del calendario no es válida.",
  notPublic:
    "La dirección del calendario lleva a una red privada, local o reservada: no se puede usar.",
  notFound: "No se encuentra el servidor del calendario: revisa la dirección.",
  timeout: "El calendario tardó demasiado en responder (más de 10 segundos).",
  tooBig: "El calendario ocupa demasiado (más de 5 MB).",
  redirects: "El calendario redirige demasiadas veces.",
  port: "La dirección del calendario debe usar el puerto de https (443).",
  network: "No se pudo conectar con el servidor del calendario.",
  status: (code: number) => `El servidor del calendario respondió con un error (código ${code}).`,
  parseTimeout: `El calendario tardó demasiado en leerse (más de ${PARSE_BUDGET_MS / 1000} segundos). Se mantienen las horas ocupadas de la lectura anterior.`,
  parseFailed:
    "El calendario es demasiado grande o complejo para leerlo. Se mantienen las horas ocupadas de la lectura anterior.",
} as const;

// ─── Which addresses may be reached ──────────────────────────────────────────────────────────────

/** Whether the fetcher may connect to an IP address. */
export type AddressPolicy = (address: string) => boolean;

/**
 * The production policy: public unicast only. Loopback, private (10/8, 172.16/12, 192.168/16,
 * fc00::/7), carrier-grade NAT, link-local (169.254/16 — cloud metadata — and fe80::/10),
 * unspecified, broadcast, multicast, reserved and documentation ranges, and IPv6 forms that embed
 * an IPv4 address (mapped, 6to4, Teredo, NAT64) are refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  if (ip.range() !== "unicast") return false;
  // IPv6: only global unicast (2000::/3); ipaddr.js calls the deprecated IPv4-compatible
  // ::a.b.c.d "unicast" too.
  return ip.kind() === "ipv4" || (ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

export interface FetchOptions {
  /** Addresses allowed (tests allow loopback); production: public unicast only. */
  policy?: AddressPolicy;
  /** Ports allowed; production: 443 only (tests: their server's). */
  ports?: number[];
  /** Extra certificate authorities to trust (tests: their own). */
  ca?: string;
  timeoutMs?: number;
  maxBytes?: number;
}

export type FetchResult = { ok: true; text: string } | { ok: false; error: string };

class FetchRefused extends Error {}

/** An https URL from what the form or the database holds (webcal:// is https), or null. */
export function feedUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/^webcals?:\/\//i, "https://"));
  } catch {
    return null;
  }
  return url;
}

/**
 * Names that never lead to a public server: one label (the resolver's search domains make it an
 * internal host), and the special-use domains of RFC 6761 and others (`localhost`, `.local`,
 * `.internal`, `.home.arpa`, `.test`, `.example`, `.invalid`, `.onion`). Refused before any DNS
 * query.
 */
const LOCAL_NAME =
  /(^[^.]+$)|\.(localhost|local|internal|lan|home\.arpa|test|example|invalid|onion)\.?$/i;

/** The addresses of a host, all of them allowed by the policy, or the reason why not. */
async function resolve(hostname: string, policy: AddressPolicy) {
  const host = hostname.replace(/^\[|\]$/g, "");
  let addresses: dns.LookupAddress[];
  if (!ipaddr.isValid(host) && LOCAL_NAME.test(host)) throw new FetchRefused(FEED_ERRORS.notPublic);
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new FetchRefused(FEED_ERRORS.notFound);
    }
  }
  if (addresses.length === 0) throw new FetchRefused(FEED_ERRORS.notFound);
  if (!addresses.every((a) => policy(a.address))) throw new FetchRefused(FEED_ERRORS.notPublic);
  return addresses;
}

/** A `lookup` for https.request that answers only the addresses already checked. */
function pinnedLookup(addresses: dns.LookupAddress[], policy: AddressPolicy): LookupFunction {
  return (_hostname, options, callback) => {
    const allowed = addresses.filter((a) => policy(a.address));
    if (allowed.length === 0) {
      callback(new FetchRefused(FEED_ERRORS.notPublic), "", 4);
    } else if (options.all) {
      (callback as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
    } else {
      callback(null, allowed[0]!.address, allowed[0]!.family);
    }
  };
}

type Hop = { redirect: string } | { text: string };

function get(
  url: URL,
  addresses: dns.LookupAddress[],
  options: Required<Pick<FetchOptions, "policy" | "maxBytes">> & FetchOptions,
  signal: AbortSignal,
): Promise<Hop> {
  return new Promise((resolvePromise, reject) => {
    const request = https.request(url, {
      method: "GET",
      agent: false,
      lookup: pinnedLookup(addresses, options.policy),
      ca: options.ca,
      signal,
      headers: { accept: "text/calendar, */*;q=0.5", "user-agent": "consulta-calendario/1.0" },
    });
    request.on("error", reject);
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
        response.destroy();
        resolvePromise({ redirect: response.headers.location });
        return;
      }
      if (status !== 200) {
        response.destroy();
        reject(new FetchRefused(FEED_ERRORS.status(status)));
        return;
      }
      if (Number(response.headers["content-length"] ?? 0) > options.maxBytes) {
        response.destroy();
        reject(new FetchRefused(FEED_ERRORS.tooBig));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          // Refused first: destroying the response reports it as aborted.
          reject(new FetchRefused(FEED_ERRORS.tooBig));
          response.destroy();
          request.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on("error", reject);
      response.on("aborted", () => reject(new FetchRefused(FEED_ERRORS.network)));
      response.on("end", () => resolvePromise({ text: Buffer.concat(chunks).toString("utf8") }));
    });
    request.end();
  });
}

/**
 * Fetches a calendar: https only, each hop's host resolved and checked against the policy and
 * the connection pinned to the addresses checked, at most 3 redirects, 10 s in all (slow bodies
 * included), 5 MB. Never throws; the error is a Spanish sentence without the address.
 */
export async function fetchFeed(raw: string, options: FetchOptions = {}): Promise<FetchResult> {
  const policy = options.policy ?? isPublicAddress;
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  const controller = new AbortController();
  const timedOut = new Promise<never>((_, reject) => {
    const timer = setTimeout(() => {
      controller.abort();
      reject(new FetchRefused(FEED_ERRORS.timeout));
    }, options.timeoutMs ?? FETCH_TIMEOUT_MS);
    controller.signal.addEventListener("abort", () => clearTimeout(timer));
  });
  timedOut.catch(() => {});
  const run = async (): Promise<string> => {
    let url = feedUrl(raw);
    for (let hop = 0; ; hop++) {
      if (!url) throw new FetchRefused(FEED_ERRORS.invalid);
      if (url.protocol !== "https:") throw new FetchRefused(FEED_ERRORS.notHttps);
      const addresses = await resolve(url.hostname, policy);
      if (!(options.ports ?? [443]).includes(Number(url.port || 443))) {
        throw new FetchRefused(FEED_ERRORS.port);
      }
      if (controller.signal.aborted) throw new FetchRefused(FEED_ERRORS.timeout);
      const answer = await get(url, addresses, { ...options, policy, maxBytes }, controller.signal);
      if ("text" in answer) return answer.text;
      if (hop >= MAX_REDIRECTS) throw new FetchRefused(FEED_ERRORS.redirects);
      try {
        url = new URL(answer.redirect, url);
      } catch {
        url = null;
      }
    }
  };
  try {
    return { ok: true, text: await Promise.race([run(), timedOut]) };
  } catch (error) {
    if (controller.signal.aborted) return { ok: false, error: FEED_ERRORS.timeout };
    return {
      ok: false,
      error: error instanceof FetchRefused ? error.message : FEED_ERRORS.network,
    };
  } finally {
    controller.abort();
  }
}

// ─── Reading the file, off the event loop ────────────────────────────────────────────────────────

/**
 * The worker's file: the source in tests and `npm run dev`; in the build, vite.config.ts emits it
 * as build/server/busy-ics-worker.js and puts that file's URL here.
 */
const WORKER_URL = new URL("./busy-ics-worker.server.ts", import.meta.url);

export type ReadResult = WorkerAnswer;

/** One calendar read at a time in this process: each worker may take its budget and heap. */
let reading: Promise<unknown> = Promise.resolve();

/**
 * The busy times of a calendar's text that touch [from, to], read by ical.js in a worker thread
 * (busy-ics-worker.server.ts): the server's only event loop keeps answering meanwhile. A file
 * that takes longer than `budgetMs` is given up (the worker is terminated) and so is one that
 * outgrows the worker's heap; the answer is then a Spanish sentence, as for a file that is not a
 * calendar. Never throws.
 */
export function readBusyTimes(
  text: string,
  from: number,
  to: number,
  budgetMs = PARSE_BUDGET_MS,
): Promise<ReadResult> {
  const read = reading.then(() => readInWorker(text, from, to, budgetMs));
  reading = read.catch(() => {});
  return read;
}

function readInWorker(text: string, from: number, to: number, budgetMs: number) {
  return new Promise<ReadResult>((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(WORKER_URL, {
        workerData: { text, from, to },
        resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB },
      });
    } catch (error) {
      logger.error({ err: errorName(error) }, "no se pudo iniciar la lectura del calendario");
      resolve({ ok: false, error: FEED_ERRORS.parseFailed });
      return;
    }
    let done = false;
    const finish = (result: ReadResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, error: FEED_ERRORS.parseTimeout }),
      budgetMs,
    );
    worker.once("message", (answer: ReadResult) => finish(answer));
    worker.once("error", (error) => {
      // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or a worker that could not start.
      logger.warn({ err: errorName(error) }, "la lectura del calendario falló");
      finish({ ok: false, error: FEED_ERRORS.parseFailed });
    });
    worker.once("exit", () => finish({ ok: false, error: FEED_ERRORS.parseFailed }));
  });
}

function errorName(error: unknown) {
  if (!(error instanceof Error)) return "error";
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : error.name;
}

// ─── The stored address and its busy times ───────────────────────────────────────────────────────

/** The address as the page shows it once saved: scheme and host, '…' and its last 4 characters. */
export function maskFeedUrl(raw: string) {
  const url = feedUrl(raw);
  const host = url ? `${url.protocol}//${url.host}/` : "";
  return `${host}…${raw.slice(-4)}`;
}

export interface BusyFeedStatus {
  configured: boolean;
  /** The address, masked; null when there is none. */
  masked: string | null;
  fetchedAt: Date | null;
  /** Busy times stored by the last successful fetch. */
  count: number | null;
  /** The last fetch's error, when it failed. */
  error: string | null;
}

export async function busyFeedStatus(db: Db): Promise<BusyFeedStatus> {
  const [row] = await db.select().from(bookingConfig).where(eq(bookingConfig.id, 1));
  return {
    configured: Boolean(row?.busyFeedUrl),
    masked: row?.busyFeedUrl ? maskFeedUrl(row.busyFeedUrl) : null,
    fetchedAt: row?.busyFeedFetchedAt ?? null,
    count: row?.busyFeedCount ?? null,
    error: row?.busyFeedError ?? null,
  };
}

export type RefreshResult = { ok: true; count: number } | { ok: false; error: string } | null;

/** The calendar's address (a secret: for the fetcher and the processors' list, never a page). */
export async function busyFeedAddress(db: Db) {
  const [row] = await db
    .select({ url: bookingConfig.busyFeedUrl })
    .from(bookingConfig)
    .where(eq(bookingConfig.id, 1));
  return row?.url ?? null;
}

/**
 * Fetches the stored address once and, when it can be read, replaces every busy time in one
 * transaction (a failure keeps the previous ones). The configuration row is locked for the
 * replacement, so instances fetching at the same time replace one after the other, and a
 * calendar removed or changed meanwhile is left alone. Null when there is no address. The
 * file is read in a worker thread within `parseBudgetMs` (tests shorten it).
 */
export async function refreshBusyFeed(
  db: Db,
  options: FetchOptions & { now?: Date; parseBudgetMs?: number } = {},
): Promise<RefreshResult> {
  const url = await busyFeedAddress(db);
  if (!url) return null;
  const now = options.now ?? new Date();
  const fetched = await fetchFeed(url, options);
  let result: { ok: true; count: number } | { ok: false; error: string };
  let intervals: { start: number; end: number }[] = [];
  if (!fetched.ok) {
    result = fetched;
  } else {
    const { horizonDays } = await getBookingConfig(db);
    const read = await readBusyTimes(
      fetched.text,
      now.getTime(),
      now.getTime() + (horizonDays + 1) * DAY_MS,
      options.parseBudgetMs,
    );
    if (read.ok) {
      intervals = read.intervals;
      result = { ok: true, count: intervals.length };
    } else {
      result = read;
    }
  }
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ url: bookingConfig.busyFeedUrl })
      .from(bookingConfig)
      .where(eq(bookingConfig.id, 1))
      .for("update");
    if (current?.url !== url) return;
    if (result.ok) {
      await tx.delete(busyTimes);
      for (let i = 0; i < intervals.length; i += 1000) {
        await tx
          .insert(busyTimes)
          .values(
            intervals
              .slice(i, i + 1000)
              .map((b) => ({ startsAt: new Date(b.start), endsAt: new Date(b.end) })),
          );
      }
    }
    await tx
      .update(bookingConfig)
      .set({
        busyFeedFetchedAt: now,
        busyFeedCount: result.ok ? result.count : null,
        busyFeedError: result.ok ? null : result.error,
      })
      .where(eq(bookingConfig.id, 1));
  });
  return result;
}

export type SetFeedResult =
  { ok: true; refreshed: Exclude<RefreshResult, null> } | (FormFailure & { status: 400 });

/** Saves a new address (an administrator's), then fetches it once. */
export async function setBusyFeed(
  db: Db,
  actor: Actor,
  input: unknown,
  ip: string,
  options: FetchOptions = {},
): Promise<SetFeedResult> {
  const parsed = parseWith(BusyFeedFormSchema, input);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const url = feedUrl(parsed.data.url)!.href;
  const reset = { busyFeedUrl: url, busyFeedFetchedAt: null, busyFeedCount: null };
  await db
    .insert(bookingConfig)
    .values({ id: 1, data: DEFAULT_BOOKING_CONFIG, ...reset, busyFeedError: null })
    .onConflictDoUpdate({ target: bookingConfig.id, set: { ...reset, busyFeedError: null } });
  // The address is a secret: the log says only that it changed.
  await audit(db, { action: "busy_feed_set", actor, ip });
  const refreshed = await refreshBusyFeed(db, options);
  return refreshed ? { ok: true, refreshed } : { ...formFailure(FEED_ERRORS.invalid), status: 400 };
}

/** Forgets the address and every busy time it gave. */
export async function removeBusyFeed(db: Db, actor: Actor, ip: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(bookingConfig)
      .set({
        busyFeedUrl: null,
        busyFeedFetchedAt: null,
        busyFeedCount: null,
        busyFeedError: null,
      })
      .where(eq(bookingConfig.id, 1));
    await tx.delete(busyTimes);
  });
  await audit(db, { action: "busy_feed_removed", actor, ip });
}

/** Every 15 minutes: fetch the calendar when there is one (the address is never logged). */
export function startBusyFeedJob(getDb: () => Promise<Db>, intervalMs = BUSY_FEED_INTERVAL_MS) {
  return startPeriodicJob(
    async () => {
      try {
        const result = await refreshBusyFeed(await getDb());
        if (result && !result.ok) {
          logger.warn({ reason: result.error }, "no se pudo leer el calendario ocupado");
        }
      } catch (error) {
        logger.error(
          { err: error instanceof Error ? error.name : "error" },
          "error al actualizar el calendario ocupado",
        );
      }
    },
    { firstMs: 20_000, intervalMs },
  );
}
