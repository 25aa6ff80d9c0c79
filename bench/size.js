// npm run bench:size — gzipped client JavaScript each route loads: its inline scripts, the files it
// names (scripts, imports, preloads, the site script its loader adds) and everything those import.
// The public pages as a visitor, the admin area as an administrator signed in for real (an account
// made with scripts/user-create.js, password and second factor, as a person would). Each page has
// the budget of its kind (app/utils/page-kind.ts, docs/decisions/020). A chunk a page loads on its
// own after hydration (the article editor's visual editor) has a row of its own under the page,
// with its own limit: what it adds, and the total with the page.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { signInOverHttp } from "../tests/support/http.js";
import { ADMIN_PAGES, PUBLIC_PAGES } from "../tests/support/site.js";
import { pageKind } from "../app/utils/page-kind.ts";
import { ROOT, startServer } from "./server.js";

// Per kind of page (docs/decisions/020). Public pages: no framework, less than stock WordPress
// ships (9–11 KB). The admin area and the account pages: a React application.
const LIMITS = { content: 8 * 1024, app: 300 * 1024 };
const LABELS = { content: "contenido", app: "aplicación" };
const ADMIN = {
  email: "medicion@example.com",
  name: "Medición",
  password: "una frase larga solo para medir",
};

function createAdmin(env) {
  const args = ["--email", ADMIN.email, "--name", ADMIN.name, "--role", "administrator"];
  const result = spawnSync(process.execPath, ["scripts/user-create.js", ...args], {
    cwd: ROOT,
    env,
    input: `${ADMIN.password}\n`,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`user-create: ${result.stderr}`);
}

/** Signs in as ADMIN as a person would (enrolling the second factor); returns a GET with the session. */
async function signInAsAdmin(url) {
  const cookie = await signInOverHttp(url, ADMIN.email, ADMIN.password, new Map());
  return (page) => fetch(url + page, { redirect: "manual", headers: { cookie } });
}

/**
 * Chunks a page loads on its own after hydration, each with its row and its own limit. The page's
 * limit (what the document names) keeps the time until the page works; a chunk here arrives when
 * the page already works without it (the article editor's text area posts the Markdown until the
 * visual editor takes over, docs/quality.md), so it has a budget of its own, and the row shows the
 * total with the page.
 */
const ON_DEMAND = [
  {
    chunk: /^visual-editor-[\w-]+\.js$/,
    label: "editor visual, carga diferida",
    limit: 150 * 1024,
  },
  {
    // The crisis notice's phrases (app/browser/crisis-watch.ts): loaded when a visitor first uses a
    // free-text field of a form, never on a page that only reads.
    chunk: /^crisis-[\w-]+\.js$/,
    label: "aviso de crisis, carga diferida",
    limit: 4 * 1024,
  },
];

const readAsset = (file) =>
  fs.readFileSync(path.join(ROOT, "build/client", file.replace(/^\//, "")));

function sizes(files) {
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const buf = readAsset(file);
    raw += buf.length;
    gz += zlib.gzipSync(buf, { level: 9 }).length;
  }
  return { raw, gz };
}

/** A chunk and what it imports, recursively: what loading it fetches. */
function withImports(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readAsset(file).toString();
  for (const m of code.matchAll(/(?:from|import)\s*["'`](\.\/[^"'`]+\.js)["'`]/g)) {
    withImports(path.posix.join(path.posix.dirname(file), m[1]), seen);
  }
  return seen;
}

/** The rows of what a page's scripts load on demand (ON_DEMAND), beyond what the page has. */
function onDemand(row) {
  const rows = [];
  for (const { chunk, label, limit } of ON_DEMAND) {
    const lazy = new Set();
    // A script the page adds itself, named in the HTML (the crisis check's `data-crisis`).
    for (const file of row.added) {
      if (!chunk.test(path.posix.basename(file))) continue;
      for (const f of withImports(file)) if (!row.names.has(f)) lazy.add(f);
    }
    for (const file of row.names) {
      const code = readAsset(file).toString();
      for (const m of code.matchAll(/import\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g)) {
        if (!chunk.test(path.posix.basename(m[1]))) continue;
        for (const f of withImports(path.posix.join(path.posix.dirname(file), m[1]))) {
          if (!row.names.has(f)) lazy.add(f);
        }
      }
    }
    if (lazy.size === 0) continue;
    const { raw, gz } = sizes(lazy);
    const total = row.gz + gz;
    rows.push({
      page: `${row.page} (${label})`,
      files: lazy.size,
      raw,
      gz,
      total,
      ok: gz <= limit,
    });
  }
  return rows;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const NOT_JAVASCRIPT = /\btype\s*=\s*"?(?:application\/(?:ld\+)?json|speculationrules)/i;

/**
 * Every script the document names (sources, imports, preloads, the preload list handed over after
 * the first paint, app/utils/hydrate-after-paint.server.ts, and the site script its loader adds)
 * with what they import, plus the text of its inline scripts (gzipped together, as in the page).
 */
function measure(page, html) {
  const kind = pageKind(new URL(page, "http://x").pathname);
  const named = [...html.matchAll(/(?:src=|href=|"href":|import\(|from )"(\/assets\/[^"]+\.js)"/g)];
  const files = new Set();
  for (const m of named) withImports(m[1], files);
  const inline = [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes) && !NOT_JAVASCRIPT.test(attributes))
    .map(([, , text]) => text)
    .join("\n");
  const { raw, gz } = sizes(files);
  const inlineGz = inline ? zlib.gzipSync(inline, { level: 9 }).length : 0;
  return {
    page,
    kind,
    names: files,
    added: new Set([...html.matchAll(/data-crisis="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1])),
    files: files.size,
    raw: raw + Buffer.byteLength(inline),
    gz: gz + inlineGz,
    ok: files.size > 0 && gz + inlineGz <= LIMITS[kind],
  };
}

const server = await startServer({ port: 3301, beforeStart: createAdmin });
const rows = { public: [], admin: [] };
try {
  for (const page of PUBLIC_PAGES) {
    const html = await (await fetch(server.url + page)).text();
    const row = measure(page, html);
    rows.public.push(row, ...onDemand(row));
  }
  const request = await signInAsAdmin(server.url);
  for (const page of ADMIN_PAGES) {
    const res = await request(page);
    if (res.status !== 200) throw new Error(`${page}: ${res.status} (¿sesión no iniciada?)`);
    const row = measure(page, await res.text());
    rows.admin.push(row, ...onDemand(row));
  }
} finally {
  await server.stop();
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
for (const [area, title] of [
  ["public", "Páginas públicas"],
  ["admin", "Área de administración"],
]) {
  console.log(`\n${title}\n`);
  console.log("| Página | Tipo (límite) | Archivos JS | Sin comprimir | gzip | |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows[area]) {
    const gz = r.total ? `${kb(r.gz)} (con la página: ${kb(r.total)})` : kb(r.gz);
    const kind = r.kind ? `${LABELS[r.kind]} (${kb(LIMITS[r.kind])})` : "";
    console.log(
      `| ${r.page} | ${kind} | ${r.files} | ${kb(r.raw)} | ${gz} | ${r.ok ? "✔" : "✖"} |`,
    );
  }
}
if ([...rows.public, ...rows.admin].some((r) => !r.ok)) process.exitCode = 1;
