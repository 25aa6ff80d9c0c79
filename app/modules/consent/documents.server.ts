import { createHash } from "node:crypto";
import { desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { consentDocumentVersions, intakeForm } from "~/db/schema";
import { audit } from "~/platform/audit.server";
import type { FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { formatLongDay } from "~/utils/format-time";
import {
  CONSENT_MESSAGES,
  DEFAULT_INTAKE,
  DOCUMENT_KINDS,
  DocumentSchema,
  type DocumentKind,
  type IntakeQuestion,
  IntakeSchema,
} from "./rules";
import { composeTextPdf } from "./pdf.server";
import { DRAFT_NOTE, EIPD_TEMPLATE, fillTemplate, STARTING_DOCUMENTS } from "./starting-texts";

/**
 * The consent documents she writes and the intake questionnaire she builds
 * (docs/decisions/022-informed-consent.md). A document is its newest saved version, or the
 * starting text until she saves one; a version is never changed (a request names the versions it
 * sent), so saving always writes a new one. Only a version she marked as reviewed is sent.
 */

type Actor = { id: string; email: string; name: string };

export function isDocumentKind(value: unknown): value is DocumentKind {
  return typeof value === "string" && (DOCUMENT_KINDS as readonly string[]).includes(value);
}

export function sha256Of(title: string, body: string) {
  return createHash("sha256").update(`${title}\n\n${body}`, "utf8").digest("hex");
}

export interface DocumentView {
  kind: DocumentKind;
  title: string;
  body: string;
  /** null: the starting text, never saved. */
  versionId: number | null;
  version: number;
  sha256: string;
  ready: boolean;
  savedAt: Date | null;
  savedBy: string | null;
}

/** Every version of one document, newest first. */
export async function documentVersions(db: Db, kind: DocumentKind) {
  return db
    .select()
    .from(consentDocumentVersions)
    .where(eq(consentDocumentVersions.kind, kind))
    .orderBy(desc(consentDocumentVersions.id));
}

/** Each document as it stands now (its newest version, or the starting text). */
export async function currentDocuments(db: Db): Promise<Record<DocumentKind, DocumentView>> {
  const rows = await db
    .select()
    .from(consentDocumentVersions)
    .orderBy(desc(consentDocumentVersions.id));
  const out = {} as Record<DocumentKind, DocumentView>;
  for (const kind of DOCUMENT_KINDS) {
    const versions = rows.filter((r) => r.kind === kind);
    const newest = versions[0];
    const start = STARTING_DOCUMENTS[kind];
    out[kind] = newest
      ? {
          kind,
          title: newest.title,
          body: newest.body,
          versionId: newest.id,
          version: versions.length,
          sha256: newest.sha256,
          ready: newest.ready,
          savedAt: newest.createdAt,
          savedBy: newest.userName,
        }
      : {
          kind,
          title: start.title,
          body: start.body,
          versionId: null,
          version: 0,
          sha256: sha256Of(start.title, start.body),
          ready: false,
          savedAt: null,
          savedBy: null,
        };
  }
  return out;
}

/** The version numbers (1, 2…) of the given version ids, for showing and for the PDF. */
export async function versionNumbers(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: consentDocumentVersions.id, kind: consentDocumentVersions.kind })
    .from(consentDocumentVersions)
    .orderBy(consentDocumentVersions.id);
  const counters = new Map<string, number>();
  const numbers = new Map<number, number>();
  for (const row of rows) {
    const n = (counters.get(row.kind) ?? 0) + 1;
    counters.set(row.kind, n);
    if (ids.includes(row.id)) numbers.set(row.id, n);
  }
  return numbers;
}

/** The frozen versions a request sent, by id. */
export async function versionsById(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(consentDocumentVersions).where(inArray(consentDocumentVersions.id, ids));
}

export type SaveDocumentResult =
  { ok: true; version: number; ready: boolean } | (FormFailure & { status: 400 });

