import { asc, eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailOutbox } from "~/db/schema";
import { upsertUserFromCli } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/sign-in.server";
import { getEnv } from "~/utils/env.server";
import { saveDocument } from "~/modules/consent/documents.server";
import { listRequests, sendConsent, signConsent } from "~/modules/consent/requests.server";
import * as consentsPage from "~/routes/admin/consents";
import * as messagesPage from "~/routes/admin/messages";
import * as layout from "~/routes/admin/layout";
import * as pdfRoute from "~/routes/resources/consent-pdf";
import { DRIVERS, useTestDatabase } from "../support/db";
import { cookieFrom, makeRequest, run, staffAccounts, type StaffRole } from "../support/routes";

/**
 * Issue 37: a signed consent (the PDF with the intake answers) opens only for the psychologist
 * (administrators, who must have 2FA); editors follow who signed, contributors see nothing of it,
 * and an account without its second factor reaches none of it. Every opening is audited.
 */
describe.each(DRIVERS)("who can read a signed consent (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let cookies: Record<StaffRole, string>;
  let ids: Record<StaffRole, string>;
  let withoutSecondFactor = "";
  let signerId = "";

  beforeAll(async () => {
    ({ cookies, ids } = await staffAccounts(db.db));
    const admin = { id: ids.administrator, email: "administrator@example.com", name: "Admin" };
    await saveDocument(
      db.db,
      admin,
      "general",
      {
        title: "Consentimiento",
        body: "Texto revisado del consentimiento informado.",
        ready: "on",
      },
      "192.0.2.1",
    );
    await sendConsent(
      db.db,
      admin,
      { name: "Lucía Pérez", email: "lucia@example.com", subject: "adult" },
      "192.0.2.1",
    );
    const [mail] = await db.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "lucia@example.com"))
      .orderBy(asc(mailOutbox.id));
    const token = /\/consentimiento\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const signed = await signConsent(
      db.db,
      token,
      {
        name: "Lucía Pérez Gil",
        idNumber: "12345678Z",
        accept: "on",
        "respuesta-motivo": "Respuesta privada de la prueba de acceso",
      },
      { ip: "192.0.2.9", userAgent: "prueba" },
    );
    expect(signed.ok).toBe(true);
    signerId = (await listRequests(db.db))[0]!.signers[0]!.id;

    // An administrator who signed in with the password only (no second factor yet).
    await upsertUserFromCli(db.db, {
      email: "admin-sin-2fa@example.com",
      password: "acceso a consentimientos",
      role: "administrator",
    });
    const r = await signIn(
      db.db,
      { email: "admin-sin-2fa@example.com", password: "acceso a consentimientos" },
      { ip: "ip-sin-2fa" },
    );
    if (!r.ok || r.twoFactor) throw new Error("no se pudo iniciar sesión sin 2FA");
    withoutSecondFactor = cookieFrom(r.headers);
  });

  const pdfAs = (cookie: string) =>
    run(pdfRoute.loader as (args: never) => unknown, {
      request: makeRequest(`/admin/consentimientos/pdf?firmante=${signerId}`, { cookie }),
    });

  it("the administrator gets the PDF, and the opening is in the audit log", async () => {
    const before = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "consent_pdf_read"));
    const out = await pdfAs(cookies.administrator);
    expect(out.status).toBe(200);
    expect(out.headers.get("content-type")).toBe("application/pdf");
    expect(out.headers.get("cache-control")).toBe("no-store");
    const after = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "consent_pdf_read"));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)!.actorId).toBe(ids.administrator);
  });

  it("editors and contributors are refused the PDF; contributors the whole page", async () => {
    expect((await pdfAs(cookies.editor)).status).toBe(403);
    expect((await pdfAs(cookies.contributor)).status).toBe(403);
    const page = (cookie: string) =>
      run(consentsPage.loader as (args: never) => unknown, {
        request: makeRequest("/admin/consentimientos", { cookie }),
      });
    expect((await page(cookies.contributor)).status).toBe(403);
    // Editors follow the signatures, without any answer or the PDF link.
    const editor = await page(cookies.editor);
    expect(editor.status).toBe(200);
    const shown = JSON.stringify(editor.data);
    expect(shown).toContain("Lucía Pérez");
    expect(shown).not.toContain("Respuesta privada");
    expect((editor.data as { canRead: boolean }).canRead).toBe(false);
  });

  it("RGPD erase keeps the signed consent and says until when (the toast she reads)", async () => {
    const out = await run(messagesPage.action as (args: never) => unknown, {
      request: makeRequest("/admin/mensajes", {
        cookie: cookies.administrator,
        form: { intent: "erase", email: "lucia@example.com" },
      }),
    });
    expect(out.status).toBe(302);
    const toast = (await createCookie("toast", { secrets: [getEnv().AUTH_SECRET] }).parse(
      out.headers.get("set-cookie"),
    )) as { title: string; description: string };
    expect(toast.description).toContain("Se conservan 1 consentimientos firmados hasta el");
    expect(toast.description).toContain("Ley 41/2002, art. 17");
    expect(toast.description.length).toBeLessThanOrEqual(500);
    expect(await listRequests(db.db)).toHaveLength(1);
    // The signed PDF still opens for the psychologist.
    expect((await pdfAs(cookies.administrator)).status).toBe(200);
  });

  it("an administrator without a second factor is sent to enrol before anything", async () => {
    const out = await pdfAs(withoutSecondFactor);
    expect(out.status).toBe(302);
    expect(out.location).toMatch(/^\/admin\/cuenta/);
    const viaLayout = await run(layout.loader as (args: never) => unknown, {
      request: makeRequest("/admin/consentimientos", { cookie: withoutSecondFactor }),
    });
    expect(viaLayout.status).toBe(302);
  });
});
