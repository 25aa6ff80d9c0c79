/**
 * The site script: what public pages do in the browser without a framework (docs/decisions/020).
 * Loaded by every public page as one small module. It works on elements the server rendered with
 * `data-*` attributes, mostly by delegation from the document. A control that needs this script is
 * rendered `hidden` and shown here: before the script runs, a visitor only sees links, forms and
 * <details>, which work by themselves.
 */
import { startAnalyticsAndConsent } from "./consent";
import { startBlogSearch } from "./blog-search";
import { startCarousel } from "./carousel";
import { startContact } from "./contact";
import { startCrisisWatch } from "./crisis-watch";
import { startForms } from "./forms";
import { startInPlace } from "./in-place";
import { startMenu } from "./menu";
import { startNewReviewsFlag } from "./new-reviews";
import { startPageNotice } from "./notice";
import { startPrefetch } from "./prefetch";
import { startReviewDialog } from "./review-dialog";
import { startSections } from "./sections";
import { startShare } from "./share";
import { startSignaturePad } from "./signature";

function start() {
  startMenu();
  startSections();
  startShare();
  startAnalyticsAndConsent();
  startNewReviewsFlag();
  startBlogSearch();
  startCarousel();
  // Before startForms: a form answered in place is not posted as a page.
  startInPlace();
  startContact();
  startReviewDialog();
  startForms();
  startPageNotice();
  startSignaturePad();
  startCrisisWatch();
  startPrefetch();

  // Nothing hydrates a public page: this script taking over is the moment browser tests wait for
  // (the admin area is marked by React once hydrated, app/root.tsx).
  document.documentElement.dataset.hydrated = "";
}

// Added from the <head> as a module, this script may run before the body is parsed (from the
// browser's cache it often does): it starts on the whole document.
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", start, { once: true });
} else {
  start();
}
