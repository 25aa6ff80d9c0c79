/**
 * What a psychologist must not publish, found in a text so staff can look again before they do
 * (docs/compliance.md): promises of results in her advertising, and in a client's review their
 * identity, contact details or health. The check highlights and never blocks: a word can be
 * innocent in its sentence ('cura' in 'la cura de sueño', a name that is the reviewer's own).
 * Pure and without dependencies: the admin pages run it in the browser as staff type.
 */

export type FlagKind = "claim" | "contact" | "health" | "name";

export interface Flag {
  /** Offsets in the text (end excluded) and the words found. */
  start: number;
  end: number;
  text: string;
  kind: FlagKind;
}

export interface Rule {
  kind: FlagKind;
  /** What the words touch, as staff read it. */
  title: string;
  /** The same in a word or two (the review list's one-line notice). */
  short: string;
  /** The source, with its article and date, and where to read it. */
  source: string;
  url: string;
}

const RGPD = "https://eur-lex.europa.eu/eli/reg/2016/679/oj";
const CODE = "https://www.cop.es/";

export const RULES: Record<FlagKind, Rule> = {
  claim: {
    kind: "claim",
    short: "Promesa de resultados",
    title: "Promete resultados, curación o éxito",
    source:
      "Código Deontológico del Psicólogo, art. 50 (la publicidad no incluye garantías ni afirmaciones sobre éxitos); Real Decreto 1907/1996, art. 4.4 (seguridades de alivio o curación cierta)",
    url: "https://www.boe.es/eli/es/rd/1996/08/02/1907",
  },
  health: {
    kind: "health",
    short: "Salud",
    title: "Datos de salud (diagnóstico, medicación, trastorno)",
    source:
      "RGPD, art. 9 (categorías especiales de datos); Código Deontológico del Psicólogo, arts. 39–40 (intimidad y secreto profesional)",
    url: RGPD,
  },
  contact: {
    kind: "contact",
    short: "Contacto",
    title: "Datos de contacto de una persona",
    source: "RGPD, art. 5.1.c (minimización de datos)",
    url: RGPD,
  },
  name: {
    kind: "name",
    short: "Nombre completo",
    title: "Nombre y apellidos de una persona",
    source:
      "RGPD, art. 5.1.c (minimización de datos); Código Deontológico del Psicólogo, art. 40 (secreto profesional)",
    url: CODE,
  },
};

// Words are whole words: a letter may not come right before or after (Unicode, so 'curación'
// ends at its 'n' and 'procurar' is not 'curar').
const word = (body: string) => new RegExp(`(?<!\\p{L})(?:${body})(?!\\p{L})`, "giu");

const CLAIMS = [
  word("garantiz\\p{L}*|garantía de (?:éxito|resultados?|curación)"),
  word("cur(?:a|ar|o|ó|as|amos|ará|arás|aremos|ación|ativ[oa]s?)"),
  word("(?:éxito|resultados?|mejoría|recuperación) (?:asegurad|garantizad|segur)\\p{L}*"),
  word("asegur(?:o|amos|a) (?:el|la|los|tu|tus|resultados?|éxito)"),
  word("milagr\\p{L}*"),
  word("para siempre|de por vida|sin recaídas|definitivamente"),
  /(?<![\p{L}\d])(?:100\s?%|cien por cien|cien por ciento)/giu,
  word("(?:el|la) mejor (?:psicólog[oa]|terapeuta|consulta|tratamiento)"),
];

