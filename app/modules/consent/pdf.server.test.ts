import { inflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { composeConsentPdf, composeTextPdf, type ConsentPdfInput } from "./pdf.server";

/** The file's text: each content stream inflated, each TJ array decoded from WinAnsi. */
function textOf(pdf: Buffer) {
  const decoder = new TextDecoder("windows-1252");
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of raw.matchAll(/>>\nstream\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("\nendstream", start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      continue;
    }
    for (const [, array] of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      const hex = [...array!.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]).join("");
      lines.push(decoder.decode(Buffer.from(hex, "hex")));
    }
  }
  return lines.join("\n");
}

/** Pages counted from the page objects (their dictionaries are never compressed). */
function pageCount(pdf: Buffer) {
  return pdf.toString("latin1").match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}

async function signaturePng(options: { alpha?: boolean } = {}) {
  const line = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 80 10, 150 90, 290 20" stroke="#123" stroke-width="4" fill="none"/></svg>`,
  );
  return sharp({
    create: {
      width: 300,
      height: 100,
      channels: options.alpha ? 4 : 3,
      background: options.alpha ? { r: 0, g: 0, b: 0, alpha: 0 } : "#ffffff",
    },
  })
    .composite([{ input: line }])
    .png(options.alpha ? {} : { palette: true })
    .toBuffer();
}

const BODY = `# Consentimiento para la intervención psicológica

Yo, la persona abajo firmante, **acepto** la intervención con *Laura Martín*, psicóloga.
Más información en [la web](https://example.org/privacidad) y en <span>HTML</span> &amp; más.

## Confidencialidad

- El secreto profesional tiene **límites**:
  1. riesgo grave para la vida;
  2. requerimiento judicial.
- ¿Dudas? ¡Pregunta!

> «Una cita con comillas españolas.»

| Dato | Plazo |
|------|-------|
| Historia clínica | 5 años |

![Firma de ejemplo](https://example.org/x.png)

---

Fin del documento ñandú ü.`;

function input(overrides: Partial<ConsentPdfInput> = {}): ConsentPdfInput {
  return {
    practice: { name: "Laura Martín", title: "Psicóloga General Sanitaria · Col. M-12345" },
    clientName: "Lucía Pérez",
    documents: [
      { title: "Consentimiento informado", body: BODY, sha256: "a".repeat(64), version: 3 },
      {
        title: "Protección de datos",
        body: "Texto largo. ".repeat(900),
        sha256: "b".repeat(64),
        version: 1,
      },
    ],
    answers: [
      { question: "¿Motivo de consulta?", answer: "Ansiedad en el trabajo." },
      { question: "¿Medicación actual?", answer: "  " },
    ],
    signer: { name: "Marta Pérez", idNumber: "12345678Z", role: "Progenitor/a o tutor/a legal" },
    signedAt: new Date("2026-11-28T09:05:00Z"),
    ip: "203.0.113.7",
    userAgent: "Mozilla/5.0 " + "x".repeat(400),
    signature: null,
    requestId: "req_123",
    ...overrides,
  };
}

