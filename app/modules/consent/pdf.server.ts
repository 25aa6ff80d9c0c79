import { Lexer, type Token, type Tokens } from "marked";
import PDFDocument from "pdfkit";
import { formatDateTime } from "~/utils/format-time";
import { ROLE_LABELS } from "./rules";

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
const RULE = "#c9ced6";
const BODY_SIZE = 10.5;
const LINE_GAP = 2;
/** What the file says made it: nothing about the software or the server. */
const MAKER = "Consulta de psicología";

// ---------------------------------------------------------------------------------------------
// Text the standard fonts can draw

/** The characters of WinAnsi (the standard fonts' encoding) beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** Close equivalents for common characters the standard fonts lack. */
const SUBSTITUTES: Record<string, string> = {
  "\u2010": "-", // hyphen
  "\u2011": "-", // non-breaking hyphen
  "\u2012": "-", // figure dash
  "\u2212": "-", // minus
  "\u2043": "-", // hyphen bullet
  "\u2015": "—", // horizontal bar
  "\u2032": "'", // prime
  "\u201b": "'", // reversed quote
  "\u2033": '"', // double prime
  "\u201f": '"', // reversed double quote
  "\u2024": ".",
  "\u2025": "..",
  "\u2044": "/", // fraction slash
  "\u2215": "/",
  "\u2217": "*",
  "\u2023": "•",
  "\u25e6": "•",
  "\u25aa": "•",
  "\u25cf": "•",
  "\u2219": "·",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2260": "!=",
  "\u2248": "~",
  "\u2192": "->",
  "\u2190": "<-",
  "\u2194": "<->",
  "\u21d2": "=>",
  "\u2713": "v",
  "\u2714": "v",
  "\u2116": "Nº",
  "\u2153": "1/3",
  "\u2154": "2/3",
  "\u215b": "1/8",
  "\u0131": "i", // dotless i
  "\u0141": "L",
  "\u0142": "l",
  "\u0110": "D",
  "\u0111": "d",
  "\u0126": "H",
  "\u0127": "h",
  "\u013f": "L",
  "\u0140": "l",
  "\u0132": "IJ",
  "\u0133": "ij",
  "\u1e9e": "SS",
  "\u2028": "\n", // line separator
  "\u2029": "\n", // paragraph separator
};

const graphemes = new Intl.Segmenter("es", { granularity: "grapheme" });

/** One character as the fonts can draw it: itself, a substitute, "" (invisible) or null. */
function drawableChar(char: string): string | null {
  const code = char.codePointAt(0)!;
  if (char === "\n") return char;
  if (char === "\t") return " ";
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return char;
  if (WIN_ANSI_EXTRA.has(char)) return char;
  if (char in SUBSTITUTES) return SUBSTITUTES[char]!;
  if (/\p{Zs}/u.test(char)) return " ";
  // Control and format characters (zero-width spaces and joiners, direction marks, BOM).
  if (/[\p{Cc}\p{Cf}]/u.test(char)) return "";
  return null;
}

/**
 * Text the standard fonts can draw: WinAnsi as it is, common typography replaced by a close
 * equivalent, accented letters outside WinAnsi by their base letter ("ł" → "l", "ş" → "s"), and
 * any other character (emoji, Chinese, Cyrillic) by one '?' per character as a reader sees it.
 */
export function drawable(text: string): string {
  let out = "";
  const source = text.replace(/\r\n?/g, "\n").normalize("NFC");
  for (const { segment } of graphemes.segment(source)) {
    const direct = [...segment].map(drawableChar);
    if (direct.every((c) => c !== null)) {
      out += direct.join("");
      continue;
    }
    // A letter with marks WinAnsi lacks ("ẹ", "ş"): its base letter.
    const bare = [...segment.normalize("NFD").replace(/\p{M}/gu, "")].map(drawableChar);
    out += bare.length > 0 && bare.every((c) => c !== null) ? bare.join("") : "?";
  }
  return out;
}

