import { closest, reveal } from "./dom";

/** The server-rendered message of a content page (app/components/site/page-notice.tsx). */
export function startPageNotice() {
  const notice = document.querySelector<HTMLElement>("[data-page-notice]");
  if (!notice) return;
  reveal("[data-page-notice-close]", notice);
  const hide = () => notice.remove();
  document.addEventListener("click", (event) => {
    if (closest(event, "[data-page-notice-close]")) hide();
  });
  // Long enough to read; an error stays until it is closed.
  if (notice.getAttribute("role") !== "alert") setTimeout(hide, 8_000);
}
