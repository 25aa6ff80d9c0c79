import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "~/db/client.server";
import { consentRequests, consentSigners } from "~/db/schema";
import { appointmentSummary } from "~/modules/booking/agenda.server";
import { clientMail, practiceMail } from "~/modules/booking/mails.server";
import { renderMarkdown } from "~/modules/content/markdown";
import { getSettings } from "~/modules/settings/settings.server";
import type { Settings } from "~/modules/settings/schemas";
import { audit } from "~/platform/audit.server";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import {
  clinicalMasterKey,
  openBytes,
  openText,
  sealBytes,
  sealText,
} from "~/platform/sealed.server";
import { hashToken, isToken, newToken } from "~/platform/tokens.server";
import { getEnv } from "~/utils/env.server";
import { formatLongDay } from "~/utils/format-time";
import { logger } from "~/utils/logger.server";
import { formFailure, type FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { compactNif } from "~/utils/nif";
import { documentsToSend, getIntake, versionNumbers, versionsById } from "./documents.server";
import { composeConsentPdf } from "./pdf.server";
import { CONSENT_RETENTION_YEARS, keptUntil } from "./retention";
import {
  answerField,
  CONSENT_MESSAGES,
  type DocumentKind,
  ExceptionSchema,
  type IntakeQuestion,
  LINK_DAYS,
  LINK_INVALID,
  type RequestItem,
  type RequestStatus,
  ROLE_LABELS,
  SendSchema,
  type SignerStatus,
  signSchema,
  type Subject,
} from "./rules";

/**
 * Consents sent to clients and signed through a link of their own, without an account
 * (docs/decisions/022-informed-consent.md). Each signer's link is a one-use token kept as its
 * SHA-256 that expires after LINK_DAYS; signing spends it and gives a second token for the
 * signer's copy (and the withdrawal). What a person signs and answers is sealed with the
 * practice's master key before it is stored (platform/sealed.server.ts); no e-mail carries it.
 */

type Actor = { id: string; email: string };
const DAY = 24 * 60 * 60 * 1000;

interface SentDocument {
  id: number;
  kind: string;
  title: string;
  sha256: string;
}

interface SignedRecord {
  name: string;
  idNumber: string;
  answers: { question: string; answer: string }[] | null;
  ip: string;
  userAgent: string;
  signature: string | null;
  signedAt: string;
}

const recordContext = (signerId: string) => `consent_signers:${signerId}:record`;
const pdfContext = (signerId: string) => `consent_signers:${signerId}:pdf`;
const exceptionContext = (requestId: string) => `consent_requests:${requestId}:exception`;

// ─── E-mails ────────────────────────────────────────────────────────────────────────────────────

/** The practice's notice about a consent: names the client, never what was signed or answered. */
function consentNotice(settings: Settings, subject: string, paragraphs: string[]) {
  return practiceMail(settings.contactEmail, subject, paragraphs, {
    href: `${getEnv().PUBLIC_URL}/admin/consentimientos`,
    label: "Abrir Consentimientos",
  });
}

function signLinkMail(
  settings: Settings,
  signer: { email: string; role: string },
  clientName: string,
  token: string,
  expiresAt: Date,
) {
  const until = formatLongDay(expiresAt);
  const forWhom =
    signer.role === "parent"
      ? [
          `${settings.professionalName} te envía el consentimiento informado para la atención psicológica de ${clientName}.`,
          "Como progenitor/a o tutor/a legal, necesitamos tu firma. El otro progenitor, si lo hay, recibe su propio enlace.",
        ]
      : [
          `${settings.professionalName} te envía el consentimiento informado para tus sesiones, y unas pocas preguntas para preparar la primera.`,
        ];
  return clientMail(
    settings,
    signer.email,
    "Consentimiento informado: léelo y fírmalo antes de la primera sesión",
    [
      ...forWhom,
      "Solo tienes que leerlo, escribir tu nombre y tu DNI o NIE y marcar la casilla. Se hace en unos minutos, también desde el móvil.",
      `El enlace es personal, sirve una sola vez y caduca el ${until}. No lo reenvíes.`,
    ],
    { href: `${getEnv().PUBLIC_URL}/consentimiento?token=${token}`, label: "Leer y firmar" },
  );
}

// ─── Sending ────────────────────────────────────────────────────────────────────────────────────

export type SendResult =
  | { ok: true; requestId: string; signers: number; missing: DocumentKind[] }
  | (FormFailure & { status: 400 | 404 | 409 });

const NOT_READY =
  "Antes de enviar ningún consentimiento, revisa el texto del consentimiento informado y márcalo como listo para enviar (Consentimientos › Documentos).";

/** 'Enviar consentimiento': to a client (or her parents), for an appointment or on its own. */
export async function sendConsent(
  db: Db,
  actor: Actor | null,
  input: unknown,
  ip: string,
  now = new Date(),
): Promise<SendResult> {
  const parsed = parseWith(SendSchema, input);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const v = parsed.data;
  let appointmentId: string | null = null;
  if (v.appointment) {
    const appointment = await appointmentSummary(db, v.appointment);
    if (!appointment) return { ...formFailure("Esa cita ya no existe."), status: 404 };
    appointmentId = appointment.id;
  }
  const documents = await documentsToSend(db, {
    online: v.online === "on",
    minor: v.subject !== "adult",
  });
  if (!documents.some((d) => d.kind === "general")) {
    return { ...formFailure(NOT_READY), status: 409 };
  }
  const intake = await getIntake(db);
  const questions = intake.enabled && intake.questions.length > 0 ? intake.questions : null;
  const signers: { role: "client" | "parent"; email: string }[] =
    v.subject === "minor"
      ? [v.parent1, v.parent2].filter(Boolean).map((email) => ({ role: "parent", email }))
      : [
          { role: "client", email: v.email },
          ...[v.parent1, v.parent2]
            .filter(Boolean)
            .map((email) => ({ role: "parent" as const, email })),
        ];
  const settings = await getSettings(db);
  const requestId = randomUUID();
  const master = clinicalMasterKey();
  const exception = v.subject === "minor" && !v.parent2 && v.exception ? v.exception : null;
  await db.transaction(async (tx) => {
    if (appointmentId) {
      // A new consent for the same appointment replaces one still waiting (its links stop working).
      const waiting = await tx
        .update(consentRequests)
        .set({ status: "cancelled" })
        .where(
          and(
            eq(consentRequests.appointmentId, appointmentId),
            eq(consentRequests.status, "pending"),
          ),
        )
        .returning({ id: consentRequests.id });
      if (waiting.length > 0) {
        await tx
          .update(consentSigners)
          .set({ tokenHash: null })
          .where(
            inArray(
              consentSigners.requestId,
              waiting.map((w) => w.id),
            ),
          );
      }
    }
    await tx.insert(consentRequests).values({
      id: requestId,
      appointmentId,
      clientName: v.name,
      clientEmail: v.email,
      subject: v.subject,
      documents,
      intake: questions,
      exceptionSealed: exception ? sealText(master, exceptionContext(requestId), exception) : null,
      exceptionAt: exception ? now : null,
      exceptionBy: exception ? (actor?.email ?? null) : null,
      createdBy: actor?.email ?? null,
      createdAt: now,
    });
    const expiresAt = new Date(now.getTime() + LINK_DAYS * DAY);
    for (const [position, signer] of signers.entries()) {
      const token = newToken();
      await tx.insert(consentSigners).values({
        id: randomUUID(),
        requestId,
        position,
        role: signer.role,
        email: signer.email,
        answersIntake: position === 0 && questions !== null,
        tokenHash: token.hash,
        expiresAt,
        sentAt: now,
      });
      await enqueueMail(tx, signLinkMail(settings, signer, v.name, token.token, expiresAt), {
        kind: "consent",
        id: requestId,
      });
    }
    await audit(tx, {
      action: "consent_sent",
      actor,
      target: requestId,
      details: {
        firmantes: signers.length,
        menor: v.subject !== "adult",
        documentos: documents.map((d) => d.kind),
        ...(exception ? { excepcion: true } : {}),
      },
      ip,
    });
  });
  nudgeOutbox();
  // Documents that apply but she has not marked ready yet went out without them: said to her.
  const wanted: DocumentKind[] = [
    ...(v.online === "on" ? (["online"] as const) : []),
    ...(v.subject !== "adult" ? (["minors"] as const) : []),
    "data",
  ];
  const missing = wanted.filter((kind) => !documents.some((d) => d.kind === kind));
  return { ok: true, requestId, signers: signers.length, missing };
}

/**
 * Sent when an appointment is accepted or confirmed: an adult's consent, unless there is nothing
 * reviewed to send, the appointment already has one, or this client already signed the same
 * documents (or has links still waiting). Never fails the caller: the answer says what happened.
 */
export async function offerConsentForAppointment(
  db: Db,
  actor: Actor | null,
  appointmentId: string,
  ip: string,
  now = new Date(),
): Promise<"sent" | "skipped"> {
  try {
    return await offerConsent(db, actor, appointmentId, ip, now);
  } catch (error) {
    // The appointment is already accepted: a failure here is logged and the consent sent by hand.
    logger.error({ err: error }, "no se pudo enviar el consentimiento de una cita");
    return "skipped";
  }
}

async function offerConsent(
  db: Db,
  actor: Actor | null,
  appointmentId: string,
  ip: string,
  now: Date,
): Promise<"sent" | "skipped"> {
  const appointment = await appointmentSummary(db, appointmentId);
  if (!appointment || appointment.status !== "confirmed") return "skipped";
  const online = appointment.modality === "online";
  const documents = await documentsToSend(db, { online, minor: false });
  if (!documents.some((d) => d.kind === "general")) return "skipped";
  const address = appointment.clientEmail.toLowerCase();
  const earlier = await db
    .select({
      id: consentRequests.id,
      status: consentRequests.status,
      documents: consentRequests.documents,
      appointmentId: consentRequests.appointmentId,
      createdAt: consentRequests.createdAt,
    })
    .from(consentRequests)
    .where(
      or(
        eq(consentRequests.appointmentId, appointmentId),
        eq(sql`lower(${consentRequests.clientEmail})`, address),
      ),
    );
  const wanted = documents.map((d) => d.id).sort();
  const covered = earlier.some(
    (r) =>
      (r.appointmentId === appointmentId && r.status !== "cancelled") ||
      (r.status === "pending" && now.getTime() - r.createdAt.getTime() < LINK_DAYS * DAY) ||
      (r.status === "complete" &&
        JSON.stringify((r.documents as SentDocument[]).map((d) => d.id).sort()) ===
          JSON.stringify(wanted)),
  );
  if (covered) return "skipped";
  const result = await sendConsent(
    db,
    actor,
    {
      name: appointment.clientName,
      email: appointment.clientEmail,
      subject: "adult",
      online: online ? "on" : "",
      appointment: appointment.id,
    },
    ip,
    now,
  );
  return result.ok ? "sent" : "skipped";
}

// ─── The signer's link ──────────────────────────────────────────────────────────────────────────

async function signerRow(db: Pick<Db, "select">, column: "sign" | "copy", token: unknown) {
  if (!isToken(token)) return null;
  const hash = hashToken(token);
  const [row] = await db
    .select({ signer: consentSigners, request: consentRequests })
    .from(consentSigners)
    .innerJoin(consentRequests, eq(consentRequests.id, consentSigners.requestId))
    .where(
      column === "sign"
        ? eq(consentSigners.tokenHash, hash)
        : eq(consentSigners.copyTokenHash, hash),
    );
  return row ?? null;
}

function usable(row: Awaited<ReturnType<typeof signerRow>>, now: Date) {
  return (
    row !== null &&
    row.request.status === "pending" &&
    row.signer.signedAt === null &&
    row.signer.waivedAt === null &&
    row.signer.expiresAt > now
  );
}

export interface SigningView {
  clientName: string;
  role: "client" | "parent";
  practiceName: string;
  documents: { title: string; html: string; version: number; sha256: string }[];
  questions: IntakeQuestion[];
}

async function documentsOf(db: Db, sent: SentDocument[]) {
  const ids = sent.map((d) => d.id);
  const [rows, numbers] = await Promise.all([versionsById(db, ids), versionNumbers(db, ids)]);
  return sent.flatMap((d) => {
    const row = rows.find((r) => r.id === d.id);
    return row
      ? [
          {
            title: row.title,
            body: row.body,
            sha256: row.sha256,
            version: numbers.get(row.id) ?? 1,
          },
        ]
      : [];
  });
}

/**
 * The signing page's content for a link that still works (and its first opening recorded), or
 * null: unknown, spent, expired, replaced or cancelled links all open nothing.
 */
export async function signingView(
  db: Db,
  token: unknown,
  now = new Date(),
): Promise<SigningView | null> {
  const row = await signerRow(db, "sign", token);
  if (!row || !usable(row, now)) return null;
  if (!row.signer.openedAt) {
    await db
      .update(consentSigners)
      .set({ openedAt: now })
      .where(and(eq(consentSigners.id, row.signer.id), isNull(consentSigners.openedAt)));
  }
  const settings = await getSettings(db);
  const documents = await documentsOf(db, row.request.documents as SentDocument[]);
  return {
    clientName: row.request.clientName,
    role: row.signer.role as "client" | "parent",
    practiceName: settings.professionalName,
    documents: documents.map((d) => ({
      title: d.title,
      html: renderMarkdown(d.body),
      version: d.version,
      sha256: d.sha256,
    })),
    questions: row.signer.answersIntake
      ? ((row.request.intake as IntakeQuestion[] | null) ?? [])
      : [],
  };
}

/** A drawn signature from the browser, re-encoded (off the event loop) as a small PNG. */
async function cleanSignature(dataUrl: string): Promise<Buffer | null | "invalid"> {
  if (!dataUrl) return null;
  try {
    const raw = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
    return await sharp(raw, { limitInputPixels: 4_000_000, failOn: "error" })
      .resize(600, 200, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
  } catch {
    return "invalid";
  }
}

export type SignResult =
  { ok: true; copyToken: string; complete: boolean } | (FormFailure & { status: 400 | 404 });

/**
 * Signs through the link: checks the form against the questions this signer was asked, composes
 * the PDF (the frozen documents, the answers, who, when, from where and the documents' hashes),
 * seals it with the signer's record, spends the link and e-mails the signer a link to her copy.
 */
export async function signConsent(
  db: Db,
  token: unknown,
  input: Record<string, unknown>,
  client: { ip: string; userAgent: string },
  now = new Date(),
): Promise<SignResult> {
  const row = await signerRow(db, "sign", token);
  if (!row || !usable(row, now)) return { ...formFailure(LINK_INVALID), status: 404 };
  const questions = row.signer.answersIntake
    ? ((row.request.intake as IntakeQuestion[] | null) ?? [])
    : [];
  const parsed = parseWith(signSchema(questions), input);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const values = parsed.data as Record<string, string>;
  const signature = await cleanSignature(values.signature ?? "");
  if (signature === "invalid") {
    return {
      ok: false,
      status: 400,
      formError: null,
      fieldErrors: { signature: [CONSENT_MESSAGES.signature] },
    };
  }
  const settings = await getSettings(db);
  const documents = await documentsOf(db, row.request.documents as SentDocument[]);
  const answers =
    questions.length > 0
      ? questions.map((q) => ({ question: q.label, answer: values[answerField(q)] ?? "" }))
      : null;
  const record: SignedRecord = {
    name: values.name!,
    idNumber: compactNif(values.idNumber!),
    answers,
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 300),
    signature: signature ? signature.toString("base64") : null,
    signedAt: now.toISOString(),
  };
  const pdf = await composeConsentPdf({
    practice: { name: settings.professionalName, title: settings.professionalTitle },
    clientName: row.request.clientName,
    documents,
    answers,
    signer: {
      name: record.name,
      idNumber: record.idNumber,
      role: ROLE_LABELS[row.signer.role as "client" | "parent"],
    },
    signedAt: now,
    ip: record.ip,
    userAgent: record.userAgent,
    signature,
    requestId: row.request.id,
  });
  const master = clinicalMasterKey();
  const copy = newToken();
  const signerId = row.signer.id;
  const outcome = await db.transaction(async (tx) => {
    // The link is spent by this update: a second submission finds no row to change.
    const [signed] = await tx
      .update(consentSigners)
      .set({
        signedAt: now,
        tokenHash: null,
        copyTokenHash: copy.hash,
        recordSealed: sealText(master, recordContext(signerId), JSON.stringify(record)),
        pdfSealed: sealBytes(master, pdfContext(signerId), pdf).toString("base64url"),
        pdfSha256: createHash("sha256").update(pdf).digest("hex"),
      })
      .where(and(eq(consentSigners.id, signerId), isNull(consentSigners.signedAt)))
      .returning({ id: consentSigners.id });
    if (!signed) return null;
    const complete = await completeIfSigned(tx, row.request.id, now);
    const source = { kind: "consent", id: row.request.id } as const;
    await enqueueMail(
      tx,
      clientMail(
        settings,
        row.signer.email,
        "Tu copia del consentimiento firmado",
        [
          `Gracias. Has firmado el consentimiento informado${row.signer.role === "parent" ? ` para la atención de ${row.request.clientName}` : ""}.`,
          "En el enlace tienes tu copia en PDF, con el texto exacto que has firmado. Desde ahí también puedes retirar tu consentimiento cuando quieras.",
        ],
        {
          href: `${getEnv().PUBLIC_URL}/consentimiento/copia?token=${copy.token}`,
          label: "Ver mi copia",
        },
      ),
      source,
    );
    await enqueueMail(
      tx,
      consentNotice(
        settings,
        complete ? "Consentimiento completo" : "Una firma de consentimiento recibida",
        [
          complete
            ? `El consentimiento de ${row.request.clientName} tiene ya todas las firmas.`
            : `Ha firmado una de las personas del consentimiento de ${row.request.clientName}; faltan otras firmas.`,
        ],
      ),
      source,
    );
    await audit(tx, {
      action: "consent_signed",
      target: row.request.id,
      details: { firmante: row.signer.position + 1, completo: complete },
      ip: client.ip,
    });
    return { complete };
  });
  if (!outcome) return { ...formFailure(LINK_INVALID), status: 404 };
  nudgeOutbox();
  return { ok: true, copyToken: copy.token, complete: outcome.complete };
}

/** Marks a request complete when every signer it needs has signed (waived ones excepted). */
async function completeIfSigned(tx: Pick<Db, "select" | "update">, requestId: string, now: Date) {
  const signers = await tx
    .select({ signedAt: consentSigners.signedAt, waivedAt: consentSigners.waivedAt })
    .from(consentSigners)
    .where(eq(consentSigners.requestId, requestId));
  const complete =
    signers.some((s) => s.signedAt) && signers.every((s) => s.signedAt || s.waivedAt);
  if (complete) {
    await tx
      .update(consentRequests)
      .set({ status: "complete", completedAt: now })
      .where(and(eq(consentRequests.id, requestId), eq(consentRequests.status, "pending")));
  }
  return complete;
}

// ─── The signer's copy and the withdrawal ───────────────────────────────────────────────────────

interface CopyView {
  clientName: string;
  signedAt: string;
  status: RequestStatus;
  withdrawnAt: string | null;
  documents: string[];
}

export async function copyView(db: Db, token: unknown): Promise<CopyView | null> {
  const row = await signerRow(db, "copy", token);
  if (!row || !row.signer.signedAt) return null;
  return {
    clientName: row.request.clientName,
    signedAt: row.signer.signedAt.toISOString(),
    status: row.request.status as RequestStatus,
    withdrawnAt: row.request.withdrawnAt?.toISOString() ?? null,
    documents: (row.request.documents as SentDocument[]).map((d) => d.title),
  };
}

/** The signer's own PDF, through her copy link (recorded in the audit log). */
export async function copyPdf(db: Db, token: unknown, ip: string) {
  const row = await signerRow(db, "copy", token);
  if (!row?.signer.pdfSealed) return null;
  const pdf = openBytes(
    clinicalMasterKey(),
    pdfContext(row.signer.id),
    Buffer.from(row.signer.pdfSealed, "base64url"),
  );
  await audit(db, { action: "consent_copy_read", target: row.request.id, ip });
  return pdf;
}

export type WithdrawResult = { ok: true } | (FormFailure & { status: 404 | 409 });

/**
 * The signer withdraws the consent (Ley 41/2002 art. 8.5): recorded, the practice is told, links
 * still waiting stop working. Nothing is deleted: what was signed stays part of the clinical
 * documentation for its legal period.
 */
export async function withdrawConsent(
  db: Db,
  token: unknown,
  ip: string,
  now = new Date(),
): Promise<WithdrawResult> {
  const row = await signerRow(db, "copy", token);
  if (!row || !row.signer.signedAt) return { ...formFailure(LINK_INVALID), status: 404 };
  if (row.request.status === "withdrawn") {
    return { ...formFailure("Este consentimiento ya estaba retirado."), status: 409 };
  }
  const settings = await getSettings(db);
  await db.transaction(async (tx) => {
    await tx
      .update(consentRequests)
      .set({ status: "withdrawn", withdrawnAt: now })
      .where(eq(consentRequests.id, row.request.id));
    await tx
      .update(consentSigners)
      .set({ tokenHash: null })
      .where(eq(consentSigners.requestId, row.request.id));
    await enqueueMail(
      tx,
      consentNotice(settings, "Consentimiento retirado", [
        `${row.request.clientName}: una persona firmante ha retirado el consentimiento informado.`,
        "Queda registrado con su fecha. Lo firmado se conserva como parte de la documentación clínica. Ponte en contacto con ella antes de la próxima sesión.",
      ]),
      { kind: "consent", id: row.request.id },
    );
    await audit(tx, { action: "consent_withdrawn", target: row.request.id, ip });
  });
  nudgeOutbox();
  return { ok: true };
}

// ─── The back office ────────────────────────────────────────────────────────────────────────────

function signerStatus(
  s: typeof consentSigners.$inferSelect,
  request: { status: string },
  now: Date,
): SignerStatus {
  if (s.signedAt) return "firmado";
  if (s.waivedAt) return "no-necesaria";
  if (request.status !== "pending") return "anulado";
  if (s.expiresAt <= now) return "caducado";
  return s.openedAt ? "abierto" : "enviado";
}

function requestItems(
  requests: (typeof consentRequests.$inferSelect)[],
  signers: (typeof consentSigners.$inferSelect)[],
  now: Date,
): RequestItem[] {
  return requests.map((r) => ({
    id: r.id,
    appointmentId: r.appointmentId,
    clientName: r.clientName,
    clientEmail: r.clientEmail,
    subject: r.subject as Subject,
    status: r.status as RequestStatus,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    exception: r.exceptionAt ? { at: r.exceptionAt.toISOString(), by: r.exceptionBy } : null,
    documents: (r.documents as SentDocument[]).map((d) => d.title),
    signers: signers
      .filter((s) => s.requestId === r.id)
      .sort((a, b) => a.position - b.position)
      .map((s) => ({
        id: s.id,
        role: s.role as "client" | "parent",
        email: s.email,
        status: signerStatus(s, r, now),
        signedAt: s.signedAt?.toISOString() ?? null,
        expiresAt: s.expiresAt.toISOString(),
      })),
  }));
}

async function signersOf(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return [];
  return db.select().from(consentSigners).where(inArray(consentSigners.requestId, requestIds));
}

const LIST_LIMIT = 100;

/** The newest requests (the back office's list), with each signer's status; no sealed data. */
export async function listRequests(
  db: Db,
  options: { appointmentId?: string } = {},
  now = new Date(),
) {
  const requests = await db
    .select()
    .from(consentRequests)
    .where(
      options.appointmentId ? eq(consentRequests.appointmentId, options.appointmentId) : undefined,
    )
    .orderBy(desc(consentRequests.createdAt))
    .limit(LIST_LIMIT);
  return requestItems(
    requests,
    await signersOf(
      db,
      requests.map((r) => r.id),
    ),
    now,
  );
}

export interface AppointmentConsent {
  requestId: string;
  status: RequestStatus;
  signed: number;
  needed: number;
  /** Each signer's role and status (enviado, abierto, firmado, caducado…), in order. */
  signers: { role: "client" | "parent"; status: SignerStatus }[];
}

/** The consent of each appointment (the newest that is not cancelled), for the agenda. */
export async function consentOfAppointments(db: Db, appointmentIds: string[], now = new Date()) {
  const out = new Map<string, AppointmentConsent>();
  if (appointmentIds.length === 0) return out;
  const requests = await db
    .select()
    .from(consentRequests)
    .where(inArray(consentRequests.appointmentId, appointmentIds))
    .orderBy(desc(consentRequests.createdAt));
  const items = requestItems(
    requests,
    await signersOf(
      db,
      requests.map((r) => r.id),
    ),
    now,
  );
  for (const item of items) {
    if (!item.appointmentId || out.has(item.appointmentId) || item.status === "cancelled") continue;
    out.set(item.appointmentId, {
      requestId: item.id,
      status: item.status,
      signed: item.signers.filter((s) => s.status === "firmado").length,
      needed: item.signers.filter((s) => s.status !== "no-necesaria").length,
      signers: item.signers.map((s) => ({ role: s.role, status: s.status })),
    });
  }
  return out;
}

/** A signed PDF for the back office: opened only here, and every opening is in the audit log. */
export async function signerPdf(db: Db, actor: Actor, signerId: unknown, ip: string) {
  if (typeof signerId !== "string" || !/^[0-9a-f-]{36}$/.test(signerId)) return null;
  const [row] = await db.select().from(consentSigners).where(eq(consentSigners.id, signerId));
  if (!row?.pdfSealed) return null;
  const pdf = openBytes(
    clinicalMasterKey(),
    pdfContext(row.id),
    Buffer.from(row.pdfSealed, "base64url"),
  );
  await audit(db, {
    action: "consent_pdf_read",
    actor,
    target: row.requestId,
    details: { firmante: row.position + 1 },
    ip,
  });
  return { pdf, requestId: row.requestId, position: row.position };
}

type ActionResult = { ok: true } | (FormFailure & { status: 400 | 404 | 409 });

async function requestById(db: Db, id: unknown) {
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await db.select().from(consentRequests).where(eq(consentRequests.id, id));
  return row ?? null;
}

const GONE = "Ese consentimiento ya no existe.";
const NOT_PENDING = "Ese consentimiento ya no está pendiente de firma.";

/** 'Anular': the request stops; its links open nothing. What was signed is kept. */
export async function cancelRequest(
  db: Db,
  actor: Actor,
  id: unknown,
  ip: string,
): Promise<ActionResult> {
  const request = await requestById(db, id);
  if (!request) return { ...formFailure(GONE), status: 404 };
  if (request.status !== "pending") return { ...formFailure(NOT_PENDING), status: 409 };
  await db.transaction(async (tx) => {
    await tx
      .update(consentRequests)
      .set({ status: "cancelled" })
      .where(eq(consentRequests.id, request.id));
    await tx
      .update(consentSigners)
      .set({ tokenHash: null })
      .where(eq(consentSigners.requestId, request.id));
    await audit(tx, { action: "consent_cancelled", actor, target: request.id, ip });
  });
  return { ok: true };
}

/**
 * The documented exception for a minor: one parent's signature is enough (sole custody, a court
 * authorisation). The note is sealed; the other parents' links stop working and they are marked
 * 'no necesaria'. At least one parent must still sign (or have signed).
 */
export async function recordException(
  db: Db,
  actor: Actor,
  id: unknown,
  input: unknown,
  ip: string,
  now = new Date(),
): Promise<ActionResult> {
  const request = await requestById(db, id);
  if (!request) return { ...formFailure(GONE), status: 404 };
  if (request.status !== "pending") return { ...formFailure(NOT_PENDING), status: 409 };
  const parsed = parseWith(ExceptionSchema, input);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const signers = (await signersOf(db, [request.id])).sort((a, b) => a.position - b.position);
  const parents = signers.filter((s) => s.role === "parent" && !s.waivedAt);
  if (parents.length < 2) {
    return {
      ...formFailure(
        "Solo hay una firma de progenitor pendiente: no hace falta ninguna excepción.",
      ),
      status: 409,
    };
  }
  // The parent who signed stays; otherwise the first one. The others are waived.
  const kept = parents.find((p) => p.signedAt) ?? parents[0]!;
  const waived = parents.filter((p) => p.id !== kept.id && !p.signedAt);
  await db.transaction(async (tx) => {
    await tx
      .update(consentSigners)
      .set({ waivedAt: now, tokenHash: null })
      .where(
        inArray(
          consentSigners.id,
          waived.map((w) => w.id),
        ),
      );
    await tx
      .update(consentRequests)
      .set({
        exceptionSealed: sealText(
          clinicalMasterKey(),
          exceptionContext(request.id),
          parsed.data.note,
        ),
        exceptionAt: now,
        exceptionBy: actor.email,
      })
      .where(eq(consentRequests.id, request.id));
    await completeIfSigned(tx, request.id, now);
    await audit(tx, {
      action: "consent_exception",
      actor,
      target: request.id,
      details: { firmasNoNecesarias: waived.length },
      ip,
    });
  });
  return { ok: true };
}

/** 'Enviar de nuevo': a new link for a signer who has not signed (the old one stops working). */
export async function resendLink(
  db: Db,
  actor: Actor,
  signerId: unknown,
  ip: string,
  now = new Date(),
): Promise<ActionResult> {
  if (typeof signerId !== "string" || !/^[0-9a-f-]{36}$/.test(signerId)) {
    return { ...formFailure(GONE), status: 404 };
  }
  const [row] = await db
    .select({ signer: consentSigners, request: consentRequests })
    .from(consentSigners)
    .innerJoin(consentRequests, eq(consentRequests.id, consentSigners.requestId))
    .where(eq(consentSigners.id, signerId));
  if (!row) return { ...formFailure(GONE), status: 404 };
  if (row.request.status !== "pending" || row.signer.signedAt || row.signer.waivedAt) {
    return { ...formFailure(NOT_PENDING), status: 409 };
  }
  const settings = await getSettings(db);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + LINK_DAYS * DAY);
  await db.transaction(async (tx) => {
    await tx
      .update(consentSigners)
      .set({ tokenHash: token.hash, expiresAt, sentAt: now, openedAt: null })
      .where(eq(consentSigners.id, row.signer.id));
    await enqueueMail(
      tx,
      signLinkMail(settings, row.signer, row.request.clientName, token.token, expiresAt),
      { kind: "consent", id: row.request.id },
    );
    await audit(tx, {
      action: "consent_link_resent",
      actor,
      target: row.request.id,
      details: { firmante: row.signer.position + 1 },
      ip,
    });
  });
  nudgeOutbox();
  return { ok: true };
}