/** The few HTML entities a Markdown author may type (the web page shows them decoded). */
function decodeEntities(text: string) {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|amp|lt|gt|quot|apos|nbsp);/gi, (whole, name) => {
    const key = String(name).toLowerCase();
    if (key.startsWith("#")) {
      const code = key[1] === "x" ? parseInt(key.slice(2), 16) : parseInt(key.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    const named: Record<string, string> = {
      amp: "&",
      lt: "<",
      gt: ">",
      quot: '"',
      apos: "'",
      nbsp: "\u00a0",
    };
    return named[key] ?? whole;
  });
}

/** A line break within a paragraph's source reads as a space (only a hard break `br` breaks). */
function softBreaks(text: string) {
  return text.replace(/[ \t]*\r?\n[ \t]*/g, " ");
}

// ---------------------------------------------------------------------------------------------
// The document

type Doc = PDFKit.PDFDocument;

function newDocument(info: { title: string; author: string; subject: string; created: Date }) {
  return new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: "es-ES",
    displayTitle: true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      Creator: MAKER,
      Producer: MAKER,
      CreationDate: info.created,
    },
  });
}

/** Runs `draw`, numbers the pages ("Página X de Y") and collects the whole file. */
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
          .text(
            `Página ${i - range.start + 1} de ${range.count}`,
            MARGIN,
            doc.page.height - MARGIN / 2 - 4,
            { width: contentWidth(doc), align: "center", lineBreak: false },
          );
        doc.page.margins.bottom = bottom;
      }
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

function contentWidth(doc: Doc) {
  return doc.page.width - MARGIN * 2;
}

function pageBottom(doc: Doc) {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page unless `height` points still fit on this one. */
function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

function currentPage(doc: Doc) {
  const range = doc.bufferedPageRange();
  return range.start + range.count - 1;
}

function rule(doc: Doc, x: number, width: number) {
  doc
    .save()
    .moveTo(x, doc.y)
    .lineTo(x + width, doc.y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke()
    .restore();
}

// ---------------------------------------------------------------------------------------------
// Markdown

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}

const plain = (text: string): Run => ({ text, bold: false, italic: false });

/** Inline tokens as runs of text with their style. */
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
        const href = link.href.trim();
        // On paper the address is the link: shown after the text unless the text is it.
        if (/^https?:\/\//i.test(href) && link.text.trim() !== href) {
          runs.push({ text: ` (${href})`, bold: false, italic: false });
        }
        break;
      }
      case "image":
        // As on the web page for an image from elsewhere: its alternative text.
        runs.push({ text: decodeEntities((token as Tokens.Image).text), bold, italic });
        break;
      case "br":
        runs.push({ text: "\n", bold, italic });
        break;
      case "checkbox":
        runs.push({ text: (token as Tokens.Checkbox).checked ? "[x] " : "[ ] ", bold, italic });
        break;
      case "text": {
        const text = token as Tokens.Text;
        if (text.tokens?.length) runs.push(...runsOf(text.tokens, bold, italic));
        else runs.push({ text: softBreaks(decodeEntities(text.text)), bold, italic });
        break;
      }
      case "codespan":
      case "escape":
        runs.push({
          text: softBreaks(decodeEntities((token as Tokens.Codespan).text)),
          bold,
          italic,
        });
        break;
      case "html":
      default:
        // Raw HTML is shown as text, as the web page does.
        if ("text" in token && typeof token.text === "string") {
          runs.push({ text: softBreaks(token.text), bold, italic });
        } else if (typeof token.raw === "string") {
          runs.push({ text: softBreaks(token.raw), bold, italic });
        }
    }
  }
  return runs;
}

function fontOf(run: Pick<Run, "bold" | "italic">) {
  if (run.bold && run.italic) return "Helvetica-BoldOblique";
  if (run.bold) return "Helvetica-Bold";
  if (run.italic) return "Helvetica-Oblique";
  return "Helvetica";
}

