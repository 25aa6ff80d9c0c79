/**
 * The only place a `mailto:` link is written (lint refuses one built by hand elsewhere:
 * eslint.config.js). The address is percent-encoded, so it cannot add fields (`?cc=`, `&body=`),
 * also for addresses stored before the forms refused those characters; `@` stays readable (RFC
 * 6068 lets it be). The subject and body are encoded the same way. An empty address leaves the
 * recipient to the person (a share link).
 */
export function mailtoHref(address: string, fields: { subject?: string; body?: string } = {}) {
  const to = encodeURIComponent(address).replace(/%40/g, "@");
  const query = (["subject", "body"] as const)
    .filter((name) => fields[name])
    .map((name) => `${name}=${encodeURIComponent(fields[name]!)}`)
    .join("&");
  return `mailto:${to}${query ? `?${query}` : ""}`;
}
