// npm run bench:load — autocannon against the built server on PostgreSQL and on PGlite, each
// started twice: with the page cache off (CACHE_DISABLED=1) and on (the default). nginx serves the
// very bytes the cache-on server sent (same Content-Encoding and headers) as the physical
// reference, in the same run. Then contact-form POSTs at a steady rate (RATE_LIMIT_DISABLED=1)
// against the cache-on server and a count of the stored rows.
//
// Every request sends ACCEPT_ENCODING (default what Chrome sends, "gzip, deflate, br, zstd": the
// server answers br; "" sends no Accept-Encoding and gets identity bodies). nginx gets the same
// header and serves the saved body with the same Content-Encoding, so both send the same bytes.
//
// DURATION (seconds, default 10), WARMUP (seconds per URL before measuring, default 2),
// CONNECTIONS (50), CONTACT_RATE (requests/s, default 50), BENCH_DB ("postgresql,pglite"),
// BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL; a fresh database is created and dropped).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import {
  BROWSER_ACCEPT_ENCODING,
  ROOT,
  createPgDatabase,
  freePort,
  rawGet,
  startServer,
} from "./server.js";

const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const CONTACT_RATE = Number(process.env.CONTACT_RATE ?? 50);
const ACCEPT_ENCODING = process.env.ACCEPT_ENCODING ?? BROWSER_ACCEPT_ENCODING;
const HEADERS = ACCEPT_ENCODING ? { "accept-encoding": ACCEPT_ENCODING } : {};
const DATABASES = (process.env.BENCH_DB ?? "postgresql,pglite").split(",");
const ARTICLE = "/blog/duelo-como-abordarlo";
const PATHS = ["/", "/blog", ARTICLE];
const MODES = [
  ["sin caché", { CACHE_DISABLED: "1" }],
  ["con caché", {}],
];
// Targets for the cache-on rows (issue #18).
const TARGET = { share: 25, p99: 50 };

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
if (!NGINX) {
  console.error(
    "Falta nginx (la referencia física). Instálalo con:\n  sudo apt-get install -y nginx-light",
  );
  process.exit(1);
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const base = opts.amount
      ? { connections: CONNECTIONS }
      : { connections: CONNECTIONS, duration: DURATION };
    autocannon({ ...base, headers: HEADERS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

// autocannon counts timeouts among its errors; here they are apart.
const summary = (r) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors - r.timeouts,
  non2xx: r.non2xx,
  timeouts: r.timeouts,
  total: r.requests.total,
});

/** One request as the load sends it: status, X-Cache, encoding and size of the body on the wire. */
async function probe(url) {
  const res = await rawGet(url, HEADERS);
  return {
    ...res,
    xCache: res.headers["x-cache"] ?? "—",
    encoding: res.headers["content-encoding"] ?? "identity",
  };
}

/** Warms each path, then measures it; X-Cache is read just before and just after the measure. */
async function measurePaths(url, label, into) {
  for (const p of PATHS) {
    await cannon({ url: url + p, duration: WARMUP });
    const before = await probe(url + p);
    const result = summary(await cannon({ url: url + p }));
    const after = await probe(url + p);
    if (before.status !== 200) throw new Error(`${label} ${p}: HTTP ${before.status}`);
    into[`${label} ${p}`] = {
      ...result,
      xCache: before.xCache === after.xCache ? before.xCache : `${before.xCache}/${after.xCache}`,
      body: `${before.encoding} ${before.body.length}`,
    };
  }
}

// Headers nginx writes itself (or that belong to the connection); the rest are copied.
const NGINX_OWN = new Set([
  "connection",
  "content-length",
  "content-type",
  "date",
  "etag",
  "keep-alive",
  "last-modified",
  "server",
  "transfer-encoding",
]);

const nginxString = (value) => {
  if (value.includes("$")) throw new Error(`nginx interpolaría «$» en: ${value}`);
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
};

/**
 * nginx on a port of its own serving, at each path (exact match), the saved body with the saved
 * response headers (Content-Encoding included), so it sends what the server sent.
 */
async function startNginx(port, responses) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "psico-nginx-"));
  fs.chmodSync(dir, 0o755); // nginx workers may run as another user
  const locations = Object.entries(responses)
    .map(([url, { body, headers }], i) => {
      fs.writeFileSync(path.join(dir, `p${i}.bin`), body);
      const extra = Object.entries(headers)
        .filter(([name]) => !NGINX_OWN.has(name))
        .flatMap(([name, value]) =>
          [value].flat().map((v) => `add_header ${name} ${nginxString(v)};`),
        )
        .join("\n      ");
      return `    location = ${url} {
      default_type ${nginxString(headers["content-type"])};
      ${extra}
      try_files /p${i}.bin =404;
    }`;
    })
    .join("\n");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
