import * as z from "zod/mini";
import { emailAddress } from "~/utils/email-schema";
import { isDniOrNie } from "~/utils/nif";
import { noNul } from "~/utils/no-nul";
import { suggestSlug } from "~/utils/slug";
import { DOCUMENT_KINDS, type DocumentKind } from "./starting-texts";

/**
 * Informed consent and intake: the rules, limits and Spanish messages, safe in the browser
 * (docs/decisions/022-informed-consent.md).
 */

export { DOCUMENT_KINDS, type DocumentKind };

/** A signer's link works this many days (then 'caducado'; the practice sends a new one). */
export const LINK_DAYS = 14;

/** What a link that no longer works shows (used, expired, replaced or cancelled alike). */
export const LINK_INVALID =
  "Este enlace ya no sirve: se ha usado, ha caducado o la consulta ha enviado otro. Si necesitas uno nuevo, escribe a la consulta.";

export const DOCUMENT_LABELS: Record<DocumentKind, { name: string; when: string }> = {
  general: { name: "Consentimiento informado", when: "Se envía siempre." },
  online: {
    name: "Sesiones en línea",
    when: "Se añade cuando la cita es en línea.",
  },
  minors: {
    name: "Menores de edad",
    when: "Se añade cuando la persona atendida es menor de 18 años.",
  },
  data: { name: "Protección de datos", when: "Se envía siempre." },
};

export const CONSENT_LIMITS = {
  title: 160,
  body: 40_000,
  name: 120,
  idNumber: 20,
  note: 1000,
  answer: 2000,
  question: 200,
  option: 80,
  options: 10,
  questions: 15,
  /** A drawn signature as a PNG data URL. */
  signature: 60_000,
} as const;

export const CONSENT_MESSAGES = {
  invalidCharacters: "El texto contiene caracteres no válidos.",
  titleRequired: "Escribe el título del documento.",
  titleTooLong: `El título puede tener como mucho ${CONSENT_LIMITS.title} caracteres.`,
  bodyRequired: "Escribe el texto del documento.",
  draftNote:
    "Antes de marcarlo como listo, borra la nota «Texto de partida» del principio: confirma que ya lo has revisado.",
  bodyTooLong: `El texto puede tener como mucho ${CONSENT_LIMITS.body.toLocaleString("es-ES")} caracteres.`,
  nameRequired: "Escribe el nombre y los apellidos.",
  nameTooLong: `El nombre puede tener como mucho ${CONSENT_LIMITS.name} caracteres.`,
  idNumber: "Escribe un DNI o NIE válido, con su letra (por ejemplo, 12345678Z o X1234567L).",
  accept: "Para firmar, marca la casilla que confirma que has leído y aceptas el documento.",
  signature:
    "No hemos podido leer la firma dibujada. Bórrala y vuelve a dibujarla, o envía sin ella.",
  answerTooLong: `La respuesta puede tener como mucho ${CONSENT_LIMITS.answer.toLocaleString("es-ES")} caracteres.`,
  answerRequired: "Esta pregunta es obligatoria.",
  choice: "Elige una de las opciones.",
  scale: "Elige un número del 0 al 10.",
  date: "Escribe una fecha válida.",
  subject: "Elige quién firma el consentimiento.",
  appointment: "Esa cita ya no existe.",
  parentRequired: "Escribe el email del progenitor o tutor que firma.",
  secondParent:
    "Escribe el email del otro progenitor o, si solo firma uno, explica por qué en la nota (custodia exclusiva, autorización judicial…).",
  sameAddress: "Las dos direcciones son la misma: cada progenitor necesita la suya.",
  noteTooLong: `La nota puede tener como mucho ${CONSENT_LIMITS.note} caracteres.`,
  noteRequired:
    "Explica en la nota por qué basta con una firma (custodia exclusiva, autorización judicial…).",
  question: `Escribe la pregunta (como mucho ${CONSENT_LIMITS.question} caracteres).`,
  questionKind: "Elige el tipo de respuesta.",
  options: `Escribe entre 2 y ${CONSENT_LIMITS.options} opciones, una por línea (como mucho ${CONSENT_LIMITS.option} caracteres cada una).`,
  tooManyQuestions: `El cuestionario puede tener como mucho ${CONSENT_LIMITS.questions} preguntas.`,
} as const;

const textOnly = noNul(CONSENT_MESSAGES.invalidCharacters);

