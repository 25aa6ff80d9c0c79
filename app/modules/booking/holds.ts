/**
 * How many unconfirmed direct bookings ("holds") may be open at once, so a few people cannot keep
 * the agenda full with holds they never confirm (issue #32). A hold is open while it is `held` and
 * its time has not run out. Checked under the booking lock (booking.server.ts), so concurrent
 * bookings cannot pass a limit together.
 */
export const HOLD_LIMITS = {
  /** Per e-mail address (as `mailboxKey` reads it): one; confirm it or wait for it to expire. */
  perEmail: 1,
  /** Per e-mail domain (as `domainKey` reads it): an attacker's own domain has endless addresses. */
  perDomain: 3,
  /**
   * Per shared webmail domain (SHARED_MAIL_DOMAINS): most real clients write from one of these, so
   * their cap is higher, lest one person's holds lock every Gmail user out.
   */
  perSharedDomain: 5,
  /** New holds per client address (rate-limit bucket) per hold period. */
  perIp: 2,
} as const;

/** Webmail providers shared by many unrelated people (the higher per-domain cap). */
export const SHARED_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com",
  "hotmail.com",
  "hotmail.es",
  "outlook.com",
  "outlook.es",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.es",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.es",
  "telefonica.net",
]);

/** Gmail ignores dots in the name and also answers at googlemail.com. */
const GMAIL = new Set(["gmail.com", "googlemail.com"]);

/**
 * One key per mailbox: lower case, without a `+tag` (sub-addressing reaches the same mailbox at
 * Gmail, Outlook, iCloud, Proton and most servers), and for Gmail without dots.
 */
export function mailboxKey(email: string) {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  let local = address.slice(0, at).split("+")[0]!;
  let domain = address.slice(at + 1);
  if (GMAIL.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/** Second-level labels under which a country code sells names (example.com.es, example.co.uk). */
const SECOND_LEVEL = new Set(["com", "co", "org", "net", "gob", "edu", "nom", "ac", "gov"]);

/**
 * The domain a cap counts: the registered name, so `a@x.example.com` and `b@y.example.com` share
 * one (without the full public-suffix list: two labels, or three under `com.es`-like names).
 */
export function domainKey(email: string) {
  const domain = mailboxKey(email).split("@")[1] ?? "";
  const labels = domain.split(".").filter(Boolean);
  if (labels.length <= 2) return labels.join(".");
  const keep = labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!) ? 3 : 2;
  return labels.slice(-keep).join(".");
}

export type HoldRefusal = "email" | "domain";

/**
 * Whether one more hold for `email` fits beside the open holds' addresses: `null` when it does,
 * otherwise which cap it would pass.
 */
export function holdRefusal(email: string, openHoldEmails: string[]): HoldRefusal | null {
  const mailbox = mailboxKey(email);
  if (openHoldEmails.filter((e) => mailboxKey(e) === mailbox).length >= HOLD_LIMITS.perEmail) {
    return "email";
  }
  const domain = domainKey(email);
  const cap = SHARED_MAIL_DOMAINS.has(domain) ? HOLD_LIMITS.perSharedDomain : HOLD_LIMITS.perDomain;
  if (openHoldEmails.filter((e) => domainKey(e) === domain).length >= cap) return "domain";
  return null;
}
