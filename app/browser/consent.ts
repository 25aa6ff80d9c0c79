import { CONSENT_EVENT, type Consent, readConsent, saveConsent } from "~/utils/consent";
import { installAnalytics, reportPageView, uninstallAnalytics } from "./analytics";
import { closest } from "./dom";

/**
 * The cookie notice (AEPD guide, 2023) and the analytics it allows. The server renders the
 * banner hidden, with the measurement ID when analytics are configured in Ajustes; it is shown
 * here when there is something optional to consent to and no valid choice yet, or when the
 * footer's 'Configurar cookies' asks for it. 'Aceptar', 'Rechazar' and 'Configurar' look the same,
 * nothing is pre-ticked, and nothing optional loads before 'Aceptar'. Without JavaScript nothing
 * optional ever loads, so no banner is needed.
 */
export function startAnalyticsAndConsent() {
  const banner = document.querySelector<HTMLElement>("[data-consent]");
  if (!banner) return;
  const measurementId = banner.dataset.measurementId || null;
  const preferences = banner.querySelector<HTMLElement>("[data-consent-preferences]");
  const analyticsBox = banner.querySelector<HTMLInputElement>("[data-consent-analytics]");
  let consent = readConsent();

  const configure = (on: boolean) => {
    if (preferences) preferences.hidden = !on;
    for (const el of banner.querySelectorAll<HTMLElement>("[data-consent-choice=configure]"))
      el.hidden = on;
    for (const el of banner.querySelectorAll<HTMLElement>("[data-consent-choice=save]"))
      el.hidden = !on;
  };
  const open = (takeFocus: boolean) => {
    configure(takeFocus && Boolean(consent));
    if (analyticsBox) analyticsBox.checked = consent?.analytics ?? false;
    banner.hidden = false;
    // Opened from 'Configurar cookies': the focus moves here; a first visit does not steal it.
    if (takeFocus) banner.querySelector<HTMLElement>("h2")?.focus();
  };
  const apply = (next: Consent | null, before: Consent | null) => {
    if (!measurementId) return;
    if (next?.analytics) {
      installAnalytics(measurementId);
      if (!before?.analytics) reportPageView(measurementId);
    } else if (before?.analytics) uninstallAnalytics(measurementId);
  };

  window.addEventListener(CONSENT_EVENT, (event) => {
    const saved = (event as CustomEvent<{ saved?: Consent }>).detail.saved;
    if (!saved) return;
    const before = consent;
    consent = saved;
    banner.hidden = true;
    apply(saved, before);
  });
  document.addEventListener("click", (event) => {
    if (closest(event, "[data-consent-open]")) {
      event.preventDefault();
      open(true);
      return;
    }
    const choice = closest(event, "[data-consent-choice]")?.dataset.consentChoice;
    if (choice === "accept") saveConsent(true);
    else if (choice === "reject") saveConsent(false);
    else if (choice === "save") saveConsent(analyticsBox?.checked ?? false);
    else if (choice === "configure") configure(true);
    else if (choice === "close") banner.hidden = true;
  });

  if (!consent && measurementId) open(false);
  apply(consent, null);
}
