import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { QR_LABEL, qrCodeSvg } from "./qr-code.server";

describe("the enrolment QR code", () => {
  const uri = "otpauth://totp/Consulta:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Consulta";

  it("is an SVG image with a Spanish name, and nothing the CSP would have to allow", async () => {
    const svg = await qrCodeSvg(uri);
    expect(svg).toMatch(/^<svg role="img" aria-label="[^"]+" focusable="false" xmlns=/);
    expect(svg).toContain(`aria-label="${QR_LABEL}"`);
    expect(svg.endsWith("</svg>")).toBe(true);
    // No script, no event handler, no style attribute or element, no external reference.
    expect(svg).not.toMatch(/<script|\son\w+=|style|href|<image|<foreignObject/i);
  });

  it("draws the modules of the address's QR code, with its quiet zone", async () => {
    const svg = await qrCodeSvg(uri);
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: "M" });
    const side = modules.size + 8;
    expect(svg).toContain(`viewBox="0 0 ${side} ${side}"`);
    // Every dark module is one unit of a horizontal stroke: their total length is the count.
    const dark = Array.from(modules.data).filter(Boolean).length;
    const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg)![1]!;
    const drawn = [...path.matchAll(/h(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(drawn).toBe(dark);
    // A different address, a different drawing.
    expect(await qrCodeSvg(uri.replace("JBSWY3DP", "KRSXG5CT"))).not.toBe(svg);
  });
});
