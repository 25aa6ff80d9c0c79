import { closest, plainClick, reveal } from "./dom";

/**
 * The phone menu. The server renders a link to the #menu list (shown by CSS when the address ends
 * in #menu: it works before this script and without it) and a hidden button; here the button
 * replaces the link and opens the menu as a modal <dialog> sliding up from the bottom (the
 * browser keeps the focus inside, Escape closes it, the page behind is inert).
 */
export function startMenu() {
  const dialog = document.querySelector<HTMLDialogElement>("dialog[data-menu]");
  if (!dialog) return;
  const links = document.querySelectorAll<HTMLElement>("[data-menu-link]");
  const keepFocus = [...links].some((link) => link === document.activeElement);
  for (const link of links) link.hidden = true;
  reveal("[data-menu-open]");
  const button = document.querySelector<HTMLButtonElement>("[data-menu-open]");
  if (keepFocus) button?.focus();

  const setExpanded = (open: boolean) => button?.setAttribute("aria-expanded", String(open));
  dialog.addEventListener("close", () => setExpanded(false));
  document.addEventListener("click", (event) => {
    if (closest(event, "[data-menu-open]")) {
      dialog.showModal();
      setExpanded(true);
      return;
    }
    if (!dialog.open) return;
    // The close button, a click on the backdrop (the dialog itself, outside its content) or a
    // link inside: the menu closes first; a link then does what it does.
    if (closest(event, "[data-menu-close]") || event.target === dialog) dialog.close();
    else if (plainClick(event) && closest(event, "a[href]")) dialog.close();
  });
}
