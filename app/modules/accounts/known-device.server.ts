import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/utils/env.server";

/**
 * Known devices: a browser where an account signed in before carries a signed cookie, and is never
 * held back by the sign-in lock-out (sign-in.server.ts) nor asked for a sign-in link.
 */

// A browser where an account signed in: "<random id>.<HMAC(AUTH_SECRET, email + id)>".
export const DEVICE_COOKIE = "consulta.device";

function deviceSignature(email: string, id: string) {
  return createHmac("sha256", getEnv().AUTH_SECRET)
    .update(`device:${email}:${id}`)
    .digest("base64url");
}

/** Set once the whole sign-in succeeded (password, and the code when the account has one). */
export function deviceCookie(email: string) {
  const id = crypto.randomUUID();
  const secure = getEnv().PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${id}.${deviceSignature(email, id)}; Path=/; Max-Age=${365 * 24 * 60 * 60}; HttpOnly; SameSite=Lax${secure}`;
}

export function isKnownDevice(cookie: string | null | undefined, email: string) {
  if (!cookie) return false;
  for (const pair of cookie.split(";")) {
    const [name, value] = pair.trim().split("=", 2);
    if (name !== DEVICE_COOKIE || !value) continue;
    const [id, signature] = value.split(".", 2);
    if (!id || !signature) continue;
    const expected = Buffer.from(deviceSignature(email, id));
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return false;
}
