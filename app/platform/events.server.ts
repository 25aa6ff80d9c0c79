import { sql } from "drizzle-orm";
import { type Db, type DbHandle, getDbHandle } from "~/db/client.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

/**
 * The live-event bus for staff (docs/decisions/010-live-notices-for-staff.md): a domain NOTIFYs a
 * channel in the transaction that stores a change, so every server instance hears it on commit
 * and tells the admin pages it has open (server-sent events). Domains call the `announce…`
 * functions; this file imports no domain module.
 *
 * A new review (its count for the notice: app/modules/reviews/notice.server.ts).
 */
export const NEW_REVIEW_CHANNEL = "new_review";

/** Inside the storing transaction: delivered to listeners only if it commits. */
export async function announceNewReview(tx: Pick<Db, "execute">, id: number) {
  await tx.execute(sql`select pg_notify(${NEW_REVIEW_CHANNEL}, ${String(id)})`);
}

/**
 * The inbox changed (a message arrived, was read, answered or deleted): the admin pages of those
 * who read messages reload their counts (the sidebar's unread badge), in every tab and instance.
 * The event carries nothing but its name.
 */
export const INBOX_CHANNEL = "inbox_changed";

export async function announceInboxChange(tx: Pick<Db, "execute">) {
  await tx.execute(sql`select pg_notify(${INBOX_CHANNEL}, '')`);
}

/** Appointments changed (a request, a confirmation, a cancellation): the agenda and its count. */
export const AGENDA_CHANNEL = "agenda_changed";

export async function announceAgendaChange(tx: Pick<Db, "execute">) {
  await tx.execute(sql`select pg_notify(${AGENDA_CHANNEL}, '')`);
}

// ---- Live stream -------------------------------------------------------------------------

/**
 * A stored review (`resena`, with its id) or a change in the inbox (`mensajes`; the browser
 * drops an event without data, so it says `cambio`).
 */
type LiveEvent =
  | { name: "resena"; data: string }
  | { name: "mensajes"; data: "cambio" }
  | { name: "citas"; data: "cambio" };
type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();
let subscription: { handle: DbHandle; ready: Promise<unknown> } | null = null;

/** One LISTEN per channel and process (per database handle), shared by every open stream. */
async function subscribe(listener: Listener) {
  const handle = await getDbHandle();
  if (subscription?.handle !== handle) {
    const emit = (event: LiveEvent) => listeners.forEach((l) => l(event));
    const ready = Promise.all([
      handle.listen(NEW_REVIEW_CHANNEL, (id) => emit({ name: "resena", data: id })),
      handle.listen(INBOX_CHANNEL, () => emit({ name: "mensajes", data: "cambio" })),
      handle.listen(AGENDA_CHANNEL, () => emit({ name: "citas", data: "cambio" })),
    ]).catch((err: unknown) => logger.warn({ err }, "no se pudo escuchar los avisos en directo"));
    subscription = { handle, ready };
  }
  await subscription.ready;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const open = new Set<() => void>();
/** Session re-checks under way (awaited on shutdown, before the database closes). */
const inFlight = new Set<Promise<unknown>>();
/** userId → the close functions of that person's open streams (every session, this process). */
const byUser = new Map<string, Set<() => void>>();

/**
 * Limits (security review, item 7): a person may keep 5 streams open (tabs); the 6th is refused
 * with 429 instead of closing the oldest, because the browser would reconnect the closed one and
 * the tabs would take turns evicting each other. The process keeps at most 200 (503 past that).
 */
export const STREAM_LIMITS = { perUser: 5, perProcess: 200 };
/** Set by tests; otherwise `EVENTS_HEARTBEAT_MS` (validated at start-up: never below 100 ms). */
let heartbeatOverride: number | undefined;

/** For tests: a shorter heartbeat (also `EVENTS_HEARTBEAT_MS`). Applies to streams opened after. */
export function setHeartbeatMs(ms: number) {
  heartbeatOverride = ms;
}

export interface StreamOwner {
  userId: string;
  /** Whether this person reads messages: only then does the stream carry inbox changes. */
  readsMessages?: boolean;
  /** Told when appointments change (appointments.read). */
  readsAppointments?: boolean;
  /**
   * Re-checks, on each heartbeat, that the session that opened the stream is still valid and
   * still belongs to this person (sign-out on another instance, expiry, deletion, role change).
   */
  stillValid: () => Promise<boolean>;
}

const refusal = (status: 429 | 503, message: string) =>
  new Response(JSON.stringify({ message }), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": "60",
    },
  });