describe("composeConsentPdf", () => {
  it("composes the signed consent with the drawn signature", async () => {
    const pdf = await composeConsentPdf(input({ signature: await signaturePng() }));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(5_000);
    expect(pdf.length).toBeLessThan(500_000);
    // The long second document runs over several pages.
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(pdf.toString("latin1")).toContain(`/Count ${pages}`);
    // Compressed (PDFKit's default): the text is not in the file as it is.
    expect(pdf.toString("latin1")).not.toContain("Texto largo.");
    expect(pdf.toString("latin1")).toContain("/FlateDecode");
    expect(pdf.toString("latin1")).toMatch(/\/Subtype \/Image/);

    const text = textOf(pdf);
    for (const expected of [
      "Consentimiento informado firmado",
      "Laura Martín · Psicóloga General Sanitaria · Col. M-12345",
      `Versión 3 · huella SHA-256: ${"a".repeat(64)}`,
      "Confidencialidad",
      "•",
      "1.",
      "riesgo grave para la vida;",
      "¿Dudas? ¡Pregunta!",
      "«Una cita con comillas españolas.»",
      "(https://example.org/privacidad)",
      "<span>",
      "Firma de ejemplo",
      "Historia clínica",
      "Fin del documento ñandú ü.",
      "Cuestionario inicial",
      "¿Motivo de consulta?",
      "Ansiedad en el trabajo.",
      "Sin respuesta",
      "Firmado por Marta Pérez (Progenitor/a o tutor/a legal) con DNI/NIE 12345678Z",
      "Lucía Pérez",
      "28 de noviembre de 2026, 10:05 (hora de Madrid)",
      "Dirección IP: 203.0.113.7",
      "Referencia: req_123",
      `Página 1 de ${pages}`,
      `Página ${pages} de ${pages}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("**");
    expect(text).not.toContain("&amp;");
    expect(text).not.toContain("nombre escrito por la persona firmante");
    // The browser is cut at 300 characters.
    expect(text).not.toContain("x".repeat(300));
  });

  it("sets the metadata without naming the software", async () => {
    const pdf = await composeConsentPdf(input());
    const raw = pdf.toString("latin1");
    // PDFKit writes each entry of the information dictionary as an object of its own.
    const entry = (key: string) => {
      const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(raw)?.[1];
      return ref ? new RegExp(`\\n${ref} 0 obj\\n(.*)\\nendobj`).exec(raw)?.[1] : undefined;
    };
    expect(entry("Title")).toBe("(Consentimiento informado firmado)");
    expect(entry("Author")).toBeTruthy();
    expect(entry("Subject")).toBeTruthy();
    expect(entry("CreationDate")).toBe("(D:20261128090500Z)");
    expect(raw).not.toMatch(/pdfkit/i);
  });

  it("without a drawing, says the signature is the written name", async () => {
    const pdf = await composeConsentPdf(
      input({
        answers: null,
        signer: { name: "Lucía Pérez", idNumber: "X1234567L", role: "Persona atendida" },
      }),
    );
    const text = textOf(pdf);
    expect(text).toContain("Firma: nombre escrito por la persona firmante");
    expect(text).not.toContain("Cuestionario inicial");
    expect(text).not.toContain("En nombre de");
    expect(pdf.toString("latin1")).not.toMatch(/\/Subtype \/Image/);
  });

  it("draws a signature with transparency", async () => {
    const pdf = await composeConsentPdf(input({ signature: await signaturePng({ alpha: true }) }));
    expect(pdf.toString("latin1")).toContain("/SMask");
  });

  it("never fails on characters the standard fonts lack", async () => {
    const pdf = await composeConsentPdf(
      input({
        clientName: "王小明 😀",
        documents: [
          {
            title: "Título 🧠 — “comillas” ‐ ≤ 5 → ok",
            body: "Texto con emoji 👨‍👩‍👧 y ❤️, chino 你好, ruso Привет, polaco Łódź, rumano Ştefan, turco ığ, zero\u200bwidth.\n\n- 🙂 lista",
            sha256: "c".repeat(64),
            version: 1,
          },
        ],
        answers: [{ question: "¿Algo más? 🤔", answer: "Sí ✔ ☃" }],
        signer: { name: "Zoë Ødegård Ñúñez", idNumber: "Y7654321G", role: "Progenitor/a" },
        userAgent: "Agente \u0000\u0007 raro \uD800",
        requestId: "req_😀",
      }),
    );
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = textOf(pdf);
    expect(text).toContain("Título ? — “comillas” - <= 5 -> ok");
    expect(text).toContain(
      "Texto con emoji ? y ?, chino ??, ruso ??????, polaco Lódz, rumano Stefan",
    );
    expect(text).toContain("turco ig, zerowidth.");
    expect(text).toContain("Zoë Ødegård Ñúñez");
    expect(text).toContain("??? ?");
    expect(text).toContain("Sí v ?");
  });
});

describe("composeTextPdf", () => {
  it("draws a plain document from Markdown", async () => {
    const pdf = await composeTextPdf(
      "Evaluación de impacto (EIPD)",
      "## 1. Descripción\n\nTratamiento de **datos de salud**.\n\n1. Uno\n2. Dos\n",
      "Plantilla de partida · Laura Martín",
    );
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pageCount(pdf)).toBe(1);
    const text = textOf(pdf);
    expect(text).toContain("Evaluación de impacto (EIPD)");
    expect(text).toContain("Plantilla de partida · Laura Martín");
    expect(text).toContain("1. Descripción");
    expect(text).toContain("datos de salud");
    expect(text).toContain("Página 1 de 1");
  });

  it("copes with an empty text", async () => {
    const pdf = await composeTextPdf("Vacío", "");
    expect(pageCount(pdf)).toBe(1);
  });
});
