/**
 * The visitor's cookie choice (AEPD guide, 2023), kept in the browser under `cookie_consent` and
 * asked again after 24 months. Nothing optional is loaded until `analytics` is true. Read by the site
 * script (app/browser/consent.ts).
 */
export const CONSENT_KEY = "cookie_consent";
export const CONSENT_MAX_AGE_MS = 730 * 24 * 60 * 60 * 1000;
export const CONSENT_EVENT = "app:consent";

export interface Consent {
  analytics: boolean;
  /** ISO date of the choice. */
  at: string;
}

export function readConsent(now = Date.now()): Consent | null {
  try {
    const raw = window.localStorage.getItem(CONSENT_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<Consent>) : null;
    const at = parsed && typeof parsed.at === "string" ? Date.parse(parsed.at) : NaN;
    if (!parsed || typeof parsed.analytics !== "boolean" || !(now - at < CONSENT_MAX_AGE_MS)) {
      return null;
    }
    return { analytics: parsed.analytics, at: parsed.at! };
  } catch {
    return null;
  }
}

export function saveConsent(analytics: boolean) {
  const consent: Consent = { analytics, at: new Date().toISOString() };
  try {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify(consent));
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { saved: consent } }));
}
