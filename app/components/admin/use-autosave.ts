import { useCallback, useEffect, useRef, useState } from "react";
import { AUTOSAVE_FIELDS, AUTOSAVE_PATH } from "~/modules/blog/autosave";

/** At most one autosave every this many milliseconds while the form keeps changing. */
export const AUTOSAVE_DELAY_MS = 3000;

export type AutosaveStatus =
  | { state: "idle" }
  | { state: "saved"; /** ISO instant the server kept the copy. */ at: string }
  | { state: "error" };

/**
 * Sends the open editor's unsaved text to the server (routes/resources/article-autosave.ts), a
 * draft copy that never touches the article. Call `notifyChange()` whenever the form changes (its
 * onChange, or a custom field such as a visual editor after it updates its posted value): the
 * copy goes at most every AUTOSAVE_DELAY_MS, and at once with a request that outlives the page
 * when the tab is hidden or closed. `getData()` reads the form as it is now (its FormData);
 * nothing is sent when it has not changed since the last copy. `cancel()` drops what is
 * pending and aborts a copy on its way (the form is being saved for real).
 */
export function useAutosave({
  enabled,
  original,
  getData,
  delayMs = AUTOSAVE_DELAY_MS,
}: {
  /** False for roles that cannot save articles, or while an older copy awaits a decision. */
  enabled: boolean;
  /** The article's slug when the editor opened; "" for a new article. */
  original: string;
  getData: () => FormData | null;
  delayMs?: number;
}) {
  const [status, setStatus] = useState<AutosaveStatus>({ state: "idle" });
  const options = useRef({ enabled, original, getData, delayMs });
  options.current = { enabled, original, getData, delayMs };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Changes not yet in a request. */
  const changed = useRef(false);
  const inFlight = useRef(false);
  /** Aborts the request on its way when the form is saved for real (`cancel`). */
  const abort = useRef<AbortController | null>(null);
  /** The body of the last copy the server kept (nothing is sent twice). */
  const lastSent = useRef<string | null>(null);

  const body = useCallback(() => {
    const data = options.current.getData();
    if (!data) return null;
    const params = new URLSearchParams({ intent: "save", original: options.current.original });
    for (const name of AUTOSAVE_FIELDS) {
      const value = data.get(name);
      params.set(name, typeof value === "string" ? value : "");
    }
    return params;
  }, []);

  const send = useCallback(async () => {
    timer.current = null;
    if (!options.current.enabled || inFlight.current) return;
    const params = body();
    changed.current = false;
    if (!params || params.toString() === lastSent.current) return;
    inFlight.current = true;
    const controller = new AbortController();
    abort.current = controller;
    try {
      const response = await fetch(AUTOSAVE_PATH, {
        method: "POST",
        body: params,
        signal: controller.signal,
        credentials: "same-origin",
        // A signed-out session answers with a redirect to /auth: a failure here, not a page.
        redirect: "manual",
        headers: { Accept: "application/json" },
      });
      const answer = response.ok
        ? ((await response.json()) as { ok?: boolean; savedAt?: string })
        : null;
      if (answer?.ok && answer.savedAt) {
        lastSent.current = params.toString();
        setStatus({ state: "saved", at: answer.savedAt });
      } else {
        setStatus({ state: "error" });
      }
    } catch {
      // Aborted because the article is being saved: not a failure.
      if (!controller.signal.aborted) setStatus({ state: "error" });
    } finally {
      inFlight.current = false;
      abort.current = null;
      // Typed while the request was on its way: that goes in the next one.
      if (changed.current && options.current.enabled && !timer.current) {
        timer.current = setTimeout(() => void send(), options.current.delayMs);
      }
    }
  }, [body]);

  const notifyChange = useCallback(() => {
    // Paused, the change is remembered and goes once autosave resumes (effect below).
    changed.current = true;
    if (!options.current.enabled) return;
    if (!timer.current && !inFlight.current) {
      timer.current = setTimeout(() => void send(), options.current.delayMs);
    }
  }, [send]);

  useEffect(() => {
    if (enabled && changed.current && !timer.current && !inFlight.current) {
      timer.current = setTimeout(() => void send(), options.current.delayMs);
    }
  }, [enabled, send]);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    changed.current = false;
    // A copy still on its way could reach the server after the save deleted the copy, and be
    // offered later as unsaved changes.
    abort.current?.abort();
  }, []);

  useEffect(() => {
    // Leaving (tab hidden, closed, another page): what is pending goes now, as a beacon.
    const flush = () => {
      if (!options.current.enabled || (!changed.current && !timer.current)) return;
      const params = body();
      if (!params || params.toString() === lastSent.current) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      // A beacon carries up to 64 KB; a longer text keeps its last copy from the timer.
      if (navigator.sendBeacon?.(AUTOSAVE_PATH, params)) {
        changed.current = false;
        lastSent.current = params.toString();
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", flush);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", flush);
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [body]);

  return { status, notifyChange, cancel };
}
