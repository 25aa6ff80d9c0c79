import { createHash, randomBytes } from "node:crypto";

/**
 * A random 256-bit token for a link sent to someone (a booking, an invitation, a preview), and
 * the SHA-256 the database keeps of it: the database alone opens nothing.
 */
export function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

/** The hash a token is looked up by. */
export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** Whether a value has the shape of `newToken`'s tokens (checked before any query). */
export function isToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}
