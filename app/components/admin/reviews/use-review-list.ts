import { useEffect } from "react";
import { useFetcher, useRevalidator } from "react-router";

const REFRESH_MS = 30_000;

/** Opening the page clears the new-review notice, by a POST once it is shown (never by the GET). */
export function useMarkReviewsSeen() {
  const seen = useFetcher();
  useEffect(() => {
    void seen.submit({ intent: "seen", auto: "1" }, { method: "post" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit
  }, []);
}

/**
 * The list refreshes every 30 s and after each change (loaders revalidate);
 * docs/product.md#admin-area.
 */
export function useListRefresh() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => void revalidator.revalidate(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
}
