import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { pageKind } from "~/utils/page-kind";

// From the admin area and the account pages, a link to a public page loads it as a document, as
// every public page is loaded (docs/decisions/020): React Router's <Link> never sees the click.
window.addEventListener(
  "click",
  (event) => {
    if (pageKind(window.location.pathname) !== "app") return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if (link.target || link.hasAttribute("download") || pageKind(link.pathname) === "app") return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.stopPropagation();
  },
  true,
);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
