// npm run bench:memory — resident memory (VmRSS) of the built server while COUNT distinct cacheable
// URLs (/blog?q=<distinct words>) fill its page cache, on PGlite and on PostgreSQL, with the
// default cap (PAGE_CACHE_MAX_MB unset: 64 MB), with PAGE_CACHE_MAX_MB=16 and, as the control,
// with CACHE_DISABLED=1. The server is warmed first; RSS is sampled every 250 ms from
// /proc/<pid>/status. Target: the server's RSS once the requests are over and it has been at rest
// for REST_SECONDS (no request, no collection asked for: what V8 and the allocators give back on
// their own), over the warmed baseline, within the cap + 50 MB. The peak under load is reported
// beside it (mostly garbage of the renders not yet collected: the control has it too).
// Before (then the baseline RSS is read) and after, through the inspector (--inspect on a free
// local port), a full GC and process.memoryUsage(): what is really held (JS heap, Buffers) apart
// from what the allocators keep from the operating system.
//
// COUNT (default 10000), CONCURRENCY (8), REST_SECONDS (60), BENCH_DB ("postgresql,pglite"),
// MEMORY_CONFIGS ("default,16,off"), BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL; a fresh database is
// created and dropped per server).
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import WebSocket from "ws";
import {
  BROWSER_ACCEPT_ENCODING,
  createPgDatabase,
  freePort,
  rawGet,
  startServer,
} from "./server.js";
import { PUBLIC_PAGES } from "../tests/support/site.js";

const COUNT = Number(process.env.COUNT ?? 10000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const REST_SECONDS = Number(process.env.REST_SECONDS ?? 60);
const DATABASES = (process.env.BENCH_DB ?? "postgresql,pglite").split(",");
const DEFAULT_CAP_MB = 64; // the server's default PAGE_CACHE_MAX_MB
const CONFIGS = {
  default: { label: `predeterminado (${DEFAULT_CAP_MB} MB)`, cap: DEFAULT_CAP_MB, env: {} },
  16: { label: "PAGE_CACHE_MAX_MB=16", cap: 16, env: { PAGE_CACHE_MAX_MB: "16" } },
  off: { label: "CACHE_DISABLED=1 (control)", cap: 0, env: { CACHE_DISABLED: "1" } },
};
const configs = (process.env.MEMORY_CONFIGS ?? "default,16,off").split(",").map((c) => CONFIGS[c]);
const HEADERS = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
const WORDS = ["ansiedad", "duelo", "pareja", "estrés", "sueño", "autoestima", "terapia", "miedo"];
const searchUrl = (n) => `/blog?q=${encodeURIComponent(`${WORDS[n % WORDS.length]} ${n}`)}`;

/** CPU time (user + system, every thread: brotli runs in libuv's pool) of a process, in ms. */
function cpuMs(pid) {
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat (counted after the "(name) ").
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100; // sysconf(_SC_CLK_TCK) on Linux

/** VmRSS and VmHWM (peak since start) of a process, in MB. */
function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))[1]);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONCURRENCY, headers: HEADERS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Through the inspector: a full garbage collection, then process.memoryUsage() in MB. */
async function retained(inspectPort) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  let id = 0;
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const mine = ++id;
      ws.on("message", function onMessage(data) {
        const message = JSON.parse(data);
        if (message.id !== mine) return;
        ws.off("message", onMessage);
        resolve(message.result);
      });
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  await call("HeapProfiler.collectGarbage");
  const { result } = await call("Runtime.evaluate", {
    expression: "JSON.stringify(process.memoryUsage())",
    returnByValue: true,
  });
  ws.close();
  const usage = JSON.parse(result.value);
  return Object.fromEntries(Object.entries(usage).map(([k, v]) => [k, v / 1024 / 1024]));
}

/**
 * VmRSS after REST_SECONDS with no request and no collection asked for: what V8 and the
 * allocators give back on their own (V8's memory reducer runs once the process goes idle).
 */
async function atRest(pid) {
  await sleep(REST_SECONDS * 1000);
  return memory(pid);
}