/** A consent document as she saves it (/admin/consentimientos/documentos/:kind). */
export const DocumentSchema = z.object({
  title: z
    .string({ error: CONSENT_MESSAGES.titleRequired })
    .check(
      z.trim(),
      textOnly,
      z.minLength(2, CONSENT_MESSAGES.titleRequired),
      z.maxLength(CONSENT_LIMITS.title, CONSENT_MESSAGES.titleTooLong),
    ),
  body: z
    .string({ error: CONSENT_MESSAGES.bodyRequired })
    .check(
      z.trim(),
      textOnly,
      z.minLength(20, CONSENT_MESSAGES.bodyRequired),
      z.maxLength(CONSENT_LIMITS.body, CONSENT_MESSAGES.bodyTooLong),
    ),
  /** 'on' when she confirms she reviewed it: only then is this version sent. */
  ready: z._default(z.enum(["on", ""], { error: CONSENT_MESSAGES.invalidCharacters }), ""),
});

// ─── The intake questionnaire ───────────────────────────────────────────────────────────────────

export const QUESTION_KINDS = ["text", "choice", "scale", "date"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  text: "Texto libre",
  choice: "Elegir una opción",
  scale: "Escala del 0 al 10",
  date: "Fecha",
};

export interface IntakeQuestion {
  id: string;
  kind: QuestionKind;
  label: string;
  options: string[];
  required: boolean;
}

/** The short default: nothing mandatory. */
export const DEFAULT_INTAKE: IntakeQuestion[] = [
  {
    id: "motivo",
    kind: "text",
    label: "¿Qué te trae a consulta? Cuéntalo con tus palabras, lo que quieras compartir.",
    options: [],
    required: false,
  },
  {
    id: "terapia-previa",
    kind: "choice",
    label: "¿Has ido antes a terapia psicológica?",
    options: ["Sí", "No"],
    required: false,
  },
  {
    id: "medicacion",
    kind: "choice",
    label: "¿Tomas alguna medicación actualmente?",
    options: ["Sí", "No", "Prefiero hablarlo en consulta"],
    required: false,
  },
  {
    id: "como-conociste",
    kind: "choice",
    label: "¿Cómo conociste la consulta?",
    options: [
      "Buscador de internet",
      "Recomendación",
      "Redes sociales",
      "Otro profesional",
      "Otro",
    ],
    required: false,
  },
];

const QuestionSchema = z.object({
  id: z
    .string({ error: CONSENT_MESSAGES.question })
    .check(z.regex(/^[a-z0-9-]{1,40}$/, CONSENT_MESSAGES.question)),
  kind: z.enum(QUESTION_KINDS, { error: CONSENT_MESSAGES.questionKind }),
  label: z
    .string({ error: CONSENT_MESSAGES.question })
    .check(
      z.trim(),
      textOnly,
      z.minLength(3, CONSENT_MESSAGES.question),
      z.maxLength(CONSENT_LIMITS.question, CONSENT_MESSAGES.question),
    ),
  options: z.array(
    z
      .string({ error: CONSENT_MESSAGES.options })
      .check(
        z.trim(),
        textOnly,
        z.minLength(1, CONSENT_MESSAGES.options),
        z.maxLength(CONSENT_LIMITS.option, CONSENT_MESSAGES.options),
      ),
    { error: CONSENT_MESSAGES.options },
  ),
  required: z.boolean({ error: CONSENT_MESSAGES.questionKind }),
});

/** The whole questionnaire as stored (intake_form.questions). */
export const IntakeSchema = z
  .array(QuestionSchema, { error: CONSENT_MESSAGES.tooManyQuestions })
  .check(
    z.maxLength(CONSENT_LIMITS.questions, CONSENT_MESSAGES.tooManyQuestions),
    z.refine(
      (list) =>
        list.every(
          (q) =>
            q.kind !== "choice" ||
            (q.options.length >= 2 && q.options.length <= CONSENT_LIMITS.options),
        ),
      CONSENT_MESSAGES.options,
    ),
  );

/** Rows the questionnaire form shows beyond the questions it has (to add new ones). */
export const EXTRA_QUESTION_ROWS = 2;

/**
 * The questionnaire form's fields (`q0.label`, `q0.kind`, `q0.options` one per line,
 * `q0.required`, `q0.id`) read into questions: a row whose question is blank is dropped (that is
 * how one is removed), and its position is its order.
 */
