import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, mailOutbox, rateLimit } from "~/db/schema";
import type { MailMessage } from "~/platform/mail/mail.server";
import { deliverDue } from "~/platform/mail/outbox.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { DEFAULT_SETTINGS } from "~/modules/settings/schemas";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { decodedBody, startSmtpSink } from "../../../tests/support/smtp-sink";
import {
  listMessages,
  messagesFrom,
  getMessage,
  markMessageRead,
  purgeOldMessages,
  setAnswered,
  submitContact,
  unreadCount,
} from "./contact.server";
import { eq } from "drizzle-orm";
import { erasePersonalData } from "~/modules/privacy/rgpd.server";
import { parseWith } from "~/utils/form-schema";
import { CONTACT_MESSAGES as M, ContactSchema } from "./schema";

const valid = {
  name: "Ana Pérez",
  email: "ana@example.com",
  message: "Hola, quería pedir cita.",
  consent: "on",
};

describe("contact form rules (docs/product.md#contact-form), browser and server alike", () => {
  /** Each field's message, as the browser and the action get it from the schema. */
  const errors = (over: Record<string, unknown>) => {
    const result = parseWith(ContactSchema, { ...valid, ...over });
    return Object.fromEntries(
      Object.entries(result.ok ? {} : result.fieldErrors).map(([k, v]) => [k, v![0]]),
    );
  };
  it("gives each Spanish message", () => {
    expect(errors({})).toEqual({});
    expect(errors({ name: "  " }).name).toBe(M.nameRequired);
    expect(errors({ name: "a".repeat(101) }).name).toBe(M.nameTooLong);
    expect(errors({ name: "Ana3" }).name).toBe(M.nameLetters);
    expect(errors({ name: "María Ñúñez Güell" }).name).toBeUndefined();
    expect(errors({ email: "no-es-email" }).email).toBe(M.emailInvalid);
    expect(errors({ email: `${"a".repeat(250)}@example.com` }).email).toBe(M.emailTooLong);
    expect(errors({ message: "" }).message).toBe(M.messageRequired);
    expect(errors({ message: "x".repeat(2001) }).message).toBe(M.messageTooLong);
    expect(errors({ message: "x".repeat(2000) }).message).toBeUndefined();
    expect(errors({ consent: undefined }).consent).toBe(M.consentRequired);
    expect(errors({ message: "hola\u0000" }).message).toBe(M.invalidCharacters);
    expect(errors({ name: 42, email: ["x"], message: { a: 1 } })).toMatchObject({
      name: M.nameRequired,
      email: M.emailInvalid,
      message: M.messageRequired,
    });
  });
});

