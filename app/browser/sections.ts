import { closest, plainClick } from "./dom";

/**
 * The navigation's links to the landing page's sections (/#servicios…). On the landing page a
 * click scrolls smoothly there (unless the visitor asked for reduced motion) and moves the
 * keyboard focus with the view; from any other page the link is an ordinary navigation, and the
 * browser scrolls to the section once the landing page is read.
 */
export function startSections() {
  if (window.location.pathname !== "/") return;
  document.addEventListener("click", (event) => {
    const link = closest<HTMLAnchorElement>(event, 'a[href^="/#"]');
    if (!link || !plainClick(event)) return;
    const id = decodeURIComponent(link.hash.slice(1));
    const section = document.getElementById(id);
    if (!section) return;
    event.preventDefault();
    scrollToSection(section);
  });
  // Arriving with an address such as /#contacto: the browser has scrolled there, but a part of
  // the page above may still change height (the reviews strip when it hydrates).
  const arrived =
    window.location.hash &&
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
  if (arrived) keepInView(arrived, "auto");
}

function scrollToSection(section: HTMLElement) {
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const behavior = reduce ? "auto" : "smooth";
  section.scrollIntoView({ behavior, block: "start" });
  keepInView(section, behavior);
  window.history.replaceState(window.history.state, "", `/#${section.id}`);
  // The next Tab starts in the section.
  if (!section.hasAttribute("tabindex")) section.setAttribute("tabindex", "-1");
  section.focus({ preventScroll: true });
}

/**
 * For two seconds, scrolls to the section again whenever the page's height changes, unless the
 * visitor scrolls by themselves.
 */
function keepInView(section: HTMLElement, behavior: ScrollBehavior) {
  const USER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
  const observer = new ResizeObserver(() => section.scrollIntoView({ behavior, block: "start" }));
  const stop = () => {
    observer.disconnect();
    for (const type of USER_INPUT) window.removeEventListener(type, stop);
  };
  observer.observe(document.body);
  for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true });
  setTimeout(stop, 2_000);
}