export function questionsFromForm(form: FormData, rows: number) {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const questions: unknown[] = [];
  const used = new Set<string>();
  for (let i = 0; i < rows; i++) {
    const label = get(`q${i}.label`).trim();
    if (!label) continue;
    // A question keeps its id (the answers' field name); a new or altered one gets it from its text.
    const given = get(`q${i}.id`).trim();
    let id = /^[a-z0-9-]{1,40}$/.test(given)
      ? given
      : suggestSlug(label).replace(/ñ/g, "n").slice(0, 30).replace(/-+$/, "") ||
        `pregunta-${i + 1}`;
    while (used.has(id)) id = `${id.slice(0, 36)}-${i + 1}`;
    used.add(id);
    questions.push({
      id,
      kind: get(`q${i}.kind`),
      label,
      options: get(`q${i}.options`)
        .split("\n")
        .map((o) => o.trim())
        .filter(Boolean),
      required: get(`q${i}.required`) === "on",
    });
  }
  return questions;
}

// ─── Sending ────────────────────────────────────────────────────────────────────────────────────

export const SUBJECTS = ["adult", "minor", "teen"] as const;
export type Subject = (typeof SUBJECTS)[number];
export const SUBJECT_LABELS: Record<Subject, { name: string; hint: string }> = {
  adult: { name: "Una persona adulta", hint: "Firma ella misma." },
  minor: {
    name: "Menor de 16 años",
    hint: "Firman sus dos progenitores o tutores, cada uno con su propio enlace.",
  },
  teen: {
    name: "Entre 16 y 17 años",
    hint: "Firma la persona atendida; si quieres, también sus progenitores.",
  },
};

const optionalEmail = z._default(z.union([z.literal(""), emailAddress()]), "");
const note = z._default(
  z
    .string({ error: CONSENT_MESSAGES.invalidCharacters })
    .check(z.trim(), textOnly, z.maxLength(CONSENT_LIMITS.note, CONSENT_MESSAGES.noteTooLong)),
  "",
);

/**
 * 'Enviar consentimiento' (/admin/consentimientos): to whom, and who signs. For a minor under 16
 * both parents sign, or one with the exception written in the note.
 */
export const SendSchema = z
  .object({
    name: z
      .string({ error: CONSENT_MESSAGES.nameRequired })
      .check(
        z.trim(),
        textOnly,
        z.minLength(2, CONSENT_MESSAGES.nameRequired),
        z.maxLength(CONSENT_LIMITS.name, CONSENT_MESSAGES.nameTooLong),
      ),
    email: emailAddress(),
    subject: z.enum(SUBJECTS, { error: CONSENT_MESSAGES.subject }),
    online: z._default(z.enum(["on", ""], { error: CONSENT_MESSAGES.invalidCharacters }), ""),
    parent1: optionalEmail,
    parent2: optionalEmail,
    exception: note,
    appointment: z._default(
      z
        .string({ error: CONSENT_MESSAGES.appointment })
        .check(z.regex(/^([0-9a-f-]{36})?$/, CONSENT_MESSAGES.appointment)),
      "",
    ),
  })
  .check(
    z.refine((v) => v.subject !== "minor" || v.parent1 !== "", {
      message: CONSENT_MESSAGES.parentRequired,
      path: ["parent1"],
    }),
    z.refine((v) => v.subject !== "minor" || v.parent2 !== "" || v.exception !== "", {
      message: CONSENT_MESSAGES.secondParent,
      path: ["parent2"],
    }),
    z.refine((v) => v.parent2 === "" || v.parent1 !== v.parent2, {
      message: CONSENT_MESSAGES.sameAddress,
      path: ["parent2"],
    }),
  );

/** 'Registrar una excepción': one parent's signature is enough, and why. */
export const ExceptionSchema = z.object({
  note: z
    .string({ error: CONSENT_MESSAGES.noteRequired })
    .check(
      z.trim(),
      textOnly,
      z.minLength(10, CONSENT_MESSAGES.noteRequired),
      z.maxLength(CONSENT_LIMITS.note, CONSENT_MESSAGES.noteTooLong),
    ),
});

// ─── Signing ────────────────────────────────────────────────────────────────────────────────────

const SIGNATURE_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** The answer field of a question on the signing page. */
export const answerField = (q: Pick<IntakeQuestion, "id">) => `respuesta-${q.id}`;

function answerSchema(q: IntakeQuestion) {
  const schema = answerChecks(q);
  // A default would skip the checks of an answer not sent at all (a radio left unchosen).
  return q.required ? schema : z._default(schema, "");
}

