import { describe, expect, it } from "vitest";
import { domainKey, HOLD_LIMITS, holdRefusal, mailboxKey } from "./holds";

describe("caps on unconfirmed holds", () => {
  it("reads one mailbox behind its aliases", () => {
    expect(mailboxKey("Lucia.Perez@Gmail.com")).toBe("luciaperez@gmail.com");
    expect(mailboxKey("l.u.c.i.a.perez+cita@googlemail.com")).toBe("luciaperez@gmail.com");
    expect(mailboxKey("ana+web@consulta.es")).toBe("ana@consulta.es");
    // Dots matter outside Gmail.
    expect(mailboxKey("ana.gil@consulta.es")).toBe("ana.gil@consulta.es");
  });

  it("counts the registered domain, not its subdomains", () => {
    expect(domainKey("a@consulta.es")).toBe("consulta.es");
    expect(domainKey("a@mail.x.consulta.es")).toBe("consulta.es");
    expect(domainKey("a@clinica.com.es")).toBe("clinica.com.es");
    expect(domainKey("a@eu.clinica.co.uk")).toBe("clinica.co.uk");
    expect(domainKey("a@googlemail.com")).toBe("gmail.com");
  });

  it("refuses a second hold for a mailbox, and a domain over its cap (higher for webmail)", () => {
    expect(holdRefusal("ana@consulta.es", [])).toBeNull();
    expect(holdRefusal("ana@consulta.es", ["Ana+1@consulta.es"])).toBe("email");
    const own = Array.from({ length: HOLD_LIMITS.perDomain }, (_, i) => `p${i}@consulta.es`);
    expect(holdRefusal("nueva@consulta.es", own.slice(1))).toBeNull();
    expect(holdRefusal("nueva@consulta.es", own)).toBe("domain");
    const gmail = own.map((e) => e.replace("consulta.es", "gmail.com"));
    expect(holdRefusal("nueva@gmail.com", gmail)).toBeNull();
    const full = Array.from({ length: HOLD_LIMITS.perSharedDomain }, (_, i) => `g${i}@gmail.com`);
    expect(holdRefusal("nueva@gmail.com", full)).toBe("domain");
    expect(holdRefusal("nueva@hotmail.es", full)).toBeNull();
  });
});
