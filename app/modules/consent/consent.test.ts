import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  appointments,
  auditLog,
  consentDocumentVersions,
  consentRequests,
  consentSigners,
  intakeForm,
  mailOutbox,
  user,
} from "~/db/schema";
import { erasePersonalData, exportPersonalData } from "~/modules/privacy/rgpd.server";
import { deliverDue } from "~/platform/mail/outbox.server";
import { mailDir } from "~/platform/mail/mail.server";
import { getEnv } from "~/utils/env.server";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { saveDocument, saveIntake } from "./documents.server";
import {
  cancelRequest,
  consentOfAppointments,
  copyPdf,
  copyView,
  listRequests,
  offerConsentForAppointment,
  purgeOldConsents,
  recordException,
  resendLink,
  sendConsent,
  signConsent,
  signerPdf,
  signingView,
  withdrawConsent,
} from "./requests.server";
import { DEFAULT_INTAKE } from "./rules";
import { STARTING_DOCUMENTS } from "./starting-texts";

const ADMIN = { id: "u1", email: "psicologa@example.com", name: "Laura" };
const NOW = new Date("2027-03-01T09:00:00Z");
/** An answer nobody else would write: it must never be found in clear anywhere. */
const SECRET_ANSWER = "Ansiedad-PALABRA-SECRETA-8c41 al hablar en publico";
const CLIENT = { ip: "192.0.2.7", userAgent: "Mozilla/5.0 (iPhone) Prueba" };

/** The link of the newest e-mail to `to` that leads to `route`. */
async function linkTo(db: ReturnType<typeof useTestDatabase>["db"], to: string, route: string) {
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.id));
  const text = mails.map((m) => m.text).join("\n");
  const match = [...text.matchAll(new RegExp(`${route}\\?token=([A-Za-z0-9_-]{43})`, "g"))].at(-1);
  if (!match) throw new Error(`no hay enlace a ${route} para ${to}`);
  return match[1]!;
}

const signed = (extra: Record<string, string> = {}) => ({
  name: "Marta Gómez Ruiz",
  idNumber: "12345678Z",
  accept: "on",
  "respuesta-motivo": SECRET_ANSWER,
  "respuesta-terapia-previa": "No",
  ...extra,
});