const HEALTH = [
  word(
    "depresi[óo]n(?:es)?|depresiv[oa]s?|ansiedad(?: generalizada| social)?|ataques? de (?:p[áa]nico|ansiedad)|trastornos?(?: \\p{L}+)?|bipolar(?:idad)?|esquizofreni\\p{L}*|psicosis|psic[óo]tic[oa]s?|TOC|obsesiv[oa]s?[- ]compulsiv[oa]s?|TDAH|TDA|hiperactividad|d[ée]ficit de atenci[óo]n|TEPT|estr[ée]s postraum[áa]tico|TLP|TCA|anorexia|an[óo]rexic[oa]|bulimia|bul[íi]mic[oa]|atracones|agorafobia|fobias?(?: \\p{L}+)?|hipocondr\\p{L}*|insomnio|autismo|Asperger|TEA|adicci[óo]n(?:es)?(?: a \\p{L}+)?|alcoholismo|ludopat\\p{L}*|autolesi\\p{L}*|suicid\\p{L}*|intento de suicidio|diagn[óo]stic\\p{L}*|ingres(?:o|ada|ado) en \\p{L}+|psiquiatr\\p{L}*",
  ),
  word(
    "medicaci[óo]n|medicad[oa]|pastillas|antidepresiv\\p{L}*|ansiol[íi]tic\\p{L}*|benzodiacepin\\p{L}*|sertralina|fluoxetina|escitalopram|paroxetina|venlafaxina|diazepam|lorazepam|alprazolam|orfidal|trankimazin|valium|litio|quetiapina|risperidona|olanzapina|aripiprazol|metilfenidato",
  ),
];

const CONTACT = [
  /[\p{L}\d._%+-]+@[\p{L}\d.-]+\.\p{L}{2,}/gu,
  // A Spanish phone: 9 digits starting with 6, 7, 8 or 9, with optional +34 and spaces or dashes.
  /(?<!\d)(?:\+34[\s-]?)?[6-9](?:[\s-]?\d){8}(?!\d)/gu,
  /https?:\/\/\S+|(?<![\p{L}\d])@[\p{L}\d_.]{3,}/gu,
];

// Two to four capitalised words in a row, not at the start of a sentence: 'Ana García López'.
const NAME = /(?<=[\p{Ll},;:]\s)\p{Lu}\p{Ll}+(?:\s(?:de\s|del\s|de la\s)?\p{Lu}\p{Ll}+){1,3}/gu;

function find(text: string, patterns: RegExp[], kind: FlagKind): Flag[] {
  const flags: Flag[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(new RegExp(pattern.source, pattern.flags))) {
      flags.push({ start: match.index, end: match.index + match[0].length, text: match[0], kind });
    }
  }
  return flags;
}

/** Overlapping findings keep the first (in order of the text), then the longest. */
function tidy(flags: Flag[]): Flag[] {
  const sorted = [...flags].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Flag[] = [];
  for (const flag of sorted) {
    if (kept.length && flag.start < kept.at(-1)!.end) continue;
    kept.push(flag);
  }
  return kept;
}

/** Promises of results in the practice's own texts: articles, services. */
export function claimFlags(text: string): Flag[] {
  return tidy(find(text, CLAIMS, "claim"));
}

/** What a client's review must not carry when published, and promises of results in it. */
export function reviewFlags(text: string): Flag[] {
  return tidy([
    ...find(text, CLAIMS, "claim"),
    ...find(text, HEALTH, "health"),
    ...find(text, CONTACT, "contact"),
    ...find(text, [NAME], "name"),
  ]);
}

/** The text cut into plain and flagged parts, in order (for highlighting). */
export function segments(text: string, flags: Flag[]) {
  const parts: { text: string; flag: Flag | null }[] = [];
  let at = 0;
  for (const flag of flags) {
    if (flag.start > at) parts.push({ text: text.slice(at, flag.start), flag: null });
    parts.push({ text: text.slice(flag.start, flag.end), flag });
    at = flag.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), flag: null });
  return parts;
}

/** The words found for a rule, each once, in the order of the text. */
export function wordsFor(flags: Flag[], kind: FlagKind): string[] {
  return [...new Set(flags.filter((f) => f.kind === kind).map((f) => f.text))];
}

/** The rules a list of findings touches, each once, in a fixed order. */
export function rulesTouched(flags: Flag[]): Rule[] {
  const kinds = new Set(flags.map((f) => f.kind));
  return (["claim", "health", "contact", "name"] as const)
    .filter((k) => kinds.has(k))
    .map((k) => RULES[k]);
}
