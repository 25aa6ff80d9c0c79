// npm run bench:search — 5,000 articles, Spanish full-text search timed server-side (p50/p95).
// Uses PostgreSQL from BENCH_DATABASE_URL (or TEST_DATABASE_URL); PGlite with --pglite.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, createPgDatabase } from "./server.js";

const usePglite = process.argv.includes("--pglite");
process.env.NODE_ENV = "production";
process.env.LOG_LEVEL = "silent";
process.chdir(ROOT);
const mod = await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href);
const api = await mod.benchApi();

let database;
let handle;
if (usePglite) {
  handle = await api.openDatabase({});
} else {
  database = await createPgDatabase("bench");
  handle = await api.openDatabase({ url: database.url });
}
await api.migrateDatabase(handle);

const base = api.bundledArticles();
const TOTAL = 5000;
const rows = Array.from({ length: TOTAL }, (_, i) => {
  const a = base[i % base.length];
  return {
    ...a,
    slug: `${a.slug}-${i}`,
    title: `${a.title} (${i})`,
    date: `20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 9}`,
  };
});
for (let i = 0; i < rows.length; i += 250)
  await handle.db.insert(api.articles).values(rows.slice(i, i + 250));
await handle.db.execute("analyze articles");

const QUERIES = [
  "ansiedad",
  "ansioso",
  "sueño",
  "pareja comunicación",
  "duelo",
  "mindfulness respiración",
  "estrés laboral",
  "autoestima",
];
const results = [];
for (const q of QUERIES) {
  for (let i = 0; i < 5; i++) await api.listArticles(handle.db, { q }); // warm-up
  const times = [];
  let total = 0;
  for (let i = 0; i < 40; i++) {
    const t = process.hrtime.bigint();
    const r = await api.listArticles(handle.db, { q, page: 1 + (i % 3) });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    total = r.total;
  }
  times.sort((a, b) => a - b);
  results.push({
    q,
    total,
    p50: times[Math.floor(times.length * 0.5)],
    p95: times[Math.floor(times.length * 0.95)],
  });
}
await handle.close();
if (!process.argv.includes("--keep")) await database?.drop();
console.log(
  `Búsqueda sobre ${TOTAL} artículos en ${usePglite ? "PGlite" : "PostgreSQL"} (lista + recuento, 40 repeticiones):\n`,
);
console.log("| Consulta | Resultados | p50 | p95 |");
console.log("|---|---|---|---|");
for (const r of results)
  console.log(`| ${r.q} | ${r.total} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms |`);
process.exit(0);
