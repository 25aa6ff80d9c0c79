/**
 * What the first screen does not need waits until it has been shown: the heading font, the web
 * app manifest and, on public pages read by visitors, the hydration (hydrate-after-paint.server.ts
 * hands its start to `window.__afterFirstScreen`).
 *
 * "Shown" is: the load event has fired (the document and its first images are in) and the first
 * contentful paint has been presented (its time is known only then: it can come well after the
 * paint was made), plus one frame. Anything requested before that competes with the first screen
 * and, when it arrives first on a fast connection, Lighthouse's simulation of a slow phone counts
 * it before the first (or the largest) paint: the font before the first text, the hydration
 * modules or the manifest before an article's cover.
 *
 * The heading font: the stylesheet names "Fraunces" first but declares no such font (only where
 * no script runs, app.css), so headings start in the metric-adjusted fallback; this script adds
 * the font (CSS Font Loading API) at that moment, once it has arrived: one relayout, in one short
 * task. Coming from another page of the site the font is most likely in the cache already: it is
 * added at once, like a stylesheet's font, so headings do not change font in front of the reader.
 * The manifest (for installing the site on a phone) is fetched by Chrome as soon as its <link> is
 * read: it is linked at that moment too.
 */
import headingFontUrl from "../../node_modules/.cache/heading-font/fraunces-600.woff2?url";

export const MANIFEST_URL = "/site.webmanifest";

declare global {
  interface Window {
    /** Runs `task` once the first screen has been shown (at once if it has). */
    __afterFirstScreen?: (task: () => void) => void;
  }
}

/** Runs in the browser before any bundle: self-contained, serialised with `toString()`. */
function install(fontUrl: string, manifestUrl: string) {
  const tasks: (() => void)[] = [];
  let shown = false;
  window.__afterFirstScreen = (task) => (shown ? task() : tasks.push(task));
  let loaded = false;
  let painted = !window.PerformanceObserver?.supportedEntryTypes?.includes("paint");
  const next = () => {
    if (!loaded || !painted) return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        shown = true;
        tasks.splice(0).forEach((task) => task());
      }, 0),
    );
  };
  if (!painted) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      painted = true;
      next();
    }).observe({ type: "paint", buffered: true });
  }
  addEventListener("load", () => {
    loaded = true;
    next();
  });

  const face = new FontFace("Fraunces", `url(${fontUrl}) format("woff2")`, {
    weight: "600",
    display: "swap",
  });
  let fromThisSite = false;
  try {
    fromThisSite = new URL(document.referrer).origin === location.origin;
  } catch {
    // No referrer (an address typed, a bookmark, another site's policy).
  }
  if (fromThisSite) document.fonts.add(face);
  window.__afterFirstScreen(() => {
    const manifest = document.createElement("link");
    manifest.rel = "manifest";
    manifest.href = manifestUrl;
    document.head.append(manifest);
    // Without the font (offline, blocked) headings keep the fallback.
    if (!fromThisSite)
      face.load().then(
        () => document.fonts.add(face),
        () => {},
      );
  });
}

export function afterFirstScreenScript() {
  return `(${install.toString()})(${JSON.stringify(headingFontUrl)},${JSON.stringify(MANIFEST_URL)});`;
}
