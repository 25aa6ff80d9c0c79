import { and, count, eq, gt, isNotNull, sql } from "drizzle-orm";
import { type Db, type DbHandle, getDbHandle } from "~/db/client.server";
import { reviews, user } from "~/db/schema";
import { logger } from "~/utils/logger.server";

/**
 * The new-review notice (D15, D16): visitor reviews newer than the person's last visit to the
 * reviews page. A new review NOTIFYs this channel in the transaction that stores it, so every
 * server instance hears it on commit and tells the admin pages it has open (server-sent events).
 */
export const NEW_REVIEW_CHANNEL = "new_review";

/** Inside the storing transaction: delivered to listeners only if it commits. */
export async function announceNewReview(tx: Pick<Db, "execute">, id: number) {
  await tx.execute(sql`select pg_notify(${NEW_REVIEW_CHANNEL}, ${String(id)})`);
}

export interface ReviewNotice {
  /** Every review, published or not. */
  total: number;
  /** Reviews sent by visitors (compared between refreshes: growth means a toast). */
  received: number;
  /** Visitor reviews created after this person last opened the reviews page. */
  fresh: number;
}

export async function reviewNotice(db: Db, userId: string): Promise<ReviewNotice> {
  const [[all], [mine]] = await Promise.all([
    db.select({ total: count(), received: count(reviews.consentAt) }).from(reviews),
    db
      .select({ n: count() })
      .from(reviews)
      .innerJoin(user, eq(user.id, userId))
      .where(
        and(
          isNotNull(reviews.consentAt),
          gt(reviews.createdAt, sql`coalesce(${user.reviewsSeenAt}, ${user.createdAt})`),
        ),
      ),
  ]);
  return { total: all?.total ?? 0, received: all?.received ?? 0, fresh: mine?.n ?? 0 };
}

/** Clears the notice: called only from the reviews page's POST (intent=seen), never a GET. */
export async function markReviewsSeen(db: Db, userId: string) {
  await db.update(user).set({ reviewsSeenAt: new Date() }).where(eq(user.id, userId));
}

// ---- Live stream -------------------------------------------------------------------------

type Listener = (reviewId: string) => void;
const listeners = new Set<Listener>();
let subscription: { handle: DbHandle; ready: Promise<unknown> } | null = null;

/** One LISTEN per process (per database handle), shared by every open stream. */
async function subscribe(listener: Listener) {
  const handle = await getDbHandle();
  if (subscription?.handle !== handle) {
    const ready = handle
      .listen(NEW_REVIEW_CHANNEL, (id) => listeners.forEach((l) => l(id)))
      .catch((err: unknown) => logger.warn({ err }, "no se pudo escuchar las reseñas nuevas"));
    subscription = { handle, ready };
  }
  await subscription.ready;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const open = new Set<() => void>();
const HEARTBEAT_MS = 25_000;

/**
 * A `text/event-stream` response: `event: resena` with the review id on each new review, a
 * comment every 25 s so proxies keep the connection, and `retry` so the browser reconnects.
 */
export async function newReviewStream(signal: AbortSignal): Promise<Response> {
  const encoder = new TextEncoder();
  let close = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const unsubscribe = await subscribe((id) => send(`event: resena\ndata: ${id}\n\n`));
      const heartbeat = setInterval(() => send(": latido\n\n"), HEARTBEAT_MS);
      heartbeat.unref();
      close = () => {
        if (!open.delete(close)) return;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      open.add(close);
      if (signal.aborted) close();
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

/** On shutdown: ends every open stream so the HTTP server can close. */
export function closeReviewStreams() {
  for (const close of [...open]) close();
}
