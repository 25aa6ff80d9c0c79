/**
 * The address a data-protection request is about (RGPD export and erasure), as the browser and
 * the server both read it.
 */
export const ADDRESS_INVALID = "Introduce un email válido";

/** The address as stored for comparison: trimmed, lower-case, at most 254 characters. */
export function normalizeAddress(raw: unknown) {
  return typeof raw === "string" ? raw.trim().toLowerCase().slice(0, 254) : "";
}

/**
 * Only the shape is checked (something@something, no whitespace): addresses stored before the
 * contact form rejected `?&=%` must still be found.
 */
export function looksLikeAddress(address: string) {
  return /^[^\s@]+@[^\s@]+$/.test(address);
}