interface ParagraphOptions {
  indent?: number;
  size?: number;
  color?: string;
  /** Space after, in lines. */
  after?: number;
  font?: string;
}

/**
 * One paragraph of styled runs at the current position, wrapped within the margins. Each line
 * of it (a "\n" in a run) is drawn on its own: PDFKit misplaces text that goes on after a line
 * break within `continued` fragments.
 */
function paragraph(doc: Doc, runs: Run[], options: ParagraphOptions = {}) {
  const lines: Run[][] = [[]];
  for (const run of runs) {
    drawable(run.text)
      .split("\n")
      .forEach((text, i) => {
        if (i > 0) lines.push([]);
        if (text !== "") lines.at(-1)!.push({ ...run, text });
      });
  }
  if (lines.every((line) => line.every((run) => run.text.trim() === ""))) return;
  const x = MARGIN + (options.indent ?? 0);
  const width = doc.page.width - MARGIN - x;
  doc.fontSize(options.size ?? BODY_SIZE).fillColor(options.color ?? INK);
  for (const line of lines) {
    if (line.length === 0) {
      doc.moveDown(1);
      continue;
    }
    line.forEach((run, i) => {
      doc.font(options.font ?? fontOf(run));
      const continued = i < line.length - 1;
      if (i === 0) doc.text(run.text, x, doc.y, { width, continued, lineGap: LINE_GAP });
      else doc.text(run.text, { continued, lineGap: LINE_GAP });
    });
  }
  doc.x = MARGIN;
  doc.moveDown(options.after ?? 0.5);
}

interface BlockContext {
  indent: number;
  color: string;
  /** Space after a paragraph, in lines (less inside tight lists). */
  after: number;
}

function markdown(doc: Doc, source: string) {
  const tokens = new Lexer({ gfm: true }).lex(source.replace(/\r\n?/g, "\n"));
  blocks(doc, tokens, { indent: 0, color: INK, after: 0.5 });
}

/** Markdown blocks (headings, paragraphs, lists, quotes, tables) drawn in order. */
function blocks(doc: Doc, tokens: Token[], context: BlockContext) {
  const { indent, color, after } = context;
  for (const token of tokens) {
    switch (token.type) {
      case "heading": {
        const heading = token as Tokens.Heading;
        const size = heading.depth <= 2 ? 13 : 11.5;
        doc.moveDown(0.3);
        // Keep a heading with the first lines after it.
        ensureSpace(doc, size * 3.5);
        paragraph(doc, runsOf(heading.tokens), {
          indent,
          size,
          color,
          font: "Helvetica-Bold",
          after: 0.35,
        });
        break;
      }
      case "paragraph":
        paragraph(doc, runsOf((token as Tokens.Paragraph).tokens), { indent, color, after });
        break;
      case "text": {
        const text = token as Tokens.Text;
        const runs = text.tokens
          ? runsOf(text.tokens)
          : [plain(softBreaks(decodeEntities(text.text)))];
        paragraph(doc, runs, { indent, color, after });
        break;
      }
      case "list":
        list(doc, token as Tokens.List, context);
        break;
      case "blockquote":
        blockquote(doc, token as Tokens.Blockquote, context);
        break;
      case "code":
        paragraph(doc, [plain((token as Tokens.Code).text)], {
          indent: indent + 14,
          color,
          after,
          font: "Courier",
          size: 9.5,
        });
        break;
      case "table":
        table(doc, token as Tokens.Table, context);
        break;
      case "hr":
        doc.moveDown(0.3);
        ensureSpace(doc, 12);
        rule(doc, MARGIN + indent, contentWidth(doc) - indent);
        doc.moveDown(0.8);
        break;
      case "space":
      case "def":
        break;
      default:
        // Raw HTML blocks, and whatever else: their text as it is.
        if ("text" in token && typeof token.text === "string" && token.text.trim()) {
          paragraph(doc, [plain(token.text)], { indent, color, after });
        }
    }
  }
}

