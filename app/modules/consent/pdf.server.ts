import { Lexer, type Token, type Tokens } from "marked";
import PDFDocument from "pdfkit";

/**
 * The signed consent as a PDF (docs/decisions/022-informed-consent.md), composed on the server
 * with PDFKit and its standard Helvetica fonts: the documents' text as the signer read it (from
 * their Markdown), their version and SHA-256, the intake answers, who signed, when, from where,
 * and the drawn signature. Also plain documents (the impact assessment's template). Nothing is
 * written to disk: the bytes come back as a Buffer.
 */

export interface ConsentPdfInput {
  /** The professional's name and title ("Psicóloga General Sanitaria · Col. M-12345"). */
  practice: { name: string; title: string };
  /** The person attended (for parents: the minor). */
  clientName: string;
  /** The documents as the signer read them; `body` is Markdown. */
  documents: { title: string; body: string; sha256: string; version: number }[];
  /** The intake questionnaire, or null when this signer had none. */
  answers: { question: string; answer: string }[] | null;
  /** `role`: "Persona atendida" or "Progenitor/a o tutor/a legal". */
  signer: { name: string; idNumber: string; role: string };
  signedAt: Date;
  ip: string;
  userAgent: string;
  /** A PNG already re-encoded by the caller, drawn above the typed name. */
  signature: Buffer | null;
  requestId: string;
}

const MARGIN = 56;
const INK = "#1f2a37";
const MUTED = "#5b6675";
const CLIENT_ROLE = "Persona atendida";

/** Characters the standard fonts (WinAnsi) can draw beyond Latin-1. */
const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";

/** Text the standard fonts can draw: anything else becomes '?' (never an error). */
export function drawable(text: string) {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (char === "\n" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) {
      out += char;
    } else if (WIN_ANSI_EXTRA.includes(char)) {
      out += char;
    } else if (char === "\t") {
      out += " ";
    } else if (code >= 0x20) {
      out += "?";
    }
  }
  return out;
}

type Doc = PDFKit.PDFDocument;

function newDocument(info: { title: string; subject: string; author: string }) {
  return new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: drawable(info.title),
      Author: drawable(info.author),
      Subject: drawable(info.subject),
      Producer: "Consulta de psicología",
      Creator: "Consulta de psicología",
      CreationDate: new Date(),
    },
  });
}

/** Runs `draw`, numbers the pages and returns the whole file. */
function finish(doc: Doc, draw: () => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      draw();
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        // Written in the bottom margin: lift it so the footer does not open a new page.
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc
          .font("Helvetica")
          .fontSize(8)
          .fillColor(MUTED)
          .text(`Página ${i + 1} de ${range.count}`, MARGIN, doc.page.height - MARGIN / 2 - 4, {
            width: doc.page.width - MARGIN * 2,
            align: "center",
            lineBreak: false,
          });
        doc.page.margins.bottom = bottom;
      }
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}

const plain = (text: string): Run => ({ text, bold: false, italic: false });

/** A paragraph's inline tokens as runs of text with their style. */
function runsOf(tokens: Token[] | undefined, bold = false, italic = false): Run[] {
  const runs: Run[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        runs.push(...runsOf((token as Tokens.Strong).tokens, true, italic));
        break;
      case "em":
        runs.push(...runsOf((token as Tokens.Em).tokens, bold, true));
        break;
      case "del":
        runs.push(...runsOf((token as Tokens.Del).tokens, bold, italic));
        break;
      case "link": {
        const link = token as Tokens.Link;
        runs.push(...runsOf(link.tokens, bold, italic));
        if (/^https?:\/\//i.test(link.href) && link.text !== link.href) {
          runs.push({ text: ` (${link.href})`, bold, italic });
        }
        break;
      }
      case "image":
        runs.push({ text: (token as Tokens.Image).text, bold, italic });
        break;
      case "br":
        runs.push({ text: "\n", bold, italic });
        break;
      case "codespan":
        runs.push({ text: decode((token as Tokens.Codespan).text), bold, italic });
        break;
      case "text": {
        const text = token as Tokens.Text;
        if (text.tokens?.length) runs.push(...runsOf(text.tokens, bold, italic));
        else runs.push({ text: decode(text.text), bold, italic });
        break;
      }
      case "escape":
        runs.push({ text: decode((token as Tokens.Escape).text), bold, italic });
        break;
      default:
        runs.push({ text: decode("raw" in token ? String(token.raw) : ""), bold, italic });
    }
  }
  return runs;
}

