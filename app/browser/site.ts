/**
 * The site script: what public pages do in the browser without a framework (docs/decisions/020).
 * Loaded by every public page, content and island alike, as one small module. Everything works
 * by delegation from the document on elements the server rendered with `data-*` attributes, so
 * React may hydrate or re-render an island page around it. A control that needs this script is
 * rendered `hidden` and shown here: before the script runs, a visitor only sees links, forms and
 * <details>, which work by themselves.
 */
import { startAnalyticsAndConsent } from "./consent";
import { startBlogSearch } from "./blog-search";
import { startForms } from "./forms";
import { startMenu } from "./menu";
import { startNewReviewsFlag } from "./new-reviews";
import { startPageNotice } from "./notice";
import { startPrefetch } from "./prefetch";
import { startSections } from "./sections";
import { startShare } from "./share";

function start() {
  startMenu();
  startSections();
  startShare();
  startAnalyticsAndConsent();
  startNewReviewsFlag();
  startBlogSearch();
  startForms();
  startPageNotice();
  startPrefetch();

  // On a content page nothing hydrates: this script taking over is the moment browser tests wait
  // for (an island page is marked by React once hydrated, app/root.tsx).
  if (document.documentElement.dataset.kind === "content") {
    document.documentElement.dataset.hydrated = "";
  }
}

// Added from the <head> as a module, this script may run before the body is parsed (from the
// browser's cache it often does): it starts on the whole document.
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", start, { once: true });
} else {
  start();
}
