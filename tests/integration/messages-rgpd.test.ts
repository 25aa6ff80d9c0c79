import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { appointments, auditLog, contactMessages, mailOutbox, user } from "~/db/schema";
import { submitContact } from "~/modules/contact/contact.server";
import { ADDRESS_INVALID } from "~/modules/privacy/address";
import { CONTACT_MESSAGES, ContactSchema } from "~/modules/contact/schema";
import { parseWith } from "~/utils/form-schema";
import { enqueueMail, deliverDue } from "~/platform/mail/outbox.server";
import { headerValue } from "~/platform/mail/mail.server";
import {
  addressFingerprint,
  erasePersonalData,
  exportPersonalData,
  mentionsAddress,
} from "~/modules/privacy/rgpd.server";
import { submitReview } from "~/modules/reviews/reviews.server";
import * as messages from "~/routes/admin/messages";
import * as reviewsPage from "~/routes/admin/reviews";
import * as rgpdExport from "~/routes/resources/rgpd-export";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeRequest, run, staffCookie } from "../support/routes";

const mailDir = () => path.join(process.env.DATA_DIR!, "mail");

const contact = (email: string, message = "Quería pedir información sobre una cita.") => ({
  name: "Ana Pérez",
  email,
  message,
  consent: "on",
});

/** Every .eml file in the data dir that mentions `needle` (raw or quoted-printable). */
function emlMentioning(needle: string) {
  if (!fs.existsSync(mailDir())) return [];
  return fs.readdirSync(mailDir()).filter((f) =>
    fs
      .readFileSync(path.join(mailDir(), f), "utf8")
      .replace(/=\r?\n/g, "")
      .toLowerCase()
      .includes(needle.toLowerCase()),
  );
}

describe("contact e-mail addresses that could inject into mailto: or headers", () => {
  it("the contact form rejects ?, &, =, %, <, >, quotes, whitespace, control characters, commas and semicolons", () => {
    for (const email of [
      "ana?cc=otro@ejemplo.es",
      "ana&body=x@ejemplo.es",
      "ana=x@ejemplo.es",
      "ana%0d%0abcc@ejemplo.es",
      "<ana>@ejemplo.es",
      '"ana"@ejemplo.es',
      "ana perez@ejemplo.es",
      "ana\r\nBcc: x@ejemplo.es",
      "ana\u0007@ejemplo.es",
      "ana,otra@ejemplo.es",
      "ana;otra@ejemplo.es",
      "ana@ejemplo.es?subject=hola",
    ]) {
      const result = parseWith(ContactSchema, contact(email));
      expect(result.ok ? null : result.fieldErrors.email, email).toEqual([
        CONTACT_MESSAGES.emailInvalid,
      ]);
    }
    for (const email of ["ana@ejemplo.es", "ana.perez+citas@ejemplo.es", "o'neil@ejemplo.es"]) {
      expect(parseWith(ContactSchema, contact(email)).ok, email).toBe(true);
    }
  });

  it("header values are kept to one line (defence in depth; nodemailer also folds them)", () => {
    expect(headerValue("Asunto\r\nBcc: intruso@ejemplo.es")).toBe("Asunto Bcc: intruso@ejemplo.es");
    expect(headerValue(" ana@ejemplo.es\n")).toBe("ana@ejemplo.es");
  });
});

describe("a mention of an address is the whole address, metacharacters taken literally", () => {
  it("dots, plus signs and brackets in the address match only themselves", () => {
    expect(
      mentionsAddress("email: ana.perez+citas@ejemplo.es.", "ana.perez+citas@ejemplo.es"),
    ).toBe(true);
    expect(mentionsAddress("anaXperez@ejemploXes", "ana.perez@ejemplo.es")).toBe(false);
    expect(mentionsAddress("anaaaa@ejemplo.es", "ana+@ejemplo.es")).toBe(false);
    expect(mentionsAddress("a@b.es", "(a|x)@b.es")).toBe(false);
    expect(mentionsAddress("[x]@b.es", "[x]@b.es")).toBe(true);
    expect(mentionsAddress("<p>O&#39;Neil@Ejemplo.es</p>", "o'neil@ejemplo.es")).toBe(true);
    expect(mentionsAddress("juana@ejemplo.es ana@ejemplo.es.evil.com", "ana@ejemplo.es")).toBe(
      false,
    );
  });
});