// ─── RGPD and retention ─────────────────────────────────────────────────────────────────────────

function ofAddress(address: string) {
  return or(
    eq(sql`lower(${consentRequests.clientEmail})`, address),
    // A parent's address finds the consent they signed (columns written out: see eraseConsentsOf).
    sql`exists (select 1 from consent_signers s where s.request_id = consent_requests.id and lower(s.email) = ${address})`,
  );
}

/** The mails about an address's consents (erase and export find them by their source). */
export async function consentMailSources(db: Pick<Db, "select">, address: string) {
  const rows = await db
    .select({ id: consentRequests.id })
    .from(consentRequests)
    .where(ofAddress(address));
  return rows.map((r) => ({ kind: "consent" as const, id: r.id }));
}

/**
 * Every consent of an address for the RGPD export, opened: what was sent, each signer's record
 * (name, DNI/NIE, answers) and the signed PDF (base64), with Spanish keys.
 */
export async function consentsOf(db: Db, address: string) {
  const requests = await db
    .select()
    .from(consentRequests)
    .where(ofAddress(address))
    .orderBy(consentRequests.createdAt);
  const signers = await signersOf(
    db,
    requests.map((r) => r.id),
  );
  const master = requests.length > 0 ? clinicalMasterKey() : null;
  return requests.map((r) => ({
    id: r.id,
    persona: r.clientName,
    email: r.clientEmail,
    tipo: r.subject,
    estado: r.status,
    enviadoEn: r.createdAt,
    completoEn: r.completedAt,
    retiradoEn: r.withdrawnAt,
    documentos: r.documents,
    excepcion:
      r.exceptionSealed && master
        ? { nota: openText(master, exceptionContext(r.id), r.exceptionSealed), en: r.exceptionAt }
        : null,
    firmantes: signers
      .filter((s) => s.requestId === r.id)
      .sort((a, b) => a.position - b.position)
      .map((s) => ({
        papel: ROLE_LABELS[s.role as "client" | "parent"],
        email: s.email,
        abiertoEn: s.openedAt,
        firmadoEn: s.signedAt,
        firma:
          s.recordSealed && master
            ? (JSON.parse(openText(master, recordContext(s.id), s.recordSealed)) as SignedRecord)
            : null,
        pdfBase64:
          s.pdfSealed && master
            ? openBytes(master, pdfContext(s.id), Buffer.from(s.pdfSealed, "base64url")).toString(
                "base64",
              )
            : null,
      })),
  }));
}

