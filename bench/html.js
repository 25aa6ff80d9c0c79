// npm run bench:html — the W3C Nu HTML checker (vnu-jar, Java 17+) over every public page of the
// built server. Prints the errors per page; exits 1 when there is any error.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import vnu from "vnu-jar";
import { PUBLIC_PAGE_STATES, PUBLIC_PAGES } from "../tests/support/site.js";
import { startServer } from "./server.js";

const PAGES = [...PUBLIC_PAGES, ...PUBLIC_PAGE_STATES];

const java = spawnSync("java", ["-version"], { encoding: "utf8" });
if (java.status !== 0) {
  console.error("Falta Java 17 o superior: sudo apt-get install -y openjdk-17-jre-headless");
  process.exit(1);
}

const server = await startServer({ port: 3303 });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "psico-html-"));
const files = [];
try {
  // A few real article slugs from the sitemap, so the list follows the content.
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const articles = [...sitemap.matchAll(/<loc>[^<]*(\/blog\/[a-z0-9-]+)<\/loc>/g)].map((m) => m[1]);
  const pages = [...new Set([...PAGES, ...articles.slice(0, 4)])];
  for (const [i, page] of pages.entries()) {
    const res = await fetch(server.url + page);
    const file = path.join(dir, `${String(i).padStart(2, "0")}.html`);
    fs.writeFileSync(file, await res.text());
    files.push({ page, file, status: res.status });
  }
} finally {
  await server.stop();
}

// The stylesheet is written in each page (app/root.tsx), so the checker reads it too, and its CSS
// checker does not know some valid CSS that Tailwind 4 writes (@property, @starting-style,
// margin-trim, a mask shorthand, custom properties in transition-property): those messages only
// are dropped; any other CSS message still counts.
const CSS_UNKNOWN_TO_THE_CHECKER =
  ".*CSS: (Unrecognized at-rule “@(property|starting-style)”|“margin-trim”: Property “margin-trim” doesn't exist|“mask”: “[^”]*” is not a “mask” value|“transition-property”: “--[^”]*” is not a “transition-property” value).*";

const run = spawnSync(
  "java",
  [
    "-Xss8m",
    "-jar",
    String(vnu),
    "--format",
    "json",
    "--exit-zero-always",
    "--filterpattern",
    CSS_UNKNOWN_TO_THE_CHECKER,
    ...files.map((f) => f.file),
  ],
  { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
);
if (run.status !== 0) {
  console.error(run.stderr);
  process.exit(1);
}
const { messages } = JSON.parse(run.stderr || run.stdout);
let total = 0;
console.log("| Página | HTTP | Errores | Avisos |");
console.log("| --- | --- | --- | --- |");
for (const f of files) {
  const mine = messages.filter((m) => m.url && m.url.endsWith(path.basename(f.file)));
  const errors = mine.filter((m) => m.type === "error" || m.subType === "fatal");
  const warnings = mine.filter((m) => m.type === "info" && m.subType === "warning");
  total += errors.length;
  console.log(`| ${f.page} | ${f.status} | ${errors.length} | ${warnings.length} |`);
  f.errors = errors;
  f.warnings = warnings;
}
for (const f of files) {
  for (const m of [...f.errors, ...(process.env.WARNINGS ? f.warnings : [])]) {
    const where = m.lastLine ? `línea ${m.lastLine}` : "";
    console.log(
      `\n${f.page} ${where} [${m.type}${m.subType ? "/" + m.subType : ""}]: ${m.message}`,
    );
    if (m.extract) console.log(`  …${m.extract.replace(/\s+/g, " ").slice(0, 200)}…`);
  }
}
fs.rmSync(dir, { recursive: true, force: true });
console.log(`\n${files.length} páginas, ${total} errores`);
process.exit(total ? 1 : 0);
