import { readNewReviewsFlag, writeNewReviewsFlag } from "~/utils/new-reviews";

/**
 * The new-review notice in the public header (docs/product.md#new-review-notice). Signed in, the
 * server says whether reviews are waiting and the browser remembers it; signed out (a page the
 * cache serves to everyone), the remembered flag shows the dot next to 'Acceder'.
 */
export function startNewReviewsFlag() {
  const header = document.querySelector<HTMLElement>("[data-new-reviews]");
  if (header) writeNewReviewsFlag(header.dataset.newReviews === "1");
  else if (readNewReviewsFlag()) {
    for (const dot of document.querySelectorAll<HTMLElement>("[data-new-reviews-dot]"))
      dot.hidden = false;
  }
}