/**
 * RGPD erase for an address: consents nobody signed are deleted; signed ones are clinical
 * documentation the law requires to keep (Ley 41/2002 art. 17, at least 5 years from the last
 * visit), so they stay, and the answer says until when. Their e-mails are deleted either way.
 */
export async function eraseConsentsOf(
  tx: Pick<Db, "select" | "delete">,
  address: string,
  now = new Date(),
) {
  const requests = await tx
    .select({
      id: consentRequests.id,
      createdAt: consentRequests.createdAt,
      lastVisitAt: consentRequests.lastVisitAt,
      // Written out: drizzle leaves a select's own columns unqualified, and inside the subquery
      // "id" would be the signer's.
      signed: sql<boolean>`exists (select 1 from consent_signers s where s.request_id = consent_requests.id and s.signed_at is not null)`,
    })
    .from(consentRequests)
    .where(ofAddress(address));
  const erasable = requests.filter((r) => !r.signed).map((r) => r.id);
  if (erasable.length > 0) {
    await tx.delete(consentRequests).where(inArray(consentRequests.id, erasable));
  }
  const kept = requests.filter((r) => r.signed);
  const until = kept
    .map((r) => keptUntil(r.lastVisitAt ?? r.createdAt))
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    erased: erasable.length,
    kept: kept.length,
    keptUntil: until && until > now ? until : null,
    mailSources: requests.map((r) => ({ kind: "consent" as const, id: r.id })),
  };
}

