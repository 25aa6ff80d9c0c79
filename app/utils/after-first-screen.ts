/**
 * What the first screen does not need waits until it has been shown: the heading font and the
 * web app manifest.
 *
 * A web font that headings ask for in the stylesheet is requested while the page is laid out for
 * the first time, so it competes with the page's own requests and, on a fast connection, arrives
 * before the first paint, which then waits for it (Lighthouse's simulation of a slow phone counts
 * the whole font download before the first text). So the stylesheet names "Fraunces" first but
 * declares no such font (only where no script runs, app.css): headings start in the
 * metric-adjusted fallback, and this script, inline in the <head>, adds the font to the page
 * (CSS Font Loading API) once the page has loaded (its text and first images) and its first
 * contentful paint has been shown, and only once it has arrived: one relayout, in one short task.
 * Coming from another page of the site the font is most likely in the cache already: it is added
 * at once, like a stylesheet's font, so headings do not change font in front of the reader.
 *
 * The manifest (for installing the site on a phone) is fetched by Chrome as soon as its <link> is
 * read, next to the first screen's own requests (an article's cover); it is linked at that same
 * later moment.
 *
 * With HYDRATION=immediate (docs/decisions/014) nothing waits: the font is added and the manifest
 * linked while the <head> is read, as a stylesheet's @font-face and a <link> in the <head> would.
 */
import headingFontUrl from "../../node_modules/.cache/heading-font/fraunces-600.woff2?url";

export const MANIFEST_URL = "/site.webmanifest";

/** Runs in the browser before any bundle: self-contained, serialised with `toString()`. */
function install(fontUrl: string, manifestUrl: string, deferred: boolean) {
  const face = new FontFace("Fraunces", `url(${fontUrl}) format("woff2")`, {
    weight: "600",
    display: "swap",
  });
  const linkManifest = () => {
    const manifest = document.createElement("link");
    manifest.rel = "manifest";
    manifest.href = manifestUrl;
    document.head.append(manifest);
  };
  if (!deferred) {
    // Fetched when the first heading is laid out, like a stylesheet's font.
    document.fonts.add(face);
    linkManifest();
    return;
  }
  let fromThisSite = false;
  try {
    fromThisSite = new URL(document.referrer).origin === location.origin;
  } catch {
    // No referrer (an address typed, a bookmark, another site's policy).
  }
  if (fromThisSite) document.fonts.add(face);
  const afterFirstScreen = () => {
    linkManifest();
    // Without the font (offline, blocked) headings keep the fallback.
    if (!fromThisSite)
      face.load().then(
        () => document.fonts.add(face),
        () => {},
      );
  };
  // Once the load event has fired and the first contentful paint has been shown (its time is
  // known only then: it can come well after the paint was made), plus one frame.
  let loaded = false;
  let painted = !window.PerformanceObserver?.supportedEntryTypes?.includes("paint");
  const next = () => {
    if (loaded && painted) requestAnimationFrame(() => setTimeout(afterFirstScreen, 0));
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
}

/** The inline script's text; `deferred` false (HYDRATION=immediate) waits for nothing. */
export function afterFirstScreenScript(deferred = true) {
  return `(${install.toString()})(${JSON.stringify(headingFontUrl)},${JSON.stringify(MANIFEST_URL)},${deferred});`;
}
