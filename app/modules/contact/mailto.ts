/**
 * A `mailto:` link whose address cannot add fields (`?cc=`, `&body=`): the address is encoded,
 * also for messages stored before the contact form rejected those characters.
 */
export function mailtoHref(address: string, subject?: string) {
  const to = `mailto:${encodeURIComponent(address)}`;
  return subject ? `${to}?subject=${encodeURIComponent(subject)}` : to;
}
