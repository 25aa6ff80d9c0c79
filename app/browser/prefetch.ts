import { closest } from "./dom";
import { pageKind } from "~/utils/page-kind";

/**
 * Navigation between public pages is a full navigation, served from the page cache. Browsers with
 * the Speculation Rules API prerender a page when the visitor shows intent (the rules in
 * app/root.tsx); elsewhere the page is fetched into the HTTP cache on the same intent (hover,
 * focus, touch): by the click, it is usually there.
 */
export function startPrefetch() {
  countPrerenderedView();
  if (HTMLScriptElement.supports?.("speculationrules")) return;
  const done = new Set<string>();
  const intent = (event: Event) => {
    const link = closest<HTMLAnchorElement>(event, "a[href]");
    if (!link || link.origin !== window.location.origin || link.search || link.target) return;
    if (pageKind(link.pathname) === "app" || link.pathname === window.location.pathname) return;
    if (link.pathname.includes(".") || done.has(link.pathname)) return;
    done.add(link.pathname);
    const hint = document.createElement("link");
    hint.rel = "prefetch";
    hint.href = link.pathname;
    document.head.append(hint);
  };
  for (const type of ["pointerover", "focusin", "touchstart"]) {
    document.addEventListener(type, intent, { passive: true });
  }
}

/**
 * The site's own visit counter (app/modules/analytics/page-views.server.ts) skips requests made
 * ahead of time (`Sec-Purpose: prefetch;prerender`): a page prepared on hover that the visitor never
 * opens is no visit. A page that is opened from what was prepared (prerendered and shown, or
 * loaded from the prefetched response, which the server never sees again) asks for itself once as
 * an ordinary request, which the counter counts like any page (and, signed in, does not).
 */
function countPrerenderedView() {
  const doc = document as Document & { prerendering?: boolean };
  const address = window.location.pathname + window.location.search;
  const count = () => void fetch(address, { cache: "no-store", priority: "low" }).catch(() => {});
  if (doc.prerendering) {
    doc.addEventListener("prerenderingchange", count, { once: true });
    return;
  }
  const [navigation] = performance.getEntriesByType("navigation") as Array<
    PerformanceNavigationTiming & { deliveryType?: string }
  >;
  if (navigation?.deliveryType === "navigational-prefetch") count();
}