const MARKER_WIDTH = 20;

function list(doc: Doc, token: Tokens.List, context: BlockContext) {
  const start = typeof token.start === "number" ? token.start : 1;
  const inner: BlockContext = {
    ...context,
    indent: context.indent + MARKER_WIDTH,
    after: token.loose ? 0.5 : 0.15,
  };
  token.items.forEach((item, i) => {
    doc.font("Helvetica").fontSize(BODY_SIZE);
    ensureSpace(doc, doc.currentLineHeight(true) + LINE_GAP);
    const marker = token.ordered ? `${start + i}.` : "•";
    const y = doc.y;
    doc
      .fillColor(context.color)
      .text(marker, MARGIN + context.indent, y, { width: MARKER_WIDTH, lineBreak: false });
    doc.y = y;
    // A task item's box goes in front of its first line.
    const tokens = item.tokens.filter((t) => t.type !== "checkbox");
    const checkbox = item.tokens.find((t) => t.type === "checkbox");
    if (checkbox && tokens[0] && "tokens" in tokens[0] && Array.isArray(tokens[0].tokens)) {
      tokens[0] = { ...tokens[0], tokens: [checkbox, ...tokens[0].tokens] } as Token;
    }
    const before = doc.y;
    blocks(doc, tokens, inner);
    // An item with no text still takes its line.
    if (doc.y === before) doc.moveDown(1);
  });
  doc.moveDown(token.loose ? 0 : 0.35);
}

/** Indented, with a grey bar on its left (on every page it runs across). */
function blockquote(doc: Doc, token: Tokens.Blockquote, context: BlockContext) {
  const x = MARGIN + context.indent + 2;
  const firstPage = currentPage(doc);
  const top = doc.y;
  blocks(doc, token.tokens, { ...context, indent: context.indent + 16, color: MUTED });
  const lastPage = currentPage(doc);
  const end = { x: doc.x, y: doc.y };
  for (let page = firstPage; page <= lastPage; page++) {
    doc.switchToPage(page);
    const from = page === firstPage ? top : doc.page.margins.top;
    const to = page === lastPage ? end.y - BODY_SIZE * 0.5 : pageBottom(doc);
    if (to > from) {
      doc
        .save()
        .rect(x, from, 2.5, to - from)
        .fill(RULE)
        .restore();
    }
  }
  doc.switchToPage(lastPage);
  doc.x = end.x;
  doc.y = end.y;
}

/** A table as one paragraph a row: cells separated by " | ", the header row in bold. */
function table(doc: Doc, token: Tokens.Table, context: BlockContext) {
  const row = (cells: Tokens.TableCell[], bold: boolean) => {
    const runs: Run[] = [];
    cells.forEach((cell, i) => {
      if (i > 0) runs.push(plain(" | "));
      runs.push(...runsOf(cell.tokens, bold));
    });
    paragraph(doc, runs, { indent: context.indent, color: context.color, after: 0.2 });
  };
  row(token.header, true);
  for (const cells of token.rows) row(cells, false);
  doc.moveDown(0.3);
}

// ---------------------------------------------------------------------------------------------
// Pieces of the page

