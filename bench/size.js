// npm run bench:size — gzipped client JavaScript each route loads (its scripts, imports and preloads):
// the public pages as a visitor, the admin area as an administrator signed in for real (an account
// made with scripts/user-create.js, password and second factor, as a person would).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { signInOverHttp } from "../tests/support/http.js";
import { ADMIN_PAGES, PUBLIC_PAGES } from "../tests/support/site.js";
import { ROOT, startServer } from "./server.js";

const LIMITS = { public: 130 * 1024, admin: 300 * 1024 };
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

/** Every script the document names: sources, imports, preloads, and the preload list handed over
 * after the first paint (app/utils/hydrate-after-paint.server.ts) in their place. */
function measure(page, html, limit) {
  const files = new Set(
    [...html.matchAll(/(?:src=|href=|"href":|import\(|from )"(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  );
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const buf = fs.readFileSync(path.join(ROOT, "build/client", file));
    raw += buf.length;
    gz += zlib.gzipSync(buf, { level: 9 }).length;
  }
  return { page, files: files.size, raw, gz, ok: files.size > 0 && gz <= limit };
}

const server = await startServer({ port: 3301, beforeStart: createAdmin });
const rows = { public: [], admin: [] };
try {
  for (const page of PUBLIC_PAGES) {
    const html = await (await fetch(server.url + page)).text();
    rows.public.push(measure(page, html, LIMITS.public));
  }
  const request = await signInAsAdmin(server.url);
  for (const page of ADMIN_PAGES) {
    const res = await request(page);
    if (res.status !== 200) throw new Error(`${page}: ${res.status} (¿sesión no iniciada?)`);
    rows.admin.push(measure(page, await res.text(), LIMITS.admin));
  }
} finally {
  await server.stop();
}
for (const [area, limit] of [
  ["public", "Límite 130 KB"],
  ["admin", "Límite 300 KB"],
]) {
  console.log(`\n| Página | Archivos JS | Sin comprimir | gzip | ${limit} |`);
  console.log("|---|---|---|---|---|");
  for (const r of rows[area]) {
    console.log(
      `| ${r.page} | ${r.files} | ${(r.raw / 1024).toFixed(1)} KB | ${(r.gz / 1024).toFixed(1)} KB | ${r.ok ? "✔" : "✖"} |`,
    );
  }
}
if ([...rows.public, ...rows.admin].some((r) => !r.ok)) process.exitCode = 1;
