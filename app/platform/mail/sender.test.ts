import { describe, expect, it } from "vitest";
import { mailFromAddress, senderOf } from "./mail.server";

describe("the sender of an e-mail", () => {
  it("keeps MAIL_FROM's address under the name given, on one line", () => {
    expect(mailFromAddress("Consulta de Psicología <no-responder@localhost>")).toBe(
      "no-responder@localhost",
    );
    expect(mailFromAddress("avisos@ejemplo.es")).toBe("avisos@ejemplo.es");
    expect(senderOf("Consulta <avisos@ejemplo.es>", "Ana Martín")).toEqual({
      name: "Ana Martín",
      address: "avisos@ejemplo.es",
    });
    // A name cannot add a header.
    expect(senderOf("avisos@ejemplo.es", "Ana\r\nBcc: otro@ejemplo.es")).toEqual({
      name: "Ana Bcc: otro@ejemplo.es",
      address: "avisos@ejemplo.es",
    });
    // No name (or only control characters): MAIL_FROM as it is.
    expect(senderOf("Consulta <avisos@ejemplo.es>")).toBe("Consulta <avisos@ejemplo.es>");
    expect(senderOf("Consulta <avisos@ejemplo.es>", "\r\n")).toBe("Consulta <avisos@ejemplo.es>");
  });
});
