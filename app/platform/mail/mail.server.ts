import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { MailAttachment } from "~/db/schema";
import { getEnv } from "~/utils/env.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /**
   * The sender's display name (the professional's name on the e-mails to clients). The address
   * stays MAIL_FROM's: only its name changes.
   */
  fromName?: string;
}

/** The address of MAIL_FROM (`Nombre <dirección>` or a bare address). */
export function mailFromAddress(mailFrom: string) {
  const [first] = addressparser(mailFrom, { flatten: true });
  return first?.address || mailFrom.trim();
}

/** MAIL_FROM, or its address under `name` when one is given. */
export function senderOf(mailFrom: string, name?: string) {
  const display = name ? headerValue(name) : "";
  return display ? { name: display, address: mailFromAddress(mailFrom) } : mailFrom;
}

let transport: Transporter | undefined;

function smtpTransport(url: string) {
  transport ??= nodemailer.createTransport(url);
  return transport;
}

/**
 * Sends one e-mail: over SMTP when SMTP_URL is set, otherwise written as an .eml file under
 * DATA_DIR/mail/ (so a fresh install loses nothing and a developer can open what was sent).
 * nodemailer builds the message, so header values cannot inject new headers.
 */
export async function sendMail(message: MailMessage, options: { outboxId?: number } = {}) {
  const env = getEnv();
  const { fromName, ...rest } = message;
  const mail = {
    ...rest,
    from: senderOf(env.MAIL_FROM, fromName),
    to: headerValue(message.to),
    subject: headerValue(message.subject),
    ...(message.replyTo ? { replyTo: headerValue(message.replyTo) } : {}),
  };
  if (env.SMTP_URL) {
    await smtpTransport(env.SMTP_URL).sendMail(mail);
    return;
  }
  const built = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    .sendMail(mail);
  const dir = mailDir();
  await fs.mkdir(dir, { recursive: true });
  // The outbox row's id is in the name, so erasing a row (RGPD) finds its copy.
  const row = options.outboxId === undefined ? "" : `o${options.outboxId}-`;
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${row}${crypto.randomUUID().slice(0, 8)}.eml`;
  await fs.writeFile(path.join(dir, name), built.message as Buffer);
}

/** Where e-mails are written as .eml files when SMTP_URL is unset. */
export function mailDir() {
  return path.join(getEnv().DATA_DIR, "mail");
}

/** The outbox id an .eml file name carries (`…-o42-…`), if any. */
export function emlOutboxId(fileName: string) {
  const match = /-o(\d+)-[0-9a-f]{8}\.eml$/.exec(fileName);
  return match ? Number(match[1]) : null;
}

/** Removes the .eml copies of some outbox rows (an erased record's e-mails); returns how many. */
export async function removeEmlCopies(outboxIds: Set<number>) {
  if (outboxIds.size === 0) return 0;
  let names: string[];
  try {
    names = await fs.readdir(mailDir());
  } catch {
    return 0;
  }
  const copies = names.filter((name) => outboxIds.has(emlOutboxId(name) ?? -1));
  await Promise.all(copies.map((name) => fs.rm(path.join(mailDir(), name), { force: true })));
  return copies.length;
}

/**
 * The searchable text of a raw .eml file: the raw text plus every MIME part decoded
 * (quoted-printable or base64), lower-cased, to find an address in messages written before
 * file names carried the outbox id.
 */
export function emlSearchText(raw: string) {
  const decoded = raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join("\n\n");
      if (/Content-Transfer-Encoding: base64/i.test(head)) {
        return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
      }
      if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
        const bytes = body
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
        try {
          return decodeURIComponent(bytes);
        } catch {
          return body.replace(/=\r?\n/g, "");
        }
      }
      return "";
    })
    .join("\n");
  return `${raw}\n${decoded}`.toLowerCase();
}

/** A header value on one line: CR, LF and other control characters become spaces. */
export function headerValue(value: string) {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}
