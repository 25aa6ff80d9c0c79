/**
 * The heading font never delays the first screen.
 *
 * A web font that a heading asks for is requested while the page is laid out for the first time,
 * so it competes with the page's own requests and, on a fast connection, arrives before the first
 * paint, which then waits for it (Lighthouse's simulation of a slow phone counts the whole font
 * download before the first text). So headings start in the metric-adjusted fallback and this
 * script, inline in the <head>, turns the font on (`web-font` on <html>, see app.css) once the
 * page has loaded (its text and first images) and its first contentful paint has been shown; it
 * swaps in when it arrives. Coming from another page of the site the font is most likely in the
 * cache already: it is used at once, so headings do not change font in front of the reader.
 * Without JavaScript, app.css uses it at once.
 */
export const WEB_FONT_CLASS = "web-font";

/** Runs in the browser before any bundle: self-contained, serialised with `toString()`. */
function install(className: string) {
  const on = () => document.documentElement.classList.add(className);
  let fromThisSite = false;
  try {
    fromThisSite = new URL(document.referrer).origin === location.origin;
  } catch {
    // No referrer (an address typed, a bookmark, another site's policy).
  }
  if (fromThisSite) return on();
  // Once the load event has fired and the first contentful paint has been shown (its time is
  // known only then: it can come well after the paint was made), plus one frame.
  let loaded = false;
  let painted = !window.PerformanceObserver?.supportedEntryTypes?.includes("paint");
  const next = () => {
    if (loaded && painted) requestAnimationFrame(() => setTimeout(on, 0));
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

export function webFontScript() {
  return `(${install.toString()})(${JSON.stringify(WEB_FONT_CLASS)});`;
}