describe.each(DRIVERS)("informed consent (%s)", (driver) => {
  const db = useTestDatabase(driver);

  beforeEach(async () => {
    for (const table of [
      consentSigners,
      consentRequests,
      consentDocumentVersions,
      intakeForm,
      appointments,
      mailOutbox,
      auditLog,
    ]) {
      await db.db.delete(table);
    }
    await db.db
      .insert(user)
      .values({ id: ADMIN.id, name: ADMIN.name, email: ADMIN.email, role: "administrator" })
      .onConflictDoNothing();
  });

  const ready = async (kind: "general" | "online" | "minors" | "data" = "general") =>
    saveDocument(
      db.db,
      ADMIN,
      kind,
      {
        title: `Documento ${kind}`,
        body: `Texto revisado del documento ${kind}, versión uno.`,
        ready: "on",
      },
      "192.0.2.1",
    );

  it("sends nothing until the general consent is reviewed; a saved version never changes", async () => {
    const refused = await sendConsent(
      db.db,
      ADMIN,
      { name: "Marta Gómez", email: "marta@example.com", subject: "adult" },
      "192.0.2.1",
      NOW,
    );
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(await db.db.select().from(mailOutbox)).toEqual([]);
    // A draft is saved but not sent.
    await saveDocument(
      db.db,
      ADMIN,
      "general",
      { title: "Consentimiento", body: "Un borrador que aún no he revisado del todo.", ready: "" },
      "192.0.2.1",
    );
    expect(
      await sendConsent(
        db.db,
        ADMIN,
        { name: "Marta", email: "marta@example.com", subject: "adult" },
        "192.0.2.1",
        NOW,
      ),
    ).toMatchObject({ ok: false, status: 409 });
    // A starting text still carrying its draft note cannot be marked ready.
    expect(
      await saveDocument(
        db.db,
        ADMIN,
        "general",
        { ...STARTING_DOCUMENTS.general, ready: "on" },
        "192.0.2.1",
      ),
    ).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { body: [expect.stringContaining("Texto de partida")] },
    });
    expect(await ready()).toEqual({ ok: true, version: 2, ready: true });
    // The same text and mark again: no new version.
    expect(await ready()).toEqual({ ok: true, version: 2, ready: true });
    const versions = await db.db.select().from(consentDocumentVersions);
    expect(versions).toHaveLength(2);
    expect(versions.every((v) => /^[0-9a-f]{64}$/.test(v.sha256))).toBe(true);
  });

  it("an adult signs through her link without an account: PDF sealed, link spent, copy e-mailed", async () => {
    await ready();
    await ready("data");
    const sent = await sendConsent(
      db.db,
      ADMIN,
      { name: "Marta Gómez", email: "marta@example.com", subject: "adult" },
      "192.0.2.1",
      NOW,
    );
    expect(sent).toMatchObject({ ok: true, signers: 1 });
    const token = await linkTo(db.db, "marta@example.com", "/consentimiento");
    const view = await signingView(db.db, token, NOW);
    expect(view?.documents.map((d) => d.title)).toEqual(["Documento general", "Documento data"]);
    expect(view?.questions.map((q) => q.id)).toEqual(DEFAULT_INTAKE.map((q) => q.id));
    expect((await listRequests(db.db, {}, NOW))[0]!.signers[0]!.status).toBe("abierto");

    // A wrong DNI letter is refused with a Spanish message; nothing is stored.
    const wrong = await signConsent(db.db, token, signed({ idNumber: "12345678A" }), CLIENT, NOW);
    expect(wrong).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { idNumber: [expect.stringContaining("DNI o NIE")] },
    });
    expect(await signConsent(db.db, token, signed({ accept: "" }), CLIENT, NOW)).toMatchObject({
      ok: false,
      fieldErrors: { accept: [expect.any(String)] },
    });

    const done = await signConsent(db.db, token, signed(), CLIENT, NOW);
    expect(done).toMatchObject({ ok: true, complete: true });
    // Used once: the link opens nothing and cannot sign again.
    expect(await signingView(db.db, token, NOW)).toBeNull();
    expect(await signConsent(db.db, token, signed(), CLIENT, NOW)).toMatchObject({ status: 404 });

    const [request] = await db.db.select().from(consentRequests);
    expect(request!.status).toBe("complete");
    const [signer] = await db.db.select().from(consentSigners);
    expect(signer!.tokenHash).toBeNull();
    expect(signer!.recordSealed).toMatch(/^[A-Za-z0-9_-]+$/);

    // Her copy: from the e-mail's second link, the PDF.
    const copy = (done as { copyToken: string }).copyToken;
    expect(await linkTo(db.db, "marta@example.com", "/consentimiento/copia")).toBe(copy);
    expect(await copyView(db.db, copy)).toMatchObject({
      status: "complete",
      clientName: "Marta Gómez",
    });
    const pdf = await copyPdf(db.db, copy, "192.0.2.7");
    expect(pdf!.subarray(0, 5).toString()).toBe("%PDF-");

    // The back office opens it too, and every opening is in the audit log.
    const opened = await signerPdf(db.db, ADMIN, signer!.id, "192.0.2.1");
    expect(opened!.pdf.equals(pdf!)).toBe(true);
    const actions = (await db.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "consent_sent",
        "consent_signed",
        "consent_copy_read",
        "consent_pdf_read",
      ]),
    );
  });

  it("keeps answers, DNI and PDF out of the database, the e-mails and the files in clear", async () => {
    await ready();
    await sendConsent(
      db.db,
      ADMIN,
      { name: "Marta Gómez", email: "marta@example.com", subject: "adult" },
      "192.0.2.1",
      NOW,
    );
    const token = await linkTo(db.db, "marta@example.com", "/consentimiento");
    expect(await signConsent(db.db, token, signed(), CLIENT, NOW)).toMatchObject({ ok: true });
    // The e-mails are written as .eml files (no SMTP in tests), as the worker delivers them.
    await deliverDue(db.db);

    // Every column of every table, as text: the client's name is there (a positive control)…
    const tables = await db.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    );
    let dump = "";
    for (const { name } of tables.rows) {
      const rows = await db.db.execute(sql.raw(`select t::text as row from "${name}" t`));
      dump += rows.rows.map((r) => String((r as { row: string }).row)).join("\n");
    }
    expect(dump).toContain("Marta Gómez");
    // …the answer, the DNI and the signer's typed name are not.
    expect(dump).not.toContain("PALABRA-SECRETA-8c41");
    expect(dump).not.toContain("12345678Z");
    expect(dump).not.toContain("Marta Gómez Ruiz");

    // Nor any file the application wrote (the .eml copies, the key beside DATA_DIR aside).
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else files.push(full);
      }
    };
    walk(getEnv().DATA_DIR);
    expect(files.filter((f) => f.startsWith(mailDir())).length).toBeGreaterThan(0);
    for (const file of files) {
      const raw = fs.readFileSync(file, "latin1");
      expect(raw, file).not.toContain("PALABRA-SECRETA-8c41");
      expect(raw, file).not.toContain("12345678Z");
    }
    if (driver === "pglite") {
      // The database's own files, as a backup would copy them.
      const client = (db.db as unknown as { $client: PGlite }).$client;
      await client.exec("CHECKPOINT");
      const raw = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()).toString(
        "latin1",
      );
      expect(raw).toContain("marta@example.com");
      expect(raw).not.toContain("PALABRA-SECRETA-8c41");
      expect(raw).not.toContain("12345678Z");
    }
  });

  it("a minor under 16 needs both parents, each with a link and a status of their own", async () => {
    await ready();
    await ready("minors");
    const sent = await sendConsent(
      db.db,
      ADMIN,
      {
        name: "Lucas Pérez (14 años)",
        email: "familia@example.com",
        subject: "minor",
        parent1: "madre@example.com",
        parent2: "padre@example.com",
      },
      "192.0.2.1",
      NOW,
    );
    // The data-protection document applies but is not ready: sent without it, and said so.
    expect(sent).toMatchObject({ ok: true, signers: 2, missing: ["data"] });
    const mother = await linkTo(db.db, "madre@example.com", "/consentimiento");
    const father = await linkTo(db.db, "padre@example.com", "/consentimiento");
    expect(mother).not.toBe(father);
    const motherView = await signingView(db.db, mother, NOW);
    expect(motherView).toMatchObject({ role: "parent", clientName: "Lucas Pérez (14 años)" });
    expect(motherView!.documents.map((d) => d.title)).toContain("Documento minors");
    // The questionnaire is the first parent's only.
    expect((await signingView(db.db, father, NOW))!.questions).toEqual([]);

    expect(await signConsent(db.db, mother, signed(), CLIENT, NOW)).toMatchObject({
      ok: true,
      complete: false,
    });
    let [item] = await listRequests(db.db, {}, NOW);
    expect(item!.status).toBe("pending");
    expect(item!.signers.map((s) => s.status)).toEqual(["firmado", "abierto"]);

    // Expired after 14 days; the practice sends a new link, and the old one opens nothing.
    const later = new Date(NOW.getTime() + 15 * 24 * 3600_000);
    [item] = await listRequests(db.db, {}, later);
    expect(item!.signers[1]!.status).toBe("caducado");
    expect(await resendLink(db.db, ADMIN, item!.signers[1]!.id, "192.0.2.1", later)).toEqual({
      ok: true,
    });
    const fresh = await linkTo(db.db, "padre@example.com", "/consentimiento");
    expect(fresh).not.toBe(father);
    expect(await signingView(db.db, father, later)).toBeNull();
    expect(
      await signConsent(
        db.db,
        fresh,
        { name: "Juan Pérez Díaz", idNumber: "X1234567L", accept: "on" },
        CLIENT,
        later,
      ),
    ).toMatchObject({ ok: true, complete: true });
    [item] = await listRequests(db.db, {}, later);
    expect(item!.status).toBe("complete");
  });

  it("records the exception (one parent with sole custody) with a sealed note", async () => {
    await ready();
    await sendConsent(
      db.db,
      ADMIN,
      {
        name: "Lucas",
        email: "familia@example.com",
        subject: "minor",
        parent1: "madre@example.com",
        parent2: "padre@example.com",
      },
      "192.0.2.1",
      NOW,
    );
    const [request] = await db.db.select().from(consentRequests);
    expect(
      await recordException(db.db, ADMIN, request!.id, { note: "corta" }, "192.0.2.1", NOW),
    ).toMatchObject({
      ok: false,
      status: 400,
    });
    const note = "Custodia y patria potestad exclusivas de la madre, sentencia 12/2025";
    expect(await recordException(db.db, ADMIN, request!.id, { note }, "192.0.2.1", NOW)).toEqual({
      ok: true,
    });
    const [item] = await listRequests(db.db, {}, NOW);
    expect(item!.signers.map((s) => s.status)).toEqual(["enviado", "no-necesaria"]);
    expect(item!.exception).toMatchObject({ by: ADMIN.email });
    const [row] = await db.db.select().from(consentRequests);
    expect(row!.exceptionSealed).not.toContain("Custodia");
    const mother = await linkTo(db.db, "madre@example.com", "/consentimiento");
    expect(await signConsent(db.db, mother, signed(), CLIENT, NOW)).toMatchObject({
      complete: true,
    });
    // A parent's own address finds the consent she signed (RGPD), and erase keeps it.
    const byParent = await exportPersonalData(db.db, "Madre@Example.com", NOW);
    expect(byParent.consentimientos).toHaveLength(1);
    expect((await erasePersonalData(db.db, "madre@example.com")).consents).toMatchObject({
      erased: 0,
      kept: 1,
    });

    // Sent with one parent only: the note is required.
    const missing = await sendConsent(
      db.db,
      ADMIN,
      {
        name: "Lucas",
        email: "familia@example.com",
        subject: "minor",
        parent1: "madre@example.com",
      },
      "192.0.2.1",
      NOW,
    );
    expect(missing).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { parent2: [expect.any(String)] },
    });
  });

  it("withdrawal is recorded and told to the practice; nothing is deleted", async () => {
    await ready();
    await sendConsent(
      db.db,
      ADMIN,
      { name: "Marta", email: "marta@example.com", subject: "adult" },
      "192.0.2.1",
      NOW,
    );
    const token = await linkTo(db.db, "marta@example.com", "/consentimiento");
    const done = (await signConsent(db.db, token, signed(), CLIENT, NOW)) as { copyToken: string };
    expect(await withdrawConsent(db.db, done.copyToken, "192.0.2.7", NOW)).toEqual({ ok: true });
    expect(await withdrawConsent(db.db, done.copyToken, "192.0.2.7", NOW)).toMatchObject({
      status: 409,
    });
    const [request] = await db.db.select().from(consentRequests);
    expect(request).toMatchObject({ status: "withdrawn", withdrawnAt: NOW });
    const [signer] = await db.db.select().from(consentSigners);
    expect(signer!.pdfSealed).not.toBeNull();
    const subjects = (await db.db.select().from(mailOutbox)).map((m) => m.subject);
    expect(subjects).toContain("Consentimiento retirado");
    // The copy still opens (the PDF), and says it was withdrawn.
    expect(await copyView(db.db, done.copyToken)).toMatchObject({ status: "withdrawn" });
  });

  it("a cancelled request's links open nothing", async () => {
    await ready();
    await sendConsent(
      db.db,
      ADMIN,
      { name: "Marta", email: "marta@example.com", subject: "adult" },
      "192.0.2.1",
      NOW,
    );
    const token = await linkTo(db.db, "marta@example.com", "/consentimiento");
    const [request] = await db.db.select().from(consentRequests);
    expect(await cancelRequest(db.db, ADMIN, request!.id, "192.0.2.1")).toEqual({ ok: true });
    expect(await signingView(db.db, token, NOW)).toBeNull();
    expect(await signConsent(db.db, token, signed(), CLIENT, NOW)).toMatchObject({ status: 404 });
    expect(await cancelRequest(db.db, ADMIN, request!.id, "192.0.2.1")).toMatchObject({
      status: 409,
    });
  });

  it("is sent with an accepted appointment once, and not again for a client who signed", async () => {
    await ready();
    await ready("online");
    const [appointment] = await db.db
      .insert(appointments)
      .values({
        id: "0b7f3a1e-0000-4000-8000-000000000001",
        serviceName: "Primera sesión",
        modality: "online",
        startsAt: new Date("2027-03-05T09:00:00Z"),
        endsAt: new Date("2027-03-05T09:50:00Z"),
        status: "confirmed",
        clientName: "Ana Ruiz",
        clientEmail: "ana@example.com",
      })
      .returning();
    expect(await offerConsentForAppointment(db.db, null, appointment!.id, "192.0.2.1", NOW)).toBe(
      "sent",
    );
    expect(await offerConsentForAppointment(db.db, null, appointment!.id, "192.0.2.1", NOW)).toBe(
      "skipped",
    );
    const view = await signingView(
      db.db,
      await linkTo(db.db, "ana@example.com", "/consentimiento"),
      NOW,
    );
    expect(view!.documents.map((d) => d.title)).toEqual(["Documento general", "Documento online"]);
    const status = await consentOfAppointments(db.db, [appointment!.id], NOW);
    expect(status.get(appointment!.id)).toMatchObject({ status: "pending", signed: 0, needed: 1 });
  });

  it("the questionnaire she builds is the one asked, with her required questions", async () => {
    await ready();
    expect(
      await saveIntake(
        db.db,
        ADMIN,
        {
          enabled: true,
          questions: [
            { id: "x", kind: "choice", label: "¿Una?", options: ["Solo una"], required: true },
          ],
        },
        "192.0.2.1",
      ),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await saveIntake(
        db.db,
        ADMIN,
        {
          enabled: true,
          questions: [
            {
              id: "animo",
              kind: "scale",
              label: "¿Cómo está tu ánimo?",
              options: [],
              required: true,
            },
          ],
        },
        "192.0.2.1",
      ),
    ).toEqual({ ok: true });
    await sendConsent(
      db.db,
      ADMIN,
      { name: "Marta", email: "marta@example.com", subject: "adult" },
      "192.0.2.1",
      NOW,
    );
    const token = await linkTo(db.db, "marta@example.com", "/consentimiento");
    expect((await signingView(db.db, token, NOW))!.questions.map((q) => q.id)).toEqual(["animo"]);
    const base = { name: "Marta Gómez", idNumber: "12345678Z", accept: "on" };
    expect(await signConsent(db.db, token, base, CLIENT, NOW)).toMatchObject({
      fieldErrors: { "respuesta-animo": [expect.any(String)] },
    });
    expect(
      await signConsent(db.db, token, { ...base, "respuesta-animo": "11" }, CLIENT, NOW),
    ).toMatchObject({
      fieldErrors: { "respuesta-animo": [expect.any(String)] },
    });
    expect(
      await signConsent(db.db, token, { ...base, "respuesta-animo": "7" }, CLIENT, NOW),
    ).toMatchObject({ ok: true });
  });

  it("RGPD: the export carries the signed PDF; erase keeps signed consents and says until when", async () => {
    await ready();
    await sendConsent(
      db.db,
      ADMIN,
      { name: "Marta", email: "marta@example.com", subject: "adult" },
      "192.0.2.1",
      NOW,
    );
    await sendConsent(
      db.db,
      ADMIN,
      { name: "Otra", email: "otra@example.com", subject: "adult" },
      "192.0.2.1",
      NOW,
    );
    const token = await linkTo(db.db, "marta@example.com", "/consentimiento");
    await signConsent(db.db, token, signed(), CLIENT, NOW);

    const exported = await exportPersonalData(db.db, "Marta@Example.com", NOW);
    expect(exported.consentimientos).toHaveLength(1);
    const signer = exported.consentimientos[0]!.firmantes[0]!;
    expect(signer.firma).toMatchObject({ name: "Marta Gómez Ruiz", idNumber: "12345678Z" });
    expect(JSON.stringify(signer.firma)).toContain("PALABRA-SECRETA-8c41");
    expect(Buffer.from(signer.pdfBase64!, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    expect(exported.correos.some((m) => m.sobre === "consent")).toBe(true);

    const erasedSigned = await erasePersonalData(db.db, "marta@example.com");
    expect(erasedSigned.consents).toMatchObject({ erased: 0, kept: 1 });
    expect(erasedSigned.consents.keptUntil!.getUTCFullYear()).toBe(NOW.getUTCFullYear() + 5);
    expect(await db.db.select().from(consentRequests)).toHaveLength(2);
    // Its e-mails are gone, whoever they were addressed to (the practice's notice too).
    const left = await db.db.select().from(mailOutbox);
    expect(left.every((m) => m.to === "otra@example.com")).toBe(true);

    const erasedUnsigned = await erasePersonalData(db.db, "otra@example.com");
    expect(erasedUnsigned.consents).toMatchObject({ erased: 1, kept: 0, keptUntil: null });
    expect(await db.db.select().from(consentRequests)).toHaveLength(1);
  });

  it("retention: 5 years from the client's last visit, read before appointments go", async () => {
    await ready();
    await sendConsent(
      db.db,
      ADMIN,
      { name: "Marta", email: "marta@example.com", subject: "adult" },
      "192.0.2.1",
      NOW,
    );
    const fourYears = new Date("2031-06-01T00:00:00Z");
    const lastVisit = new Date("2029-01-10T10:00:00Z");
    // A later visit moves the date the 5 years count from.
    expect(
      await purgeOldConsents(db.db, new Map([["marta@example.com", lastVisit]]), fourYears),
    ).toBe(0);
    const [row] = await db.db.select().from(consentRequests);
    expect(row!.lastVisitAt).toEqual(lastVisit);
    // The appointment is gone by then: the recorded visit still counts.
    expect(await purgeOldConsents(db.db, new Map(), new Date("2033-12-31T00:00:00Z"))).toBe(0);
    expect(await purgeOldConsents(db.db, new Map(), new Date("2034-01-11T00:00:00Z"))).toBe(1);
    expect(await db.db.select().from(consentSigners)).toEqual([]);
  });
});
