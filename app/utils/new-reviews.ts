/**
 * The browser side of the new-review notice: the flag kept in storage for the public header's
 * 'Acceder' dot (docs/product.md#new-review-notice); desktop notifications live in
 * desktop-notifications.ts, admin only.
 */
export const NEW_REVIEWS_FLAG = "new_reviews_notification";

export function readNewReviewsFlag() {
  try {
    return window.localStorage.getItem(NEW_REVIEWS_FLAG) === "true";
  } catch {
    return false;
  }
}

export function writeNewReviewsFlag(on: boolean) {
  try {
    if (on) window.localStorage.setItem(NEW_REVIEWS_FLAG, "true");
    else window.localStorage.removeItem(NEW_REVIEWS_FLAG);
  } catch {
    // storage unavailable (private mode): the dot is a convenience only
  }
}
