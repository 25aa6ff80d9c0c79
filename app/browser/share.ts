import { closest, plainClick, reveal } from "./dom";

/**
 * Sharing (docs/product.md#sharing): plain links that work alone. Here: the landing page's
 * 'Compartir' uses the phone's own share sheet where there is one, the networks' links open in a
 * small window, and 'Copiar enlace' (hidden until now: it needs this script and the clipboard)
 * copies the address.
 */
export function startShare() {
  // Only where the browser lets a page write to the clipboard (HTTPS or this machine): elsewhere
  // the button would do nothing, and the address bar is the way to copy.
  if (window.isSecureContext) reveal("[data-copy-link]");
  document.addEventListener("click", (event) => {
    const summary = closest(event, "summary[data-share]");
    if (summary && navigator.share) {
      event.preventDefault();
      navigator
        .share({ title: summary.dataset.shareTitle, url: summary.dataset.shareUrl })
        .catch(() => {});
      return;
    }
    const network = closest<HTMLAnchorElement>(event, "a[data-share-window]");
    if (network && plainClick(event)) {
      const opened = window.open(
        network.href,
        "_blank",
        "width=600,height=400,noopener,noreferrer",
      );
      // With `noopener` some browsers return null even when the window opened; the link's own
      // new tab is then the fallback only where window.open does not exist.
      if (opened !== null || !window.open) event.preventDefault();
      return;
    }
    const copy = closest<HTMLButtonElement>(event, "button[data-copy-link]");
    if (copy) {
      const status = copy.parentElement?.querySelector<HTMLElement>("[data-copy-status]");
      void navigator.clipboard.writeText(copy.dataset.copyLink ?? window.location.href).then(
        () => {
          if (status) status.textContent = "Enlace copiado";
        },
        () => {
          if (status)
            status.textContent = "No se pudo copiar: copia la dirección de la barra del navegador.";
        },
      );
    }
  });
}
