import { isIP } from "node:net";

/**
 * The address a rate limit is kept for. Express computes `req.ip` from X-Forwarded-For only when
 * the peer is a trusted proxy (TRUST_PROXY); anything that is not a real IP falls back to the
 * socket's own address. IPv4-mapped IPv6 becomes plain IPv4, and IPv6 clients are counted per /64
 * network (one subscriber usually holds a whole /64, so per-address limits would be free to dodge).
 */
export function rateLimitIp(ip: string | undefined, socketAddress: string | undefined): string {
  const candidate = ip && isIP(ip) ? ip : (socketAddress ?? "");
  return ipBucket(candidate);
}

export function ipBucket(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIP(mapped[1]!) === 4) return mapped[1]!;
  const version = isIP(ip);
  if (version === 4) return ip;
  if (version !== 6) return "";
  const groups = expandIpv6(ip);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" and a trailing IPv4 part). */
function expandIpv6(ip: string): number[] {
  let text = ip.split("%")[0]!.toLowerCase();
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  const all = tail === undefined ? left : [...left, ...Array<string>(missing).fill("0"), ...right];
  return all.map((g) => parseInt(g, 16));
}

/** True for "203.0.113.7", "10.0.0.0/8", "2001:db8::/32" (TRUST_PROXY entries). */
export function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split("/");
  if (extra !== undefined || !address) return false;
  const version = isIP(address);
  if (!version) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}
