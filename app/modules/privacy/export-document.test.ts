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

  it("escapes what visitors wrote and leaves out the e-mails' HTML", () => {
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<b>Ruiz");
    expect(html).not.toContain("tracker.example");
    expect(html).toContain("Texto del aviso");
    expect(html).toContain("default-src 'none'");
  });
});