/** Saves a new version of a document (unchanged text and mark: nothing new is written). */
export async function saveDocument(
  db: Db,
  actor: Actor,
  kind: DocumentKind,
  input: unknown,
  ip: string,
): Promise<SaveDocumentResult> {
  const parsed = parseWith(DocumentSchema, input);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const { title, body } = parsed.data;
  const ready = parsed.data.ready === "on";
  if (ready && body.includes(DRAFT_NOTE)) {
    return {
      ok: false,
      status: 400,
      formError: null,
      fieldErrors: { body: [CONSENT_MESSAGES.draftNote] },
    };
  }
  const sha256 = sha256Of(title, body);
  return db.transaction(async (tx) => {
    const [newest] = await tx
      .select()
      .from(consentDocumentVersions)
      .where(eq(consentDocumentVersions.kind, kind))
      .orderBy(desc(consentDocumentVersions.id))
      .limit(1);
    const count = (
      await tx
        .select({ id: consentDocumentVersions.id })
        .from(consentDocumentVersions)
        .where(eq(consentDocumentVersions.kind, kind))
    ).length;
    if (newest && newest.sha256 === sha256 && newest.ready === ready) {
      return { ok: true as const, version: count, ready };
    }
    await tx.insert(consentDocumentVersions).values({
      kind,
      title,
      body,
      sha256,
      ready,
      userId: actor.id,
      userName: actor.name || actor.email,
    });
    await audit(tx, {
      action: "consent_document_saved",
      actor,
      target: kind,
      details: { version: count + 1, listo: ready },
      ip,
    });
    return { ok: true as const, version: count + 1, ready };
  });
}

/** The documents a request sends: the ones that apply, in their newest version if reviewed. */
export async function documentsToSend(
  db: Db,
  needs: { online: boolean; minor: boolean },
): Promise<{ id: number; kind: DocumentKind; title: string; sha256: string }[]> {
  const docs = await currentDocuments(db);
  const wanted: DocumentKind[] = [
    "general",
    ...(needs.online ? (["online"] as const) : []),
    ...(needs.minor ? (["minors"] as const) : []),
    "data",
  ];
  return wanted
    .map((kind) => docs[kind])
    .filter((d) => d.ready && d.versionId !== null)
    .map((d) => ({ id: d.versionId!, kind: d.kind, title: d.title, sha256: d.sha256 }));
}

// ─── The intake questionnaire ───────────────────────────────────────────────────────────────────

export async function getIntake(
  db: Db,
): Promise<{ enabled: boolean; questions: IntakeQuestion[] }> {
  const [row] = await db.select().from(intakeForm).where(eq(intakeForm.id, 1));
  if (!row) return { enabled: true, questions: DEFAULT_INTAKE };
  const parsed = parseWith(IntakeSchema, row.questions);
  return { enabled: row.enabled, questions: parsed.ok ? parsed.data : DEFAULT_INTAKE };
}

export type SaveIntakeResult = { ok: true } | (FormFailure & { status: 400 });

export async function saveIntake(
  db: Db,
  actor: Actor,
  input: { enabled: boolean; questions: unknown[] },
  ip: string,
): Promise<SaveIntakeResult> {
  const parsed = parseWith(IntakeSchema, input.questions);
  if (!parsed.ok) {
    // A question's own message goes under its row (`q2.label`), the rest to the form.
    const fieldErrors: Record<string, string[]> = {};
    for (const [path, messages] of Object.entries(parsed.fieldErrors)) {
      if (!messages) continue;
      const [index, field] = path.split(".");
      fieldErrors[`q${index}.${field === "options" ? "options" : (field ?? "label")}`] = messages;
    }
    return {
      ok: false,
      status: 400,
      fieldErrors,
      formError: parsed.formError ?? "Revisa las preguntas marcadas.",
    };
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(intakeForm)
      .values({ id: 1, enabled: input.enabled, questions: parsed.data, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: intakeForm.id,
        set: { enabled: input.enabled, questions: parsed.data, updatedAt: new Date() },
      });
    await audit(tx, {
      action: "intake_saved",
      actor,
      details: { preguntas: parsed.data.length, activo: input.enabled },
      ip,
    });
  });
  return { ok: true };
}

/** The impact assessment's starting template as a PDF, with the practice's name and the date. */
export async function eipdTemplatePdf(professionalName: string, now = new Date()) {
  const date = formatLongDay(now);
  const nextYear = new Date(now);
  nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
  const markdown = fillTemplate(EIPD_TEMPLATE, {
    consulta: `Consulta de psicología de ${professionalName}`,
    responsable: professionalName,
    fecha: date,
    revision: formatLongDay(nextYear),
  });
  return composeTextPdf(
    "Evaluación de impacto relativa a la protección de datos (EIPD)",
    markdown,
    `Plantilla de partida · ${professionalName} · ${date}`,
  );
}