describe.each(DRIVERS)("sending a contact message (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let smtpSend: (m: MailMessage) => Promise<void>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    const transport = nodemailer.createTransport(sink.url);
    smtpSend = async (m) => {
      await transport.sendMail({ from: "Consulta <no-responder@example.com>", ...m });
    };
  });
  afterAll(async () => {
    await sink?.stop();
  });
  beforeEach(async () => {
    await db.db.delete(contactMessages);
    await db.db.delete(mailOutbox);
    await db.db.delete(rateLimit);
    sink.received.length = 0;
    await updateSettings(db.db, {
      ...DEFAULT_SETTINGS,
      contactEmail: "consulta@example.com",
      notificationIncludesMessage: true,
    });
  });

  it("stores a 2,000-character message intact and mails it escaped, with the right headers", async () => {
    const head = `«Hola» "comillas" 'simples' <b>negrita</b> & ñandú `;
    const message = head + "é".repeat(2000 - head.length);
    expect(message.length).toBe(2000);
    const result = await submitContact(
      db.db,
      { ...valid, message: `  ${message}  ` },
      { ip: "1.1.1.1" },
    );
    expect(result).toEqual({ ok: true, email: "ana@example.com" });
    const [stored] = await db.db.select().from(contactMessages);
    expect(stored!.message).toBe(message);
    expect(stored!.consentAt).toBeInstanceOf(Date);

    expect(await deliverDue(db.db, { send: smtpSend })).toEqual({ claimed: 1, sent: 1 });
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.to).toEqual(["consulta@example.com"]);
    expect(mail.raw).toMatch(/^Reply-To: ana@example\.com/m);
    expect(mail.raw).toMatch(/^Subject: .*Nuevo.*contacto.*Ana/m);
    const decoded = decodedBody(mail.raw);
    expect(decoded).toContain("&lt;b&gt;negrita&lt;/b&gt; &amp;");
    expect(decoded).not.toContain("<b>negrita</b> &amp;");
    expect(decoded).toContain(message); // the text part carries it as written
    const [row] = await db.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("an accessibility report (/accesibilidad) is stored as '[Accesibilidad] …', its 2,000 characters allowed", async () => {
    const message = "a".repeat(2000);
    const result = await submitContact(
      db.db,
      { ...valid, message },
      { ip: "1.1.1.2" },
      "accessibility",
    );
    expect(result).toEqual({ ok: true, email: "ana@example.com" });
    const [stored] = await db.db.select().from(contactMessages);
    expect(stored!.message).toBe(`[Accesibilidad] ${message}`);
    expect(await deliverDue(db.db, { send: smtpSend })).toEqual({ claimed: 1, sent: 1 });
    expect(sink.received[0]!.raw).toMatch(/^Subject: .*accesibilidad.*Ana/m);
  });

  it("keeps a message when SMTP is down, then delivers it exactly once when it is back", async () => {
    await submitContact(db.db, valid, { ip: "2.2.2.2" });
    await sink.stop();
    const down = await deliverDue(db.db, { send: smtpSend, retryBaseMs: 1 });
    expect(down).toEqual({ claimed: 1, sent: 0 });
    expect(await db.db.select().from(contactMessages)).toHaveLength(1);
    const [pending] = await db.db.select().from(mailOutbox);
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending!.lastError).toBeTruthy();

    await sink.restart();
    await new Promise((r) => setTimeout(r, 5));
    expect(await deliverDue(db.db, { send: smtpSend, retryBaseMs: 1 })).toEqual({
      claimed: 1,
      sent: 1,
    });
    expect(await deliverDue(db.db, { send: smtpSend, retryBaseMs: 1 })).toEqual({
      claimed: 0,
      sent: 0,
    });
    expect(sink.received).toHaveLength(1);
  });

  it("the honeypot gets an apparent success and nothing is stored or sent", async () => {
    expect(
      await submitContact(db.db, { ...valid, website: "http://spam.example" }, { ip: "3.3.3.3" }),
    ).toMatchObject({ ok: true });
    expect(await db.db.select().from(contactMessages)).toHaveLength(0);
    expect(await db.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("refuses the 6th message in 15 minutes from one client (429), and stores nothing invalid", async () => {
    for (let i = 0; i < 5; i++)
      expect((await submitContact(db.db, valid, { ip: "4.4.4.4" })).ok).toBe(true);
    expect(await submitContact(db.db, valid, { ip: "4.4.4.4" })).toEqual({
      ok: false,
      status: 429,
      fieldErrors: {},
      formError: M.rateLimited,
    });
    expect((await submitContact(db.db, valid, { ip: "5.5.5.5" })).ok).toBe(true);
    const noConsent = await submitContact(db.db, { ...valid, consent: "" }, { ip: "6.6.6.6" });
    expect(noConsent).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { consent: [M.consentRequired] },
    });
    expect(await db.db.select().from(contactMessages)).toHaveLength(6);
  });

  it("two workers on one database never send the same e-mail twice", async () => {
    for (let i = 0; i < 5; i++) await submitContact(db.db, valid, { ip: `7.7.7.${i}` });
    const other = db.url
      ? await (await import("~/db/client.server")).openDatabase({ url: db.url })
      : null;
    const second = other?.db ?? db.db;
    const results = await Promise.all([
      deliverDue(db.db, { send: smtpSend }),
      deliverDue(second, { send: smtpSend }),
      deliverDue(db.db, { send: smtpSend }),
    ]);
    await other?.close();
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(5);
    expect(sink.received).toHaveLength(5);
  });

  it("the inbox: unread count, open marks read, answered, search, export and erase by e-mail", async () => {
    await submitContact(db.db, valid, { ip: "8.8.8.1" });
    await submitContact(
      db.db,
      { ...valid, name: "Luis Mora", email: "LUIS@example.com" },
      { ip: "8.8.8.2" },
    );
    await submitContact(
      db.db,
      { ...valid, name: "Luis Mora", email: "luis@example.com" },
      { ip: "8.8.8.3" },
    );
    expect(await unreadCount(db.db)).toBe(3);
    const list = await listMessages(db.db, { q: "luis" });
    expect(list.total).toBe(2);
    // Looking at a message changes nothing; the explicit POST marks it read.
    expect((await getMessage(db.db, list.items[0]!.id))!.readAt).toBeNull();
    expect(await unreadCount(db.db)).toBe(3);
    const opened = await markMessageRead(db.db, list.items[0]!.id);
    expect(opened!.readAt).toBeInstanceOf(Date);
    expect(await unreadCount(db.db)).toBe(2);
    expect(await setAnswered(db.db, opened!.id, true)).toBe(true);
    expect(await setAnswered(db.db, 999_999, true)).toBe(false);
    expect(await listMessages(db.db, { q: "%_\\" })).toMatchObject({ total: 0 });
    expect(await messagesFrom(db.db, "luis@EXAMPLE.com")).toHaveLength(2);
    expect((await erasePersonalData(db.db, "luis@example.com")).messages).toBe(2);
    expect(await messagesFrom(db.db, "luis@example.com")).toHaveLength(0);
    expect((await listMessages(db.db)).total).toBe(1);
  });

  it("deletes messages older than the retention months in Ajustes", async () => {
    await updateSettings(db.db, { ...DEFAULT_SETTINGS, messageRetentionMonths: 6 });
    await submitContact(db.db, valid, { ip: "9.9.9.1" });
    await submitContact(db.db, valid, { ip: "9.9.9.2" });
    const [old] = await db.db.select().from(contactMessages);
    const sevenMonthsAgo = new Date();
    sevenMonthsAgo.setMonth(sevenMonthsAgo.getMonth() - 7);
    await db.db
      .update(contactMessages)
      .set({ createdAt: sevenMonthsAgo })
      .where(eq(contactMessages.id, old!.id));
    expect(await purgeOldMessages(db.db)).toBe(1);
    expect(await db.db.select().from(contactMessages)).toHaveLength(1);
  });
});