function answerChecks(q: IntakeQuestion) {
  const missing = q.kind === "text" ? CONSENT_MESSAGES.answerRequired : messageOf(q);
  const base = z
    .string({ error: q.required ? missing : CONSENT_MESSAGES.invalidCharacters })
    .check(z.trim(), textOnly);
  const required = q.required ? [z.minLength(1, missing)] : [];
  switch (q.kind) {
    case "text":
      return base.check(
        ...required,
        z.maxLength(CONSENT_LIMITS.answer, CONSENT_MESSAGES.answerTooLong),
      );
    case "choice":
      return base.check(
        ...required,
        z.refine((v) => v === "" || q.options.includes(v), CONSENT_MESSAGES.choice),
      );
    case "scale":
      return base.check(...required, z.regex(/^(?:|[0-9]|10)$/, CONSENT_MESSAGES.scale));
    case "date":
      return base.check(
        ...required,
        z.refine((v) => v === "" || isCalendarDate(v), CONSENT_MESSAGES.date),
      );
  }
}

function messageOf(q: IntakeQuestion) {
  return q.kind === "choice"
    ? CONSENT_MESSAGES.choice
    : q.kind === "scale"
      ? CONSENT_MESSAGES.scale
      : CONSENT_MESSAGES.date;
}

function isCalendarDate(value: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    date.getUTCFullYear() === Number(m[1]) &&
    date.getUTCMonth() === Number(m[2]) - 1 &&
    date.getUTCDate() === Number(m[3]) &&
    Number(m[1]) >= 1900 &&
    Number(m[1]) <= 2100
  );
}

/** The signing page's form: who signs, the tick, the drawn signature and the answers. */
export function signSchema(questions: readonly IntakeQuestion[]) {
  return z.object({
    name: z
      .string({ error: CONSENT_MESSAGES.nameRequired })
      .check(
        z.trim(),
        textOnly,
        z.minLength(4, CONSENT_MESSAGES.nameRequired),
        z.maxLength(CONSENT_LIMITS.name, CONSENT_MESSAGES.nameTooLong),
      ),
    idNumber: z
      .string({ error: CONSENT_MESSAGES.idNumber })
      .check(
        z.trim(),
        z.maxLength(CONSENT_LIMITS.idNumber, CONSENT_MESSAGES.idNumber),
        z.refine(isDniOrNie, CONSENT_MESSAGES.idNumber),
      ),
    accept: z.literal("on", { error: CONSENT_MESSAGES.accept }),
    signature: z._default(
      z.string({ error: CONSENT_MESSAGES.signature }).check(
        z.maxLength(CONSENT_LIMITS.signature, CONSENT_MESSAGES.signature),
        z.refine((v) => v === "" || SIGNATURE_DATA_URL.test(v), CONSENT_MESSAGES.signature),
      ),
      "",
    ),
    ...Object.fromEntries(questions.map((q) => [answerField(q), answerSchema(q)])),
  });
}

// ─── Status ─────────────────────────────────────────────────────────────────────────────────────

export type SignerStatus =
  "enviado" | "abierto" | "firmado" | "caducado" | "no-necesaria" | "anulado";
export const SIGNER_STATUS_LABELS: Record<SignerStatus, string> = {
  enviado: "Enviado",
  abierto: "Abierto",
  firmado: "Firmado",
  caducado: "Caducado",
  "no-necesaria": "No necesaria (excepción)",
  anulado: "Anulado",
};

export type RequestStatus = "pending" | "complete" | "withdrawn" | "cancelled";
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: "Pendiente de firma",
  complete: "Firmado",
  withdrawn: "Retirado por la persona",
  cancelled: "Anulado",
};

export const ROLE_LABELS = {
  client: "Persona atendida",
  parent: "Progenitor/a o tutor/a legal",
} as const;

/** A consent sent, as the back office lists it: each signer's status, no sealed data. */
export interface RequestItem {
  id: string;
  appointmentId: string | null;
  clientName: string;
  clientEmail: string;
  subject: Subject;
  status: RequestStatus;
  createdAt: string;
  completedAt: string | null;
  withdrawnAt: string | null;
  exception: { at: string; by: string | null } | null;
  documents: string[];
  signers: {
    id: string;
    role: "client" | "parent";
    email: string;
    status: SignerStatus;
    signedAt: string | null;
    expiresAt: string;
  }[];
}