/** The HTML entities marked leaves in text. */
function decode(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function fontOf(run: Pick<Run, "bold" | "italic">) {
  if (run.bold && run.italic) return "Helvetica-BoldOblique";
  if (run.bold) return "Helvetica-Bold";
  if (run.italic) return "Helvetica-Oblique";
  return "Helvetica";
}

/** One paragraph of styled runs at the current position. */
function paragraph(
  doc: Doc,
  runs: Run[],
  options: { indent?: number; size?: number; color?: string } = {},
) {
  const shown = runs.filter((r) => r.text !== "");
  if (shown.length === 0) return;
  const x = MARGIN + (options.indent ?? 0);
  const width = doc.page.width - MARGIN - x;
  doc.fontSize(options.size ?? 10.5).fillColor(options.color ?? INK);
  shown.forEach((run, i) => {
    doc.font(fontOf(run));
    const last = i === shown.length - 1;
    if (i === 0) doc.text(drawable(run.text), x, doc.y, { width, continued: !last, lineGap: 2 });
    else doc.text(drawable(run.text), { continued: !last, lineGap: 2 });
  });
  doc.moveDown(0.5);
}

/** Markdown blocks (headings, paragraphs, lists, quotes, tables) drawn in order. */
function markdown(doc: Doc, source: string, indent = 0) {
  blocks(doc, new Lexer({ gfm: true }).lex(source), indent);
}

function blocks(doc: Doc, tokens: Token[], indent: number) {
  for (const token of tokens) {
    switch (token.type) {
      case "heading": {
        const heading = token as Tokens.Heading;
        doc.moveDown(0.3);
        paragraph(
          doc,
          runsOf(heading.tokens).map((r) => ({ ...r, bold: true })),
          { indent, size: heading.depth <= 2 ? 13 : 11.5 },
        );
        break;
      }
      case "paragraph":
        paragraph(doc, runsOf((token as Tokens.Paragraph).tokens), { indent });
        break;
      case "text":
        paragraph(doc, runsOf([token]), { indent });
        break;
      case "list": {
        const list = token as Tokens.List;
        const start = typeof list.start === "number" ? list.start : 1;
        list.items.forEach((item, i) => {
          const marker = list.ordered ? `${start + i}.` : "•";
          const y = doc.y;
          doc.font("Helvetica").fontSize(10.5).fillColor(INK);
          doc.text(marker, MARGIN + indent, y, { width: 18, lineBreak: false });
          doc.y = y;
          const inner = item.tokens.map((t) =>
            t.type === "text" && (t as Tokens.Text).tokens
              ? ({ ...t, type: "paragraph" } as Token)
              : t,
          );
          blocks(doc, inner, indent + 18);
        });
        doc.moveDown(0.2);
        break;
      }
      case "blockquote":
        blocks(doc, (token as Tokens.Blockquote).tokens, indent + 14);
        break;
      case "table": {
        const table = token as Tokens.Table;
        for (const row of [table.header, ...table.rows]) {
          paragraph(
            doc,
            row.flatMap((cell, i) => [
              ...(i > 0 ? [plain(" · ")] : []),
              ...runsOf(cell.tokens, row === table.header),
            ]),
            { indent },
          );
        }
        break;
      }
      case "code":
        paragraph(doc, [plain((token as Tokens.Code).text)], { indent: indent + 14 });
        break;
      case "hr":
      case "space":
        doc.moveDown(0.3);
        break;
      default:
        if ("text" in token && typeof token.text === "string") {
          paragraph(doc, [plain(decode(token.text))], { indent });
        }
    }
  }
}

function heading(doc: Doc, text: string, size: number) {
  doc
    .font("Helvetica-Bold")
    .fontSize(size)
    .fillColor(INK)
    .text(drawable(text), MARGIN, doc.y, { width: doc.page.width - MARGIN * 2 });
  doc.moveDown(0.4);
}

function small(doc: Doc, text: string, font = "Helvetica") {
  doc
    .font(font)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(drawable(text), MARGIN, doc.y, { width: doc.page.width - MARGIN * 2 });
  doc.moveDown(0.4);
}

/** Starts a new page unless `points` still fit on this one (a block kept together). */
function keepTogether(doc: Doc, points: number) {
  if (doc.y + points > doc.page.height - MARGIN) doc.addPage();
}

/** '28 de noviembre de 2026, 10:05 (hora de Madrid)'. */
export function madridDateTime(date: Date) {
  const day = date.toLocaleDateString("es-ES", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/Madrid",
  });
  const time = date.toLocaleTimeString("es-ES", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Madrid",
  });
  return `${day}, ${time} (hora de Madrid)`;
}

