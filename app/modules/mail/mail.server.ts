import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "~/utils/env.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
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
export async function sendMail(message: MailMessage) {
  const env = getEnv();
  const mail = { from: env.MAIL_FROM, ...message };
  if (env.SMTP_URL) {
    await smtpTransport(env.SMTP_URL).sendMail(mail);
    return;
  }
  const built = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    .sendMail(mail);
  const dir = path.join(env.DATA_DIR, "mail");
  await fs.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`;
  await fs.writeFile(path.join(dir, name), built.message as Buffer);
}

/** Escapes a value for the HTML part of an e-mail. */
export function escapeHtml(value: string) {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A plain, readable HTML e-mail: a greeting paragraph list and an optional button link. */
export function simpleHtml(paragraphs: string[], link?: { href: string; label: string }) {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#2f6f68;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p>`
    : "";
  return `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;color:#1f2a2e;line-height:1.6">${body}${button}</body></html>`;
}
