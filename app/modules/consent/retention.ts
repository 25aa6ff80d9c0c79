/**
 * How long signed consents are kept: at least 5 years from the client's last visit (clinical
 * documentation, Ley 41/2002 art. 17). The retention job applies it and the privacy policy states
 * it, from this one constant. Safe in the browser.
 */
export const CONSENT_RETENTION_YEARS = 5;

/** The day a consent whose last visit (or sending) was `from` is deleted. */
export function keptUntil(from: Date) {
  const until = new Date(from);
  until.setUTCFullYear(until.getUTCFullYear() + CONSENT_RETENTION_YEARS);
  return until;
}
