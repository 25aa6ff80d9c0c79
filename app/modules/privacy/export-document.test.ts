import { describe, expect, it } from "vitest";
import { exportDocumentHtml } from "./export-document";
import type { PersonalDataExport } from "./rgpd.server";

const EXPORTED = {
  email: "ana@example.com",
  generadoEn: "2026-11-28T10:00:00.000Z",
  mensajesDeContacto: [
    {
      id: 7,
      nombre: "Ana <b>Ruiz</b>",
      email: "ana@example.com",
      mensaje: '<script>alert("x")</script>\nSegunda línea',
      consentimientoEn: new Date("2026-11-20T09:30:00Z"),
      recibidoEn: new Date("2026-11-20T09:30:00Z"),
      leidoEn: null,
      respondidoEn: null,
    },
  ],
  correos: [
    {
      id: 3,
      para: "consulta@example.com",
      asunto: "Nuevo mensaje",
      texto: "Texto del aviso",
      html: "<img src=https://tracker.example/x.png>",
    },
  ],
  copiasDeCorreo: ["2026-11-20-3.eml"],
  citas: [],
  resenas: [],
  consentimientos: [
    {
      id: "0b7f3a1e-0000-4000-8000-000000000001",
      persona: "Ana Ruiz",
      email: "ana@example.com",
      tipo: "adult",
      estado: "complete",
      enviadoEn: new Date("2026-11-21T09:00:00Z"),
      completoEn: new Date("2026-11-21T10:00:00Z"),
      retiradoEn: null,
      documentos: [{ id: 1, kind: "general", title: "Consentimiento informado", sha256: "a" }],
      excepcion: null,
      firmantes: [
        {
          papel: "Persona atendida",
          email: "ana@example.com",
          abiertoEn: new Date("2026-11-21T09:30:00Z"),
          firmadoEn: new Date("2026-11-21T10:00:00Z"),
          firma: {
            name: "Ana Ruiz <i>Gil</i>",
            idNumber: "12345678Z",
            answers: [{ question: "¿Qué te trae?", answer: "Dormir <mal>" }],
            ip: "192.0.2.1",
            userAgent: "Prueba",
            signature: null,
            signedAt: "2026-11-21T10:00:00.000Z",
          },
          pdfBase64: "JVBERi0xLjMK",
        },
      ],
    },
  ],
  notas: ["Una nota."],
} as unknown as PersonalDataExport;

describe("the readable RGPD export", () => {
  const html = exportDocumentHtml(EXPORTED, "Psicología Ribera");

  it("labels every record in Spanish, dates in Madrid time, empty sections said so", () => {
    expect(html).toContain("<h1>Datos personales de ana@example.com</h1>");
    expect(html).toContain("Mensajes de contacto (1)");
    expect(html).toContain("<dt>Recibido el</dt><dd>20 de noviembre de 2026, 10:30</dd>");
    expect(html).toContain("<dt>Leído el</dt><dd>—</dd>");
    expect(html).toContain("Citas (0)</h2><p>No se guarda ninguno.</p>");
    expect(html).toContain("<li>2026-11-20-3.eml</li>");
    expect(html).toContain("Psicología Ribera");
  });

  it("shows each consent's signers and answers, with the signed PDF inside the file", () => {
    expect(html).toContain("Consentimientos (1)");
    expect(html).toContain("<dt>¿Qué te trae?</dt><dd>Dormir &lt;mal&gt;</dd>");
    expect(html).toContain("Ana Ruiz &lt;i&gt;Gil&lt;/i&gt;");
    expect(html).toContain('href="data:application/pdf;base64,JVBERi0xLjMK"');
    expect(html).toContain("<dd>Firmado</dd>");
  });

  it("escapes what visitors wrote and leaves out the e-mails' HTML", () => {
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<b>Ruiz");
    expect(html).not.toContain("tracker.example");
    expect(html).toContain("Texto del aviso");
    expect(html).toContain("default-src 'none'");
  });
});
