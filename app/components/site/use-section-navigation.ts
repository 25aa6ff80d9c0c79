import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { SCROLL_FIRST_WAIT_MS, SCROLL_GIVE_UP_MS, SCROLL_RETRY_MS } from "./nav-items";

/**
 * Content above the section can still change height just after the jump (a part of the page that
 * finishes loading, such as the reviews strip): for a moment, scroll to the section again when the
 * page's height changes, unless the visitor scrolls by themselves.
 */
function keepInView(el: HTMLElement, behavior: ScrollBehavior) {
  const USER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
  const observer = new ResizeObserver(() => el.scrollIntoView({ behavior, block: "start" }));
  const stop = () => {
    observer.disconnect();
    for (const type of USER_INPUT) window.removeEventListener(type, stop);
  };
  observer.observe(document.body);
  for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true });
  setTimeout(stop, KEEP_IN_VIEW_MS);
}
const KEEP_IN_VIEW_MS = 2_000;

function scrollToSection(id: string) {
  const el = document.getElementById(id);
  if (!el) return false;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const behavior = reduce ? "auto" : "smooth";
  el.scrollIntoView({ behavior, block: "start" });
  keepInView(el, behavior);
  window.history.replaceState(window.history.state, "", `/#${id}`);
  // Move keyboard focus with the view so the next Tab starts in the section.
  if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: true });
  return true;
}

/**
 * On the landing page, scroll smoothly to a section. From another page, go to / and, after a
 * first wait of 300 ms, retry every 80 ms until the section exists (docs/product.md#navigation).
 */
export function useSectionNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (id: string) => {
      if (location.pathname === "/") {
        scrollToSection(id);
        return;
      }
      // Keep React Router from resetting the scroll: the poll below does the scrolling.
      void navigate(`/#${id}`, { preventScrollReset: true });
      const started = Date.now();
      const attempt = () => {
        if (scrollToSection(id) || Date.now() - started > SCROLL_GIVE_UP_MS) return;
        setTimeout(attempt, SCROLL_RETRY_MS);
      };
      setTimeout(attempt, SCROLL_FIRST_WAIT_MS);
    },
    [location.pathname, navigate],
  );
}