function title(doc: Doc, text: string, size: number) {
  ensureSpace(doc, size * 4);
  doc
    .font("Helvetica-Bold")
    .fontSize(size)
    .fillColor(INK)
    .text(drawable(text), MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

function small(doc: Doc, text: string, font = "Helvetica") {
  doc
    .font(font)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(drawable(text), MARGIN, doc.y, { width: contentWidth(doc), lineGap: 1 });
  doc.moveDown(0.4);
}

/** "28 de noviembre de 2026, 10:05 (hora de Madrid)". */
export function madridDateTime(date: Date) {
  return `${formatDateTime(date)} (hora de Madrid)`;
}

// ---------------------------------------------------------------------------------------------
// The two documents

/** The signed consent: the texts read, the answers, and the signature with its circumstances. */
export async function composeConsentPdf(input: ConsentPdfInput): Promise<Buffer> {
  const heading = "Consentimiento informado firmado";
  const doc = newDocument({
    title: heading,
    author: input.practice.name,
    subject: input.documents.map((d) => d.title).join(" · ") || heading,
    // The moment it records: the same input gives the same file.
    created: input.signedAt,
  });
  return finish(doc, () => {
    title(doc, heading, 17);
    small(doc, [input.practice.name, input.practice.title].filter((s) => s.trim()).join(" · "));
    rule(doc, MARGIN, contentWidth(doc));
    doc.moveDown(1);

    for (const document of input.documents) {
      title(doc, document.title, 14);
      small(doc, `Versión ${document.version} · huella SHA-256: ${document.sha256}`, "Courier");
      doc.moveDown(0.3);
      markdown(doc, document.body);
      doc.moveDown(0.8);
    }

    if (input.answers) {
      doc.moveDown(0.4);
      title(doc, "Cuestionario inicial", 14);
      doc.moveDown(0.2);
      for (const { question, answer } of input.answers) {
        ensureSpace(doc, 40);
        paragraph(doc, [{ text: question, bold: true, italic: false }], { after: 0.15 });
        const given = answer.trim();
        paragraph(
          doc,
          [given ? plain(given) : { text: "Sin respuesta", bold: false, italic: true }],
          {
            after: 0.7,
            color: given ? INK : MUTED,
          },
        );
      }
    }

    // The signature block stays together on one page.
    doc.moveDown(0.6);
    ensureSpace(doc, input.signature ? 300 : 220);
    title(doc, "Firma", 14);
    const { signer } = input;
    const lines = [
      `Firmado por ${signer.name} (${signer.role}) con DNI/NIE ${signer.idNumber}`,
      signer.role === ROLE_LABELS.client
        ? ""
        : `En nombre de la persona atendida: ${input.clientName}`,
      `Fecha y hora: ${madridDateTime(input.signedAt)}`,
      `Dirección IP: ${input.ip || "no disponible"}`,
      `Navegador: ${input.userAgent.slice(0, 300) || "no disponible"}`,
    ].filter(Boolean);
    for (const line of lines) paragraph(doc, [plain(line)], { after: 0.25 });

    doc.moveDown(0.8);
    ensureSpace(doc, input.signature ? 140 : 60);
    if (input.signature) {
      const top = doc.y;
      doc.image(input.signature, MARGIN, top, { fit: [240, 90], valign: "bottom" });
      doc.y = top + 94;
      rule(doc, MARGIN, 240);
      doc.moveDown(0.3);
    } else {
      paragraph(doc, [plain("Firma: nombre escrito por la persona firmante")], {
        color: MUTED,
        after: 0.3,
      });
    }
    paragraph(doc, [{ text: signer.name, bold: !input.signature, italic: !input.signature }], {
      size: input.signature ? BODY_SIZE : 13,
      after: 0.1,
    });
    small(doc, signer.role);

    doc.moveDown(1);
    small(doc, `Referencia: ${input.requestId}`, "Courier");
    small(
      doc,
      "Este documento recoge el texto exacto que la persona firmante leyó (identificado por su huella SHA-256) y los datos de la firma.",
    );
  });
}

/** A plain document from Markdown (used for the downloadable impact-assessment template). */
export async function composeTextPdf(
  heading: string,
  markdownSource: string,
  subtitle?: string,
): Promise<Buffer> {
  const doc = newDocument({
    title: heading,
    author: MAKER,
    subject: subtitle || heading,
    created: new Date(),
  });
  return finish(doc, () => {
    title(doc, heading, 17);
    if (subtitle) small(doc, subtitle);
    rule(doc, MARGIN, contentWidth(doc));
    doc.moveDown(1);
    markdown(doc, markdownSource);
  });
}