${locations}
  }
}
`,
  );
  const proc = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null || i === 100) throw new Error("nginx no arrancó");
    try {
      if ((await fetch(url + "/")).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      proc.kill("SIGTERM");
      await new Promise((r) => proc.on("exit", r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Contact POSTs at CONTACT_RATE per second for DURATION seconds; returns what the server answered. */
async function contactLoad(url) {
  let n = 0;
  const result = await cannon({
    // The landing page's contact form, as a browser without JavaScript sends it.
    url: `${url}/?index`,
    connections: 10,
    overallRate: CONTACT_RATE,
    // A fixed number of requests (not a duration), so none is cut off in flight at the end.
    amount: CONTACT_RATE * DURATION,
    requests: [
      {
        method: "POST",
        setupRequest(req) {
          n += 1;
          return {
            ...req,
            headers: {
              origin: url,
              "content-type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams({
              intent: "contact",
              name: "Carga Prueba",
              email: "carga@example.com",
              message: `Mensaje de carga número ${n}`,
              consent: "on",
            }).toString(),
          };
        },
      },
    ],
  });
  return { ...summary(result), ok: result["2xx"] };
}

async function countPglite(dataDir) {
  const require = createRequire(path.join(ROOT, "package.json"));
  const { PGlite } = await import(pathToFileURL(require.resolve("@electric-sql/pglite")).href);
  const db = await PGlite.create(path.join(dataDir, "pgdata"));
  const { rows } = await db.query("select count(*)::int as n from contact_messages");
  await db.close();
  return rows[0].n;
}

async function countPg(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query("select count(*)::int as n from contact_messages");
  await c.end();
  return rows[0].n;
}

const env = { RATE_LIMIT_DISABLED: "1", OUTBOX_INTERVAL_MS: "60000" };
const pages = {};
const contact = {};
const loadBefore = os.loadavg();

// PostgreSQL first (when reachable), then PGlite; each on a fresh database, shared by the
// cache-off and cache-on servers.
let database;
if (DATABASES.includes("postgresql")) {
  try {
    database = await createPgDatabase("bench_load");
  } catch (error) {
    console.warn(`PostgreSQL no disponible (${error.message}): solo PGlite y nginx.`);
  }
}
const targets = [
  ...(database ? [["PostgreSQL", { DATABASE_URL: database.url }]] : []),
  ...(DATABASES.includes("pglite") ? [["PGlite", {}]] : []),
];
/** What the first cache-on server sent for each path (warm: from its cache), for nginx. */
let saved;
for (const [name, extra] of targets) {
  for (const [mode, modeEnv] of MODES) {
    const cached = !modeEnv.CACHE_DISABLED;
    const server = await startServer({
      port: await freePort(),
      env: { ...env, ...extra, ...modeEnv },
    });
    try {
      await measurePaths(server.url, `${name} ${mode}`, pages);
      if (cached && !saved) {
        saved = {};
        for (const p of PATHS) saved[p] = await probe(server.url + p);
      }
      if (cached) contact[name] = await contactLoad(server.url);
    } finally {
      await server.stop({ keepData: true });
    }
    if (cached) {
      contact[name].stored = extra.DATABASE_URL
        ? await countPg(extra.DATABASE_URL)
        : await countPglite(server.dataDir);
    }
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}
await database?.drop();

const nginx = await startNginx(await freePort(), saved);
try {
  await measurePaths(nginx.url, "nginx", pages);
} finally {
  await nginx.stop();
}
const loadAfter = os.loadavg();

const fmt = (n) => n.toLocaleString("es-ES", { maximumFractionDigits: 1 });
const load = (l) => l.map((n) => n.toFixed(2)).join(" ");
console.log(
  `\n${CONNECTIONS} conexiones, ${DURATION} s por medida tras ${WARMUP} s de calentamiento ` +
    `(autocannon), Accept-Encoding: ${ACCEPT_ENCODING ? `«${ACCEPT_ENCODING}»` : "ninguno"}, ` +
    `${os.cpus().length} núcleos; carga (1, 5, 15 min) al empezar ${load(loadBefore)}, ` +
    `al terminar ${load(loadAfter)}\n`,
);
console.log(
  "| Servidor | Caché | Ruta | Peticiones/s | p50 (ms) | p99 (ms) | Errores | No 2xx | Timeouts | vs nginx | X-Cache | Cuerpo (bytes) | Objetivo |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
let missed = false;
const servers = [...targets.flatMap(([n]) => MODES.map(([mode]) => [n, mode])), ["nginx", ""]];
for (const [name, mode] of servers) {
  for (const p of PATHS) {
    const r = pages[`${[name, mode].filter(Boolean).join(" ")} ${p}`];
    const ref = pages[`nginx ${p}`];
    const share = (r.rps / ref.rps) * 100;
    let target = "";
    if (mode === "con caché") {
      const ok =
        share >= TARGET.share &&
        r.p99 <= TARGET.p99 &&
        r.errors + r.non2xx + r.timeouts === 0 &&
        r.xCache === "HIT";
      missed ||= !ok;
      target = ok ? "✔" : "✖";
    }
    console.log(
      `| ${name} | ${mode || "—"} | ${p} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ` +
        `${r.non2xx} | ${r.timeouts} | ${name === "nginx" ? "100" : fmt(share)} % | ` +
        `${name === "nginx" ? "—" : r.xCache} | ${r.body} | ${target} |`,
    );
  }
}
console.log(
  `\nObjetivo con caché: ≥ ${TARGET.share} % de nginx, p99 ≤ ${TARGET.p99} ms, 0 errores, ` +
    "0 timeouts, X-Cache: HIT.",
);
console.log(
  `\nFormulario de contacto (servidor con caché): POST / (formulario de contacto) a ${CONTACT_RATE}/s durante ${DURATION} s\n`,
);
console.log(
  "| Base de datos | Enviados | 2xx | Errores | Timeouts | p50 (ms) | p99 (ms) | Filas guardadas |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
let lost = false;
for (const [name, c] of Object.entries(contact)) {
  console.log(
    `| ${name} | ${c.total} | ${c.ok} | ${c.errors + c.non2xx} | ${c.timeouts} | ${c.p50} | ${c.p99} | ${c.stored} |`,
  );
  if (c.stored !== c.ok || c.errors + c.non2xx + c.timeouts > 0) lost = true;
}
if (lost) {
  console.error("\n✖ No coinciden los envíos confirmados con las filas guardadas, o hubo errores.");
  process.exitCode = 1;
} else {
  console.log("\n✔ Todos los mensajes confirmados están guardados.");
}
if (missed) {
  console.error("✖ Alguna ruta con caché no cumple el objetivo (columna «Objetivo»).");
  process.exitCode = 1;
}