describe.each(DRIVERS)("Mensajes: RGPD export and erase, no writes on GET (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let admin = "";
  let editor = "";
  let contributor = "";

  beforeAll(async () => {
    admin = await staffCookie(db.db, "administrator");
    editor = await staffCookie(db.db, "editor");
    contributor = await staffCookie(db.db, "contributor");
  });

  const messageCount = async (email: string) =>
    (
      await db.db
        .select()
        .from(contactMessages)
        .where(eq(sql`lower(${contactMessages.email})`, email.toLowerCase()))
    ).length;

  it("opening a message (GET) leaves it unread; the POST intent=read marks it read", async () => {
    await submitContact(db.db, contact("lectura@ejemplo.es"), { ip: "10.0.0.1" });
    const [row] = await db.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "lectura@ejemplo.es"));
    const get = await run(messages.loader, {
      request: makeRequest(`/admin/mensajes?id=${row!.id}`, { cookie: editor }),
    });
    expect(get.status).toBe(200);
    expect((get.data as { selected: { id: number } }).selected.id).toBe(row!.id);
    const [after] = await db.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, row!.id));
    expect(after!.readAt).toBeNull();

    const post = await run(messages.action, {
      request: makeRequest("/admin/mensajes", {
        cookie: editor,
        form: { intent: "read", id: String(row!.id), auto: "1" },
      }),
    });
    expect(post.status).toBe(200);
    const [read] = await db.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, row!.id));
    expect(read!.readAt).toBeInstanceOf(Date);

    const missing = await run(messages.action, {
      request: makeRequest("/admin/mensajes", {
        cookie: editor,
        form: { intent: "read", id: "999999" },
      }),
    });
    expect(missing.status).toBe(404);
  });

  it("opening the reviews page (GET) keeps the notice; the POST intent=seen clears it", async () => {
    const [me] = await db.db
      .select({ id: user.id, seen: user.reviewsSeenAt })
      .from(user)
      .where(eq(user.email, "contributor@example.com"));
    await submitReview(
      db.db,
      {
        name: "Eva T.",
        role: "",
        content: "Una reseña de prueba con contenido suficiente.",
        rating: "5",
        consent: "on",
      },
      { ip: "10.0.0.9" },
    );
    const get = await run(reviewsPage.loader, {
      request: makeRequest("/admin/resenas", { cookie: contributor }),
    });
    expect(get.status).toBe(200);
    const [unchanged] = await db.db
      .select({ seen: user.reviewsSeenAt })
      .from(user)
      .where(eq(user.id, me!.id));
    expect(unchanged!.seen).toEqual(me!.seen);

    // Any signed-in person clears their own notice (contributors cannot publish).
    const post = await run(reviewsPage.action, {
      request: makeRequest("/admin/resenas", {
        cookie: contributor,
        form: { intent: "seen", back: "estado=borradores" },
      }),
    });
    expect(post.status).toBe(302);
    expect(post.location).toBe("/admin/resenas?estado=borradores");
    const [cleared] = await db.db
      .select({ seen: user.reviewsSeenAt })
      .from(user)
      .where(eq(user.id, me!.id));
    expect(cleared!.seen).toBeInstanceOf(Date);
    // Anything else still needs the right to publish.
    const other = await run(reviewsPage.action, {
      request: makeRequest("/admin/resenas", { cookie: contributor, form: { intent: "toggle" } }),
    });
    expect(other.status).toBe(403);
  });

  it("the reply link of a stored legacy address with ?cc= is encoded", async () => {
    const [legacy] = await db.db
      .insert(contactMessages)
      .values({
        name: "Legado",
        email: "legado?cc=intruso@ejemplo.es&body=hola",
        message: "Mensaje antiguo",
        consentAt: new Date(),
      })
      .returning();
    const out = await run(messages.loader, {
      request: makeRequest(`/admin/mensajes?id=${legacy!.id}`, { cookie: admin }),
    });
    const Stub = createRoutesStub([
      {
        id: "messages",
        path: "/admin/mensajes",
        Component: messages.default as never,
        action: () => null,
      },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: [`/admin/mensajes?id=${legacy!.id}`],
        hydrationData: { loaderData: { messages: out.data } },
      }),
    );
    const hrefs = [...html.matchAll(/href="(mailto:[^"]*)"/g)].map((m) =>
      m[1]!.replace(/&amp;/g, "&"),
    );
    expect(hrefs).toEqual([
      "mailto:legado%3Fcc%3Dintruso@ejemplo.es%26body%3Dhola",
      "mailto:legado%3Fcc%3Dintruso@ejemplo.es%26body%3Dhola?subject=Re%3A%20tu%20mensaje",
    ]);
    await db.db.delete(contactMessages).where(eq(contactMessages.id, legacy!.id));
  });

  it("every intent's refusal is said on the page in Spanish: at the top, or under the address", async () => {
    const out = await run(messages.loader, {
      request: makeRequest("/admin/mensajes", { cookie: admin }),
    });
    /** The page as it renders with the action's answer to `form`. */
    const answered = async (form: Record<string, string>) => {
      const answer = await run(messages.action, {
        request: makeRequest("/admin/mensajes", { cookie: admin, form }),
      });
      expect(answer.status, JSON.stringify(form)).toBeGreaterThanOrEqual(400);
      const Stub = createRoutesStub([
        {
          id: "messages",
          path: "/admin/mensajes",
          Component: messages.default as never,
          action: () => null,
        },
      ]);
      return renderToString(
        createElement(Stub, {
          initialEntries: ["/admin/mensajes"],
          hydrationData: {
            loaderData: { messages: out.data },
            actionData: { messages: answer.data },
          },
        }),
      );
    };
    const alert = (html: string) =>
      [...html.matchAll(/<p[^>]*role="alert"[^>]*>([^<]*)<\/p>/g)].map((m) => m[1]);
    const gone = "Ese mensaje ya no existe: puede que se haya eliminado.";
    for (const form of <Array<Record<string, string>>>[
      { intent: "read", id: "999999" },
      { intent: "answered", id: "999999", value: "1" },
      { intent: "delete", id: "999999" },
    ]) {
      expect(alert(await answered(form)), form.intent).toEqual([gone]);
    }
    expect(alert(await answered({ intent: "retry", outboxId: "999999" }))).toEqual([
      "Ese email ya no está en la cola: puede que ya se haya enviado o eliminado.",
    ]);
    expect(alert(await answered({ intent: "nada" }))).toEqual(["Acción no válida"]);
    // The address refused by the server is said under the erase field, which points to it.
    const erase = await answered({ intent: "erase", email: "sin arroba" });
    expect(alert(erase)).toEqual([ADDRESS_INVALID]);
    expect(erase).toMatch(
      /id="suprimir"[^>]*aria-invalid="true"[^>]*aria-describedby="suprimir-error"/,
    );
  });

  it("exports every message and e-mail of an address as a JSON download (POST, administrators)", async () => {
    const email = "Export.Persona@Ejemplo.es";
    await submitContact(db.db, contact(email, "Primer mensaje"), { ip: "10.0.1.1" });
    await submitContact(db.db, contact("export.persona@ejemplo.es", "Segundo mensaje"), {
      ip: "10.0.1.2",
    });
    await submitContact(db.db, contact("otra@ejemplo.es", "De otra persona"), {
      ip: "10.0.1.3",
    });
    const request = (cookie: string, form: Record<string, string>) =>
      makeRequest("/admin/mensajes/exportar", { cookie, form });

    expect((await run(rgpdExport.action, { request: request(editor, { email }) })).status).toBe(
      403,
    );
    expect(
      (await run(rgpdExport.action, { request: request(admin, { email: "no-es-email" }) })).status,
    ).toBe(400);

    expect(
      (await run(rgpdExport.action, { request: request(admin, { email, formato: "pdf" }) })).status,
    ).toBe(400);

    // By default, a document a person reads: the same records, escaped, printable.
    const readable = (await rgpdExport.action({
      request: request(admin, { email: " export.persona@EJEMPLO.es " }),
      params: {},
      context: (await import("../support/routes")).makeContext(),
    } as never)) as Response;
    expect(readable.status).toBe(200);
    expect(readable.headers.get("content-type")).toContain("text/html");
    expect(readable.headers.get("content-disposition")).toBe(
      'attachment; filename="datos-personales.html"',
    );
    expect(readable.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await readable.text();
    expect(html).toContain("<h1>Datos personales de export.persona@ejemplo.es</h1>");
    expect(html).toContain("Mensajes de contacto (2)");
    expect(html).toContain("Segundo mensaje");
    expect(html).not.toContain("De otra persona");

    const res = (await rgpdExport.action({
      request: request(admin, { email: " export.persona@EJEMPLO.es ", formato: "json" }),
      params: {},
      context: (await import("../support/routes")).makeContext(),
    } as never)) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.json"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as {
      email: string;
      mensajesDeContacto: Array<{ mensaje: string }>;
      correos: Array<Record<string, unknown>>;
    };
    expect(body.email).toBe("export.persona@ejemplo.es");
    expect(body.mensajesDeContacto.map((m) => m.mensaje)).toEqual([
      "Primer mensaje",
      "Segundo mensaje",
    ]);
    expect(body.correos).toHaveLength(2);
    expect(body.correos[0]).toMatchObject({
      responderA: expect.stringMatching(/export\.persona/i),
    });
    expect(Object.keys(body.correos[0]!)).not.toContain("lockedUntil");
    expect(Object.keys(body.correos[0]!)).not.toContain("attempts");
    expect(JSON.stringify(body)).not.toContain("De otra persona");

    const [entry] = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "messages_exported"));
    // The audit log keeps a keyed fingerprint of the address, not the address.
    expect(entry).toMatchObject({
      target: addressFingerprint("export.persona@ejemplo.es"),
      actorEmail: "administrator@example.com",
    });
  });

  it("the export is POST only: a GET (an address in a URL) is refused", async () => {
    const out = await run(rgpdExport.action, {
      request: makeRequest("/admin/mensajes/exportar?email=x@ejemplo.es", {
        cookie: admin,
        method: "GET",
      }),
    });
    expect(out.status).toBe(405);
  });

  it("erase removes the messages, every outbox row mentioning the address and their .eml copies", async () => {
    const email = "borrar.persona@ejemplo.es";
    await submitContact(db.db, contact(email, "Texto de salud que hay que borrar"), {
      ip: "10.0.2.1",
    });
    await submitContact(db.db, contact("BORRAR.persona@ejemplo.es", "Otro"), { ip: "10.0.2.2" });
    // An audit entry from before fingerprints, naming the address.
    await db.db.insert(auditLog).values({ action: "messages_exported", target: email });
    // An e-mail sent to the address, and one whose text merely mentions it.
    await enqueueMail(db.db, { to: email, subject: "Respuesta", text: "Hola" });
    await enqueueMail(db.db, {
      to: "consulta@ejemplo.es",
      subject: "Nota",
      text: `Llamar a ${email} mañana`,
      html: `<p>Llamar a ${email}</p>`,
    });
    // Someone else's message stays.
    await submitContact(db.db, contact("queda@ejemplo.es", "Se queda"), { ip: "10.0.2.3" });
    // Deliver everything as .eml files (no SMTP_URL in tests).
    while ((await deliverDue(db.db)).claimed > 0);
    // A legacy .eml copy (written before file names carried the outbox id).
    fs.mkdirSync(mailDir(), { recursive: true });
    fs.writeFileSync(
      path.join(mailDir(), "2020-01-01T00-00-00-000Z-abcdef12.eml"),
      `To: consulta@ejemplo.es\nReply-To: ${email}\nContent-Transfer-Encoding: quoted-printable\n\nHola\n`,
    );
    expect(emlMentioning(email).length).toBeGreaterThanOrEqual(5);
    const outboxBefore = await db.db.select().from(mailOutbox);
    const mentioning = outboxBefore.filter((r) => JSON.stringify(r).toLowerCase().includes(email));
    expect(mentioning.length).toBe(4);

    // Editors cannot erase; a bad address is refused without touching anything.
    const editorOut = await run(messages.action, {
      request: makeRequest("/admin/mensajes", { cookie: editor, form: { intent: "erase", email } }),
    });
    expect(editorOut.status).toBe(403);
    const bad = await run(messages.action, {
      request: makeRequest("/admin/mensajes", {
        cookie: admin,
        form: { intent: "erase", email: "sin arroba" },
      }),
    });
    expect(bad.status).toBe(400);
    expect(await messageCount(email)).toBe(2);

    const out = await run(messages.action, {
      request: makeRequest("/admin/mensajes", { cookie: admin, form: { intent: "erase", email } }),
    });
    expect(out.status).toBe(302);
    expect(await messageCount(email)).toBe(0);
    const outboxAfter = await db.db.select().from(mailOutbox);
    expect(JSON.stringify(outboxAfter).toLowerCase()).not.toContain(email);
    expect(outboxAfter.length).toBe(outboxBefore.length - 4);
    expect(emlMentioning(email)).toEqual([]);
    // Other people's data is untouched.
    expect(await messageCount("queda@ejemplo.es")).toBe(1);
    expect(emlMentioning("queda@ejemplo.es").length).toBeGreaterThan(0);
    const [entry] = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "messages_erased"));
    expect(entry).toMatchObject({
      target: addressFingerprint(email),
      details: { messages: 2, mails: 4, failedFiles: 0 },
    });
    // No copy of the address is left in the audit log either (older entries named it).
    const audit = await db.db.select().from(auditLog);
    expect(JSON.stringify(audit).toLowerCase()).not.toContain(email);
  });

  it("export and erase include the appointments booked with the address", async () => {
    const email = "cita.persona@ejemplo.es";
    const appointment = (id: string, clientEmail: string) => ({
      id,
      serviceName: "Primera sesión",
      modality: "presencial",
      startsAt: new Date("2030-03-04T09:00:00Z"),
      endsAt: new Date("2030-03-04T09:50:00Z"),
      status: "confirmed",
      clientName: "Persona Cita",
      clientEmail,
      note: "Prefiero por la mañana",
    });
    await db.db
      .insert(appointments)
      .values([
        appointment("11111111-1111-4111-8111-111111111111", email),
        appointment("22222222-2222-4222-8222-222222222222", "otra.cita@ejemplo.es"),
      ]);
    const exported = await exportPersonalData(db.db, " Cita.Persona@ejemplo.es ");
    expect(exported.citas).toHaveLength(1);
    expect(exported.citas[0]).toMatchObject({
      servicio: "Primera sesión",
      email,
      nota: "Prefiero por la mañana",
    });
    const erased = await erasePersonalData(db.db, email);
    expect(erased.appointments).toBe(1);
    const left = await db.db.select().from(appointments);
    expect(left.map((a) => a.clientEmail)).toEqual(["otra.cita@ejemplo.es"]);
  });

  it("export and erase match whole addresses: juana@… and ana@….evil.com are other people", async () => {
    const ana = "ana@ejemplo.es";
    const others = ["juana@ejemplo.es", "ana@ejemplo.es.evil.com", "x.ana@ejemplo.es"];
    await submitContact(db.db, contact("Ana@Ejemplo.es", "Mensaje de Ana"), { ip: "10.0.3.1" });
    for (const other of others) {
      await submitContact(db.db, contact(other, `Mensaje de salud de ${other}`), {
        ip: "10.0.3.2",
      });
    }
    // Ana's address in plain text (mixed case, end of a sentence) and inside HTML.
    await enqueueMail(db.db, {
      to: "consulta@ejemplo.es",
      subject: "Texto",
      text: "Llamar a Ana@Ejemplo.es.",
    });
    await enqueueMail(db.db, {
      to: "consulta@ejemplo.es",
      subject: "HTML",
      text: "Véase la versión HTML",
      html: "<p>ana@ejemplo.es</p>",
    });
    // An address with an apostrophe appears escaped in HTML.
    await enqueueMail(db.db, {
      to: "consulta@ejemplo.es",
      subject: "Apóstrofo",
      text: "Véase la versión HTML",
      html: "<p>o&#39;neil@ejemplo.es</p>",
    });
    while ((await deliverDue(db.db)).claimed > 0);
    // Legacy .eml copies (no outbox id in the name) of Ana and of the others.
    fs.mkdirSync(mailDir(), { recursive: true });
    fs.writeFileSync(
      path.join(mailDir(), "2020-02-01T00-00-00-000Z-aaaaaaa1.eml"),
      `To: consulta@ejemplo.es\nReply-To: ANA@ejemplo.es\n\nHola\n`,
    );
    others.forEach((other, i) =>
      fs.writeFileSync(
        path.join(mailDir(), `2020-02-01T00-00-00-000Z-bbbbbbb${i}.eml`),
        `To: consulta@ejemplo.es\nReply-To: ${other}\n\nHola\n`,
      ),
    );
    const othersMails = async () =>
      (await db.db.select().from(mailOutbox)).filter((r) =>
        others.some((o) => JSON.stringify(r).toLowerCase().includes(o)),
      );
    const othersBefore = await othersMails();
    expect(othersBefore.length).toBeGreaterThanOrEqual(others.length);
    const othersFilesBefore = others.map((o) => emlMentioning(o).length);
    expect(othersFilesBefore.every((n) => n >= 2)).toBe(true);

    const res = (await rgpdExport.action({
      request: makeRequest("/admin/mensajes/exportar", {
        cookie: admin,
        form: { email: ana, formato: "json" },
      }),
      params: {},
      context: (await import("../support/routes")).makeContext(),
    } as never)) as Response;
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      mensajesDeContacto: Array<{ mensaje: string }>;
      correos: Array<{ asunto: string; texto: string | null; html: string | null }>;
      copiasDeCorreo: string[];
    };
    expect(body.mensajesDeContacto.map((m) => m.mensaje)).toEqual(["Mensaje de Ana"]);
    const exported = JSON.stringify(body).toLowerCase();
    for (const other of others) expect(exported).not.toContain(other);
    expect(exported).not.toContain("mensaje de salud");
    // Found: the notification of Ana's message, the plain-text and the HTML mention.
    expect(body.correos.map((m) => m.asunto)).toEqual(expect.arrayContaining(["Texto", "HTML"]));
    expect(body.correos).toHaveLength(3);
    expect(body.copiasDeCorreo).toContain("2020-02-01T00-00-00-000Z-aaaaaaa1.eml");
    expect(body.copiasDeCorreo.some((f) => f.includes("bbbbbbb"))).toBe(false);
    expect(body.copiasDeCorreo).toHaveLength(4);

    // The escaped HTML form of an address is still found.
    const oneil = (await rgpdExport.action({
      request: makeRequest("/admin/mensajes/exportar", {
        cookie: admin,
        form: { email: "o'neil@ejemplo.es", formato: "json" },
      }),
      params: {},
      context: (await import("../support/routes")).makeContext(),
    } as never)) as Response;
    const oneilBody = (await oneil.json()) as { correos: Array<{ asunto: string }> };
    expect(oneilBody.correos.map((m) => m.asunto)).toEqual(["Apóstrofo"]);

    const out = await run(messages.action, {
      request: makeRequest("/admin/mensajes", {
        cookie: admin,
        form: { intent: "erase", email: ana },
      }),
    });
    expect(out.status).toBe(302);
    expect(await messageCount(ana)).toBe(0);
    const left = JSON.stringify(await db.db.select().from(mailOutbox)).toLowerCase();
    expect(left).not.toContain("llamar a ana@ejemplo.es");
    expect(left).not.toContain("<p>ana@ejemplo.es</p>");
    expect(fs.existsSync(path.join(mailDir(), "2020-02-01T00-00-00-000Z-aaaaaaa1.eml"))).toBe(
      false,
    );
    // Nobody else's message, e-mail or .eml copy was erased.
    for (const [i, other] of others.entries()) {
      expect(await messageCount(other)).toBe(1);
      expect(emlMentioning(other).length).toBe(othersFilesBefore[i]);
    }
    expect((await othersMails()).map((r) => r.id)).toEqual(othersBefore.map((r) => r.id));
  });
});
