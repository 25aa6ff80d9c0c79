import { escapeHtml } from "~/utils/escape";
import { formatDateTime } from "~/utils/format-time";
import type { PersonalDataExport } from "./rgpd.server";

/**
 * The RGPD export (art. 15) as a document a person reads: one HTML file, every record as a list of
 * labelled values, printable (or saved as PDF from the browser). The JSON download keeps the same
 * data for a machine. Everything a visitor wrote is escaped; the e-mails' HTML is left out (their
 * text is shown), and the file's own policy forbids scripts and remote content.
 */

const LABELS: Record<string, string> = {
  id: "Identificador",
  nombre: "Nombre",
  email: "Email",
  mensaje: "Mensaje",
  consentimientoEn: "Consentimiento dado el",
  recibidoEn: "Recibido el",
  leidoEn: "Leído el",
  respondidoEn: "Respondido el",
  para: "Para",
  responderA: "Responder a",
  asunto: "Asunto",
  texto: "Texto",
  estado: "Estado",
  creadoEn: "Creado el",
  creadaEn: "Creada el",
  enviadoEn: "Enviado el",
  sobre: "Sobre",
  sobreId: "Identificador de lo que trata",
  servicio: "Servicio",
  modalidad: "Modalidad",
  empieza: "Empieza",
  termina: "Termina",
  telefono: "Teléfono",
  primeraVisita: "Primera visita",
  nota: "Nota",
  peticionDeCambio: "Petición de cambio",
  valoracion: "Valoración",
  publicada: "Publicada",
  verificada: "Verificada",
};

/** Columns of a record a person does not need to read (the HTML twin of an e-mail's text). */
const HIDDEN = new Set(["html"]);

const SECTIONS: ReadonlyArray<readonly [key: keyof PersonalDataExport, title: string]> = [
  ["mensajesDeContacto", "Mensajes de contacto"],
  ["citas", "Citas"],
  ["resenas", "Reseñas"],
  ["correos", "Emails enviados o pendientes"],
];

/** A camelCase key as words ('peticionDeCambio' → 'Peticion de cambio') when no label is known. */
function label(key: string) {
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function value(v: unknown): string {
  if (v === null || v === undefined || v === "") return "—";
  if (v instanceof Date) return formatDateTime(v);
  if (typeof v === "string" && ISO_DATE.test(v) && !Number.isNaN(Date.parse(v))) {
    return formatDateTime(v);
  }
  if (typeof v === "boolean") return v ? "Sí" : "No";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

function record(row: Record<string, unknown>) {
  const items = Object.entries(row)
    .filter(([key]) => !HIDDEN.has(key))
    .map(
      ([key, v]) => `<div><dt>${escapeHtml(label(key))}</dt><dd>${escapeHtml(value(v))}</dd></div>`,
    )
    .join("");
  return `<li><dl>${items}</dl></li>`;
}

function section(title: string, rows: Record<string, unknown>[]) {
  const body = rows.length
    ? `<ol>${rows.map(record).join("")}</ol>`
    : "<p>No se guarda ninguno.</p>";
  return `<section><h2>${escapeHtml(title)} (${rows.length})</h2>${body}</section>`;
}

const SUBJECTS: Record<string, string> = {
  adult: "Persona adulta",
  minor: "Menor de 16 años",
  teen: "Entre 16 y 17 años",
};
const CONSENT_STATES: Record<string, string> = {
  pending: "Pendiente de firma",
  complete: "Firmado",
  withdrawn: "Retirado",
  cancelled: "Anulado",
};

const item = (term: string, v: unknown) =>
  `<div><dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value(v))}</dd></div>`;

/**
 * Consents: each signer's data and answers as a person reads them, and the signed PDF as a
 * download inside this same file (a `data:` link: nothing is fetched).
 */
function consentSection(consents: PersonalDataExport["consentimientos"]) {
  const rows = consents.map((c) => {
    const signers = c.firmantes
      .map((f, i) => {
        const answers = (f.firma?.answers ?? []).map((a) => item(a.question, a.answer)).join("");
        const pdf = f.pdfBase64
          ? `<p><a download="consentimiento-${escapeHtml(c.id.slice(0, 8))}-firma-${i + 1}.pdf" href="data:application/pdf;base64,${f.pdfBase64}">Descargar el PDF firmado</a></p>`
          : "";
        return `<li><dl>${[
          item("Firma de", f.papel),
          item("Email", f.email),
          item("Abierto el", f.abiertoEn),
          item("Firmado el", f.firmadoEn),
          ...(f.firma
            ? [
                item("Nombre escrito", f.firma.name),
                item("DNI o NIE", f.firma.idNumber),
                item("Dirección IP", f.firma.ip),
                item("Navegador", f.firma.userAgent),
                item("Firma dibujada", f.firma.signature ? "Sí" : "No"),
              ]
            : []),
        ].join("")}${answers}</dl>${pdf}</li>`;
      })
      .join("");
    return `<li><dl>${[
      item("Persona atendida", c.persona),
      item("Email", c.email),
      item("Quién firma", SUBJECTS[c.tipo] ?? c.tipo),
      item("Estado", CONSENT_STATES[c.estado] ?? c.estado),
      item("Enviado el", c.enviadoEn),
      item("Completo el", c.completoEn),
      item("Retirado el", c.retiradoEn),
      item(
        "Documentos",
        (c.documentos as { title?: string }[]).map((d) => d.title ?? "").join(", "),
      ),
      ...(c.excepcion ? [item("Excepción (una sola firma)", c.excepcion.nota)] : []),
    ].join("")}</dl><ol>${signers}</ol></li>`;
  });
  const body = rows.length ? `<ol>${rows.join("")}</ol>` : "<p>No se guarda ninguno.</p>";
  return `<section><h2>Consentimientos (${consents.length})</h2>${body}</section>`;
}

export function exportDocumentHtml(exported: PersonalDataExport, practiceName: string) {
  const sections = SECTIONS.map(([key, title]) =>
    section(title, exported[key] as unknown as Record<string, unknown>[]),
  ).join("");
  const files = exported.copiasDeCorreo.length
    ? `<ul>${exported.copiasDeCorreo.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul>`
    : "<p>No hay ninguna.</p>";
  const notes = exported.notas.map((n) => `<p>${escapeHtml(n)}</p>`).join("");
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Datos personales de ${escapeHtml(exported.email)}</title>
<style>
body{font-family:system-ui,sans-serif;line-height:1.5;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #cbd2d9}
ol,ul{padding-left:1.25rem}li{margin:1rem 0}dl{margin:0}dl div{display:flex;gap:.75rem;flex-wrap:wrap}
dt{font-weight:600;min-width:12rem}dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
@media print{body{margin:0}h2{break-after:avoid}li{break-inside:avoid}}
</style>
</head>
<body>
<h1>Datos personales de ${escapeHtml(exported.email)}</h1>
<p>Este documento reúne todo lo que la web de ${escapeHtml(practiceName)} guarda sobre esta dirección de email (derecho de acceso, artículo 15 del RGPD). Generado el ${escapeHtml(value(exported.generadoEn))}.</p>
${sections}
${consentSection(exported.consentimientos)}
<section><h2>Copias de emails guardadas en el servidor (${exported.copiasDeCorreo.length})</h2>${files}</section>
<section><h2>Notas</h2>${notes}</section>
</body>
</html>
`;
}