export function composeConsentPdf(input: ConsentPdfInput): Promise<Buffer> {
  const doc = newDocument({
    title: "Consentimiento informado firmado",
    subject: input.documents.map((d) => d.title).join(", "),
    author: input.practice.name,
  });
  return finish(doc, () => {
    heading(doc, "Consentimiento informado firmado", 17);
    small(doc, [input.practice.name, input.practice.title].filter(Boolean).join(" · "));
    doc.moveDown(0.5);
    for (const document of input.documents) {
      keepTogether(doc, 80);
      heading(doc, document.title, 14);
      small(doc, `Versión ${document.version} · huella SHA-256:\n${document.sha256}`, "Courier");
      markdown(doc, document.body);
      doc.moveDown(0.6);
    }
    if (input.answers) {
      keepTogether(doc, 120);
      heading(doc, "Cuestionario inicial", 14);
      for (const { question, answer } of input.answers) {
        keepTogether(doc, 40);
        paragraph(doc, [{ ...plain(question), bold: true }]);
        paragraph(
          doc,
          [answer.trim() ? plain(answer.trim()) : { ...plain("Sin respuesta"), italic: true }],
          { color: answer.trim() ? INK : MUTED },
        );
      }
    }
    // The signature block stays on one page.
    doc.moveDown(0.6);
    keepTogether(doc, input.signature ? 300 : 220);
    heading(doc, "Firma", 14);
    const { signer } = input;
    const lines = [
      `Firmado por ${signer.name} (${signer.role}) con DNI/NIE ${signer.idNumber}.`,
      signer.role === CLIENT_ROLE ? "" : `Persona atendida: ${input.clientName}.`,
      `Fecha y hora: ${madridDateTime(input.signedAt)}.`,
      `Dirección IP: ${input.ip || "no disponible"}.`,
      `Navegador: ${input.userAgent.slice(0, 300) || "no disponible"}.`,
    ].filter(Boolean);
    for (const line of lines) paragraph(doc, [plain(line)]);
    doc.moveDown(0.4);
    if (input.signature) {
      const top = doc.y;
      doc.image(input.signature, MARGIN, top, { fit: [240, 90] });
      doc.y = top + 96;
      small(doc, `Firma dibujada por ${signer.name}`);
    } else {
      paragraph(
        doc,
        [{ ...plain("Firma: nombre escrito por la persona firmante."), italic: true }],
        {
          color: MUTED,
        },
      );
    }
    doc.moveDown(0.8);
    small(doc, `Referencia: ${input.requestId}`, "Courier");
    small(
      doc,
      "Este documento recoge el texto exacto que la persona firmante leyó (identificado por su huella SHA-256) y los datos de la firma.",
    );
  });
}

/** A plain document from Markdown (the impact assessment's starting template). */
export function composeTextPdf(title: string, source: string, subtitle?: string): Promise<Buffer> {
  const doc = newDocument({ title, subject: title, author: subtitle ?? "" });
  return finish(doc, () => {
    heading(doc, title, 17);
    if (subtitle) small(doc, subtitle);
    doc.moveDown(0.4);
    markdown(doc, source);
  });
}