/**
 * A `text/event-stream` response: `event: resena` with the review id on each new review,
 * `event: mensajes` on each change in the inbox (for those who read messages), a comment on each
 * heartbeat (25 s) so proxies keep the connection, and `retry` so the browser
 * reconnects. Each heartbeat re-checks the session; `closeStreamsOf` ends a person's streams.
 */
export async function newReviewStream(signal: AbortSignal, owner: StreamOwner): Promise<Response> {
  // Counted synchronously, before any await, so parallel requests cannot overshoot the caps.
  const mine = byUser.get(owner.userId) ?? new Set<() => void>();
  if (mine.size >= STREAM_LIMITS.perUser) {
    return refusal(
      429,
      "Demasiadas pestañas con avisos en directo abiertas. Cierra alguna y vuelve a intentarlo.",
    );
  }
  if (open.size >= STREAM_LIMITS.perProcess) {
    return refusal(503, "El servidor está ocupado. Los avisos se comprobarán más tarde.");
  }
  const encoder = new TextEncoder();
  let closed = false;
  let cleanup = () => {};
  const close = () => {
    if (closed) return;
    closed = true;
    open.delete(close);
    mine.delete(close);
    if (mine.size === 0 && byUser.get(owner.userId) === mine) byUser.delete(owner.userId);
    cleanup();
  };
  // The slot is taken now; the stream's start fills in what closing must undo.
  open.add(close);
  mine.add(close);
  byUser.set(owner.userId, mine);
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const end = () => {
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      if (closed) return end();
      const unsubscribe = await subscribe((event) => {
        if (event.name === "mensajes" && !owner.readsMessages) return;
        if (event.name === "citas" && !owner.readsAppointments) return;
        send(`event: ${event.name}\ndata: ${event.data}\n\n`);
      });
      let checking = false;
      const heartbeat = setInterval(() => {
        if (checking) return;
        checking = true;
        const check = owner
          .stillValid()
          .catch(() => true) // a database hiccup is not a sign-out: check again next time
          .then((valid) => (valid ? send(": latido\n\n") : close()))
          .finally(() => {
            checking = false;
            inFlight.delete(check);
          });
        inFlight.add(check);
      }, heartbeatOverride ?? getEnv().EVENTS_HEARTBEAT_MS);
      heartbeat.unref();
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        end();
      };
      if (closed) return cleanup(); // closed while subscribing
      if (signal.aborted) return close();
      signal.addEventListener("abort", close, { once: true });
      send("retry: 5000\nevent: listo\ndata: ok\n\n");
    },
    cancel() {
      close();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}

/**
 * Ends every stream a person has open in this process: called on sign-out, role change and
 * removal. Other instances notice at their next heartbeat (the session re-check).
 */
export function closeStreamsOf(userId: string) {
  for (const close of [...(byUser.get(userId) ?? [])]) close();
}

/** Open streams (for tests and diagnostics). */
export function openStreamCount(userId?: string) {
  return userId === undefined ? open.size : (byUser.get(userId)?.size ?? 0);
}

/**
 * On shutdown: ends every open stream so the HTTP server can close. The promise settles when no
 * session re-check is still querying the database (await it before closing the database).
 */
export function closeReviewStreams() {
  for (const close of [...open]) close();
  return Promise.allSettled([...inFlight]);
}
