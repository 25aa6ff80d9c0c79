import { describe, expect, it } from "vitest";
import { ipBucket, isAddressOrCidr, rateLimitIp } from "./client-ip.server";

describe("client address for rate limits", () => {
  it("keeps IPv4 and unwraps IPv4-mapped IPv6", () => {
    expect(ipBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(ipBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts IPv6 per /64 network, whatever the notation", () => {
    const bucket = "2001:db8:1:2::/64";
    expect(ipBucket("2001:db8:1:2::1")).toBe(bucket);
    expect(ipBucket("2001:0db8:0001:0002:ffff:eeee:dddd:cccc")).toBe(bucket);
    expect(ipBucket("2001:DB8:1:2:0:0:0:9")).toBe(bucket);
    expect(ipBucket("2001:db8:1:3::1")).not.toBe(bucket);
    expect(ipBucket("::1")).toBe("0:0:0:0::/64");
    expect(ipBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(ipBucket("2001:db8::1.2.3.4")).toBe("2001:db8:0:0::/64");
  });

  it("never passes on something that is not an address", () => {
    expect(ipBucket("")).toBe("");
    expect(ipBucket("not-an-ip")).toBe("");
    expect(ipBucket("1.2.3.4, 5.6.7.8")).toBe("");
    expect(rateLimitIp("evil\u0000", "127.0.0.1")).toBe("127.0.0.1");
    expect(rateLimitIp(undefined, "::ffff:10.0.0.2")).toBe("10.0.0.2");
    expect(rateLimitIp("198.51.100.4", "127.0.0.1")).toBe("198.51.100.4");
  });

  it("validates TRUST_PROXY entries", () => {
    for (const ok of ["127.0.0.1", "10.0.0.0/8", "172.17.0.1/32", "::1", "2001:db8::/32"])
      expect(isAddressOrCidr(ok)).toBe(true);
    for (const bad of [
      "",
      "loopback",
      "10.0.0.0/33",
      "::/129",
      "1.2.3.4/8/1",
      "10.0.0.0/x",
      "999.1.1.1",
    ])
      expect(isAddressOrCidr(bad)).toBe(false);
  });
});
