import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { composeConsentPdf, composeTextPdf, drawable, madridDateTime } from "./pdf.server";
import { EIPD_TEMPLATE, fillTemplate, STARTING_DOCUMENTS } from "./starting-texts";

const pages = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

const INPUT = {
  practice: { name: "Laura Martín", title: "Psicóloga General Sanitaria · Col. M-12345" },
  clientName: "Marta Gómez",
  documents: [
    { ...STARTING_DOCUMENTS.general, sha256: "a".repeat(64), version: 2 },
    { ...STARTING_DOCUMENTS.data, sha256: "b".repeat(64), version: 1 },
  ],
  answers: [
    { question: "¿Qué te trae a consulta?", answer: "Ansiedad antes de los exámenes" },
    { question: "¿Tomas alguna medicación?", answer: "" },
  ],
  signer: { name: "Marta Gómez Ruiz", idNumber: "12345678Z", role: "Persona atendida" },
  signedAt: new Date("2026-11-28T09:05:00Z"),
  ip: "192.0.2.7",
  userAgent: "Mozilla/5.0 (iPhone)",
  requestId: "0b7f3a1e-0000-4000-8000-000000000001",
};

async function drawnSignature() {
  const line =
    '<svg width="300" height="100"><path d="M10 80 L150 20 L290 70" stroke="#000" stroke-width="4" fill="none"/></svg>';
  return sharp({ create: { width: 300, height: 100, channels: 3, background: "#ffffff" } })
    .composite([{ input: Buffer.from(line) }])
    .png()
    .toBuffer();
}

describe("the starting texts, drawn as PDFs", () => {
  it("composes the documents, the answers and the drawn signature", async () => {
    const withSignature = await composeConsentPdf({ ...INPUT, signature: await drawnSignature() });
    const without = await composeConsentPdf({ ...INPUT, signature: null, answers: null });
    expect(withSignature.subarray(0, 5).toString()).toBe("%PDF-");
    // Both starting documents take several A4 pages; the answers add to them.
    expect(pages(without)).toBeGreaterThanOrEqual(3);
    expect(pages(withSignature)).toBeGreaterThanOrEqual(pages(without));
    expect(withSignature.length).toBeGreaterThan(without.length);
    // The drawn signature is an image in the file, and only there.
    expect(withSignature.toString("latin1")).toContain("/Subtype /Image");
    expect(without.toString("latin1")).not.toContain("/Subtype /Image");
    // The metadata do not name the software that drew it.
    expect(without.toString("latin1")).not.toContain("PDFKit");
  });

  it("never fails on text the standard fonts cannot draw, nor on tables and raw HTML", async () => {
    expect(drawable("Año, ¿qué tal? «bien» — €")).toBe("Año, ¿qué tal? «bien» — €");
    expect(drawable("Hola 😊 你好")).toBe("Hola ? ??");
    const pdf = await composeConsentPdf({
      ...INPUT,
      signature: null,
      clientName: "Zoë 😊",
      documents: [
        {
          title: "Título 你好",
          body: "Texto con <b>HTML</b> y 🎉\n\n| Dato | Plazo |\n|---|---|\n| Historia | 5 años |\n\n1. uno\n   - dos\n\n---\n\n`código`",
          sha256: "c".repeat(64),
          version: 1,
        },
      ],
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(madridDateTime(new Date("2026-11-28T09:05:00Z"))).toBe(
      "28 de noviembre de 2026, 10:05 (hora de Madrid)",
    );
  });

  it("composes the impact assessment's template with its blanks filled", async () => {
    const filled = fillTemplate(EIPD_TEMPLATE, { consulta: "Consulta X", responsable: "Laura" });
    expect(filled).toContain("Consulta X");
    expect(filled).toContain("Próxima revisión: ____");
    const pdf = await composeTextPdf("Evaluación de impacto", filled, "Plantilla de partida");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pages(pdf)).toBeGreaterThanOrEqual(2);
    expect(pages(await composeTextPdf("Vacío", ""))).toBe(1);
  });
});
