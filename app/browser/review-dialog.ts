import { closest, plainClick } from "./dom";
import { ANSWERED } from "./in-place";

/** How long the thanks stay in view before the dialog closes by itself. */
const CLOSE_AFTER_MS = 1500;

/**
 * 'Dejar una reseña' on the landing page: a link to /resenas/nueva (what it does without this
 * script, or opened in a new tab), here a modal dialog holding the same form, which the server
 * rendered into the page (app/components/site/landing/reviews-section.tsx). The form is answered
 * in place (./in-place.ts); once the thanks show, the dialog closes by itself.
 */
export function startReviewDialog() {
  const dialog = document.querySelector<HTMLDialogElement>("dialog[data-review-dialog]");
  if (!dialog) return;
  document.addEventListener("click", (event) => {
    if (closest(event, "[data-review-close]")) {
      dialog.close();
      return;
    }
    if (!closest(event, "a[data-review-open]") || !plainClick(event)) return;
    event.preventDefault();
    dialog.showModal();
  });
  // A click on the backdrop (outside the dialog's box) closes it, as Escape does.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener(ANSWERED, (event) => {
    const answer = event.target;
    if (!(answer instanceof HTMLElement) || !answer.querySelector("[data-review-sent]")) return;
    setTimeout(() => dialog.close(), CLOSE_AFTER_MS);
  });
}