async function measure(env) {
  const inspectPort = await freePort();
  const server = await startServer({
    port: await freePort(),
    env,
    nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`],
  });
  try {
    // Warm-up: every public page, and 400 searches kept apart from the measured ones (negative
    // n) as HEAD requests: rendered in full but never stored, so the cache starts nearly empty.
    for (let round = 0; round < 5; round++) {
      for (const p of PUBLIC_PAGES) await rawGet(server.url + p, HEADERS);
    }
    // (autocannon cannot read HEAD responses: a few workers of plain requests instead.)
    let w = 0;
    const worker = async () => {
      while (w < 400) await rawGet(server.url + searchUrl(-1 - w++), HEADERS, "HEAD");
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // The baseline: a full collection, then at rest for REST_SECONDS, as at the end (but for
    // the forced collection, which only makes the baseline lower and the target harder).
    const heldBefore = await retained(inspectPort);
    const before = await atRest(server.pid);

    let peak = before.rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memory(server.pid).rss);
    }, 250);
    let n = 0;
    let answered = 0;
    /** RSS after each quarter of the requests: a plateau or a steady climb. */
    const quarters = [];
    const xCache = {};
    const started = Date.now();
    const cpuBefore = cpuMs(server.pid);
    const result = await cannon({
      url: server.url,
      amount: COUNT,
      requests: [
        {
          setupRequest: (req) => ({ ...req, path: searchUrl(n++) }),
          onResponse(status, body, context, headers) {
            // autocannon keeps the header names as sent ("X-Cache").
            const cache = Object.entries(headers).find(([k]) => k.toLowerCase() === "x-cache");
            const key = `${status} ${cache?.[1] ?? "—"}`;
            xCache[key] = (xCache[key] ?? 0) + 1;
            answered += 1;
            if (answered % Math.ceil(COUNT / 4) === 0) quarters.push(memory(server.pid).rss);
          },
        },
      ],
    });
    const seconds = (Date.now() - started) / 1000;
    const cpuPerRequest = (cpuMs(server.pid) - cpuBefore) / COUNT;
    clearInterval(sampler);
    await sleep(3000);
    const after = memory(server.pid);
    peak = Math.max(peak, after.rss);
    const rest = await atRest(server.pid);
    const heldAfter = await retained(inspectPort);
    // With a cap, the first URLs should have been evicted and the last ones still be there.
    const first = (await rawGet(server.url + searchUrl(0), HEADERS)).headers["x-cache"] ?? "—";
    const last = (await rawGet(server.url + searchUrl(COUNT - 1), HEADERS)).headers["x-cache"];
    return {
      before: before.rss,
      after: after.rss,
      rest: rest.rss,
      peak,
      seconds,
      cpuPerRequest,
      quarters,
      heldBefore,
      heldAfter,
      errors: result.errors,
      timeouts: result.timeouts,
      xCache,
      firstLast: `${first} / ${last ?? "—"}`,
    };
  } finally {
    await server.stop();
  }
}

const loadBefore = os.loadavg();
const rows = [];
for (const db of DATABASES) {
  for (const config of configs) {
    const database = db === "postgresql" ? await createPgDatabase("bench_memory") : null;
    try {
      const env = {
        RATE_LIMIT_DISABLED: "1",
        OUTBOX_INTERVAL_MS: "60000",
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...config.env,
      };
      console.error(`${db}, ${config.label}…`);
      rows.push({ db: database ? "PostgreSQL" : "PGlite", config, ...(await measure(env)) });
    } finally {
      await database?.drop();
    }
  }
}
const loadAfter = os.loadavg();

const mb = (n) => n.toLocaleString("es-ES", { maximumFractionDigits: 0 });
const load = (l) => l.map((n) => n.toFixed(2)).join(" ");
const arrow = (a, b) => `${mb(a)} → ${mb(b)}`;
console.log(
  `\n${COUNT} URL distintas (/blog?q=…), ${CONCURRENCY} conexiones, Accept-Encoding: ` +
    `«${BROWSER_ACCEPT_ENCODING}»; carga (1, 5, 15 min) al empezar ${load(loadBefore)}, ` +
    `al terminar ${load(loadAfter)}\n`,
);
console.log(
  `| Base de datos | Caché | RSS antes (MB) | RSS por cuartos (MB) | RSS pico (MB) | RSS 3 s después (MB) | RSS en reposo, ${REST_SECONDS} s (MB) | Crecimiento pico (MB) | Crecimiento en reposo (MB) | Objetivo (en reposo) |`,
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
let missed = false;
for (const r of rows) {
  const growth = r.rest - r.before;
  let target = "";
  if (r.config.cap) {
    // Without a single fill the cache was not on, and the figure says nothing about it.
    const filled = Object.keys(r.xCache).some((k) => k.endsWith(" MISS"));
    const ok = filled && growth <= r.config.cap + 50 && r.errors === 0;
    missed ||= !ok;
    target = `${ok ? "✔" : "✖"} ≤ ${r.config.cap + 50} MB${filled ? "" : " (ningún X-Cache: MISS)"}`;
  }
  console.log(
    `| ${r.db} | ${r.config.label} | ${mb(r.before)} | ${r.quarters.map(mb).join(" · ")} | ` +
      `${mb(r.peak)} | ${mb(r.after)} | ${mb(r.rest)} | ${mb(r.peak - r.before)} | ${mb(growth)} | ${target} |`,
  );
}
console.log(
  "\n| Base de datos | Caché | Respuestas (estado X-Cache) | Errores | Timeouts | Primera / última URL | Peticiones/s | CPU del servidor por petición (ms) | Tras GC: heap JS (MB) | Tras GC: Buffers (MB) | Tras GC: RSS (MB) |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows) {
  const responses = Object.entries(r.xCache)
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ");
  const [a, b] = [r.heldBefore, r.heldAfter];
  console.log(
    `| ${r.db} | ${r.config.label} | ${responses} | ${r.errors - r.timeouts} | ${r.timeouts} | ` +
      `${r.firstLast} | ${mb(COUNT / r.seconds)} | ${r.cpuPerRequest.toFixed(1)} | ` +
      `${arrow(a.heapUsed, b.heapUsed)} | ${arrow(a.arrayBuffers, b.arrayBuffers)} | ${arrow(a.rss, b.rss)} |`,
  );
}
console.log(
  "\nRSS pico: máximo de VmRSS muestreado cada 250 ms durante las peticiones y al final; por " +
    "cuartos: tras cada cuarta parte de las respuestas. Primera / última URL: X-Cache al repetir " +
    "la primera y la última URL pedidas. Tras GC: antes → después, tras una recolección completa " +
    "pedida por el inspector (process.memoryUsage(): heapUsed, arrayBuffers, rss).",
);
if (missed) {
  console.error(
    "✖ El crecimiento supera el límite de la caché + 50 MB, hubo errores o la caché no se llenó.",
  );
  process.exitCode = 1;
}
