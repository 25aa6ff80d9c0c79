// npm run bench:size — gzipped client JavaScript each route loads (its scripts, imports and preloads).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PUBLIC_PAGES, ROOT, startServer } from "./server.js";

const LIMITS = { public: 130 * 1024, admin: 300 * 1024 };
const server = await startServer({ port: 3301 });
const rows = [];
try {
  for (const page of PUBLIC_PAGES) {
    const html = await (await fetch(server.url + page)).text();
    // Every script the document names: sources, imports, preloads, and the preload list handed
    // over after the first paint (app/utils/hydrate-after-paint.server.ts) in their place.
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
    rows.push({ page, files: files.size, raw, gz, ok: gz <= LIMITS.public });
  }
} finally {
  await server.stop();
}
console.log("| Página | Archivos JS | Sin comprimir | gzip | Límite 130 KB |");
console.log("|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.files} | ${(r.raw / 1024).toFixed(1)} KB | ${(r.gz / 1024).toFixed(1)} KB | ${r.ok ? "✔" : "✖"} |`,
  );
}
if (rows.some((r) => !r.ok)) process.exitCode = 1;
