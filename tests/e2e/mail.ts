import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { e2eDataDir } from "./data-dir";

/** E-mails the E2E server wrote as .eml files (no SMTP_URL), newest last. */
function mailsTo(address: string) {
  const dataDir = e2eDataDir();
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    )
    .filter((m) => m.includes(`To: ${address}`));
}

/** Waits for an e-mail to `address` with a link to `pathname`, and returns the link's path. */
export async function linkInMail(address: string, pathname: string, after = 0) {
  let link = "";
  await expect
    .poll(() => {
      const mails = mailsTo(address).slice(after);
      const match = mails
        .map((m) => new RegExp(`https?://[^\\s"<>]+${pathname}\\?token=[A-Za-z0-9_.%-]+`).exec(m))
        .filter(Boolean)
        .at(-1);
      link = match ? match[0] : "";
      return link;
    })
    .not.toBe("");
  const url = new URL(link);
  return url.pathname + url.search;
}

export function mailCount(address: string) {
  return mailsTo(address).length;
}
