/**
 * How long each kind of record is kept: the one definition that the daily retention job
 * (retention.server.ts) applies and the privacy policy (/privacidad) states. Plain constants, no
 * server code, so the policy page can import them.
 *
 * Contact messages follow Ajustes (`messageRetentionMonths`); pending e-mails are kept until
 * delivered or failed; expired sessions and verification tokens are deleted once expired.
 */
export const RETENTION = {
  /** rate_limit counters (every window is at most 15 minutes): deleted after this many hours. */
  rateLimitHours: 24,
  /** audit_log: the IP address is cleared after this many months… */
  auditIpMonths: 6,
  /** …and the whole entry deleted after this many months. */
  auditMonths: 24,
  /** Sign-ups that never confirmed their e-mail: the account is deleted after this many days. */
  unverifiedAccountDays: 7,
  /** mail_outbox rows sent this many days ago are deleted, and .eml copies this old too. */
  sentMailDays: 30,
  /** mail_outbox rows that failed (after every retry) are deleted this many days after queueing. */
  failedMailDays: 90,
  /** review_invitations (a client's address) are deleted this many days after they expire. */
  reviewInvitationDays: 30,
  /** article_preview_links are deleted this many days after they stop working. */
  previewLinkDays: 30,
  /** page_views daily counts (anonymous) are deleted after this many months. */
  pageViewMonths: 13,
  /** article_autosaves (an editor's unsaved copy) untouched for this many days are deleted. */
  articleAutosaveDays: 30,
} as const;

/** "1 mes", "6 meses" — for the policy text. */
export function months(n: number) {
  return n === 1 ? "1 mes" : `${n} meses`;
}

/** "1 día", "7 días". */
export function days(n: number) {
  return n === 1 ? "1 día" : `${n} días`;
}
