import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { notify } from "~/utils/notify";
import { showDesktopNotification } from "~/utils/desktop-notifications";
import { writeNewReviewsFlag } from "~/utils/new-reviews";

const FALLBACK_MS = 30_000;

/**
 * Keeps the admin pages' review data and inbox counts live: a server-sent event per new review or
 * inbox change (from any instance, via LISTEN/NOTIFY) reloads the loaders; while the stream is down, a 30 s timer does.
 * When visitors' reviews grow and the previous count was above 0, a toast and a desktop
 * notification (docs/product.md#new-review-notice).
 */
export function useLiveReviews(
  notice: { total: number; received: number; fresh: number } | null,
  waitingRequests = 0,
) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    const source = "EventSource" in window ? new EventSource("/api/eventos") : null;
    source?.addEventListener("resena", () => void revalidate.current());
    // A message arrived or was read (here, in another tab or by a colleague): the counts follow.
    source?.addEventListener("mensajes", () => void revalidate.current());
    // An appointment was requested, confirmed or cancelled: the agenda and its count follow.
    source?.addEventListener("citas", () => void revalidate.current());
    const timer = setInterval(() => {
      if (source?.readyState !== EventSource.OPEN) void revalidate.current();
    }, FALLBACK_MS);
    return () => {
      clearInterval(timer);
      source?.close();
    };
  }, []);

  // Growth from visitors only: a review staff typed in themselves is not news.
  const previous = useRef<{ total: number; received: number } | null>(null);
  const total = notice?.total ?? 0;
  const received = notice?.received ?? 0;
  useEffect(() => {
    const before = previous.current;
    previous.current = { total, received };
    if (!before || before.total <= 0 || received <= before.received) return;
    const added = received - before.received;
    const text =
      added === 1 ? "Ha llegado una reseña nueva." : `Han llegado ${added} reseñas nuevas.`;
    notify({ type: "info", title: "Nueva reseña recibida", description: text });
    void showDesktopNotification("Nueva reseña recibida", text);
  }, [total, received]);

  // A new appointment request: the same toast and desktop notification as a review.
  const waitingBefore = useRef<number | null>(null);
  useEffect(() => {
    const before = waitingBefore.current;
    waitingBefore.current = waitingRequests;
    if (before === null || waitingRequests <= before) return;
    const text = "Hay una solicitud de cita nueva en Citas.";
    notify({ type: "info", title: "Nueva solicitud de cita", description: text });
    void showDesktopNotification("Nueva solicitud de cita", text);
  }, [waitingRequests]);

  const fresh = notice?.fresh ?? 0;
  useEffect(() => writeNewReviewsFlag(fresh > 0), [fresh]);
}
