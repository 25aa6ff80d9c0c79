// npm run bench:lighthouse — Lighthouse 12.8.2 (mobile, Debian chromium), median of 3 runs per page.
// The site runs as a real practice would: its identity data filled in (until then every page is
// noindex, which the SEO score would measure instead of the site), and booking on, so /cita is
// measured in its three steps (services; a month with a day's free hours; the details form).
// REFERENCE=url[,url…]: other sites (e.g. a stock WordPress, docs/quality.md) measured in the same
// run, by the same Chromium, interleaved page by page with this site's pages.
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  PUBLIC_PAGES,
  REAL_IDENTITY,
} from "../tests/support/site.js";
import { ROOT, startServer } from "./server.js";

const RUNS = Number(process.env.RUNS ?? 3);

/** Before the server starts (the embedded database takes one process at a time). */
async function prepareSite(env) {
  process.chdir(ROOT); // the migrations are read from ./drizzle
  process.env.NODE_ENV = "production";
  process.env.LOG_LEVEL = "silent";
  const api = await (
    await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href)
  ).benchApi();
  const handle = await api.openDatabase({ dataDir: env.DATA_DIR });
  await api.migrateDatabase(handle);
  await api.updateSettings(handle.db, {
    ...api.DEFAULT_SETTINGS,
    ...REAL_IDENTITY,
    bookingEnabled: true,
  });
  await handle.close();
}

/** /cita's later steps: the first service's month with its first free day open, then its first hour. */
async function bookingSteps(url) {
  const month = await (await fetch(`${url}/cita?servicio=1`)).text();
  const day = /href="(\/cita\?[^"#]*dia=[\d-]+)#horas"/.exec(month)?.[1];
  if (!day) throw new Error("/cita: ningún día con horas libres en el mes");
  const hours = await (await fetch(url + day.replaceAll("&amp;", "&"))).text();
  const hour = /href="(\/cita\?[^"#]*hora=\d+)#paso-3"/.exec(hours)?.[1];
  if (!hour) throw new Error(`${day}: ninguna hora libre`);
  return [day, hour].map((p) => p.replaceAll("&amp;", "&"));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const server = await startServer({ port: 3302, beforeStart: prepareSite });
const steps = await bookingSteps(server.url);
// Every public route by default (each service page, the legal pages, the review form, sign-in);
// '/cita', by default or as an argument, brings its two later steps after it.
const asked = process.argv.slice(2).length ? process.argv.slice(2) : PUBLIC_PAGES;
const OWN = asked.includes("/cita")
  ? asked.flatMap((p) => (p === "/cita" ? [p, ...steps] : [p]))
  : asked;
const REFERENCE = (process.env.REFERENCE ?? "").split(",").filter(Boolean);
const PAGES = OWN.flatMap((p, i) => [server.url + p, ...(REFERENCE[i] ? [REFERENCE[i]] : [])]);
PAGES.push(...REFERENCE.slice(OWN.length));
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});
const rows = [];
try {
  for (const address of PAGES) {
    const page = address.startsWith(server.url) ? address.slice(server.url.length) : address;
    const runs = [];
    let failures = 0;
    // A production server is warm: one untimed request first, so the first run does not measure
    // the cold start (module loading, first database queries) instead of the page.
    await fetch(address).then((res) => res.arrayBuffer());
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(address, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
      });
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) {
        // Lighthouse's own tracing sometimes fails (NO_NAVSTART): that run is repeated, up to 3.
        console.error(`${page}: ${runtimeError.code} ${runtimeError.message}`);
        if (++failures <= 3) i--;
        continue;
      }
      runs.push({
        performance: categories.performance.score * 100,
        accessibility: categories.accessibility.score * 100,
        bestPractices: categories["best-practices"].score * 100,
        seo: categories.seo.score * 100,
        lcp: audits["largest-contentful-paint"].numericValue,
        tbt: audits["total-blocking-time"].numericValue,
        cls: audits["cumulative-layout-shift"].numericValue,
        fcp: audits["first-contentful-paint"].numericValue,
        // JavaScript as transferred (gzip where the server compresses), inline scripts not counted.
        js: (audits["network-requests"].details?.items ?? [])
          .filter((r) => r.resourceType === "Script")
          .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
        failed: Object.values(audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              ["binary", "numeric"].includes(a.scoreDisplayMode) &&
              a.details?.type !== "opportunity",
          )
          .map((a) => a.id),
      });
    }
    console.error(
      `${page}: rendimiento por ejecución ${runs.map((r) => r.performance).join(", ")}`,
    );
    const pick = (k) => median(runs.map((r) => r[k]));
    rows.push({
      page,
      ...Object.fromEntries(
        [
          "performance",
          "accessibility",
          "bestPractices",
          "seo",
          "lcp",
          "tbt",
          "cls",
          "fcp",
          "js",
        ].map((k) => [k, pick(k)]),
      ),
      failed: [...new Set(runs.flatMap((r) => r.failed))],
    });
  }
} finally {
  await chrome.kill();
  await server.stop();
}
console.log(
  "| Página | Rendimiento | Accesibilidad | Buenas prácticas | SEO | LCP | TBT | CLS | FCP | JS transferido |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(Number(r.lcp) / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${Number(r.cls).toFixed(3)} | ${(Number(r.fcp) / 1000).toFixed(2)} s | ${(r.js / 1024).toFixed(1)} KB |`,
  );
}
for (const r of rows)
  if (r.failed.length) console.log(`\n${r.page}: auditorías no superadas: ${r.failed.join(", ")}`);