/**
 * The retention step: first records each client's latest visit on her consents (appointments
 * may be deleted sooner than the consents), then deletes consents whose 5 years from that visit
 * (or from when they were sent, without a visit) have passed. The caller passes the visits.
 */
export async function purgeOldConsents(db: Db, visits: Map<string, Date>, now = new Date()) {
  const requests = await db
    .select({
      id: consentRequests.id,
      email: consentRequests.clientEmail,
      lastVisitAt: consentRequests.lastVisitAt,
    })
    .from(consentRequests);
  for (const r of requests) {
    const visit = visits.get(r.email.toLowerCase());
    if (visit && (!r.lastVisitAt || visit > r.lastVisitAt)) {
      await db
        .update(consentRequests)
        .set({ lastVisitAt: visit })
        .where(eq(consentRequests.id, r.id));
    }
  }
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - CONSENT_RETENTION_YEARS);
  const old = await db
    .delete(consentRequests)
    .where(lt(sql`coalesce(${consentRequests.lastVisitAt}, ${consentRequests.createdAt})`, cutoff))
    .returning({ id: consentRequests.id });
  return old.length;
}

/** Whether a consent for a minor (under 16, or 16–17) was ever sent: Estado legal's EIPD rule. */
export async function consentForMinorsSent(db: Pick<Db, "select">) {
  const [row] = await db
    .select({ id: consentRequests.id })
    .from(consentRequests)
    .where(inArray(consentRequests.subject, ["minor", "teen"]))
    .limit(1);
  return Boolean(row);
}
