// npm run bench:load — autocannon against the built server on PostgreSQL and on PGlite, with nginx
// serving saved copies of the same HTML as the physical reference; then contact-form POSTs at a
// steady rate (RATE_LIMIT_DISABLED=1) and a count of the stored rows.
//
// DURATION (seconds, default 10), CONNECTIONS (50), CONTACT_RATE (requests/s, default 50),
// BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL; a fresh database is created and dropped).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { ROOT, startServer } from "./server.js";

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const CONTACT_RATE = Number(process.env.CONTACT_RATE ?? 50);
const ARTICLE = "/blog/duelo-como-abordarlo";
const PATHS = ["/", "/blog", ARTICLE];
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";

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
    autocannon({ ...base, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const summary = (r) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts + r.non2xx,
  total: r.requests.total,
});

/** nginx on a port of its own serving the given files at the given paths (exact matches). */
async function startNginx(port, files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "psico-nginx-"));
  fs.chmodSync(dir, 0o755); // nginx workers may run as another user
  const locations = Object.entries(files)
    .map(([url, html], i) => {
      fs.writeFileSync(path.join(dir, `p${i}.html`), html);
      return `    location = ${url} { try_files /p${i}.html =404; }`;
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
    default_type "text/html; charset=utf-8";
${locations}
  }
}
`,
  );
  const proc = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
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

async function createPgDatabase() {
  const name = `bench_load_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Contact POSTs at CONTACT_RATE per second for DURATION seconds; returns what the server answered. */
async function contactLoad(url) {
  let n = 0;
  const result = await cannon({
    url: `${url}/api/contacto`,
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
              accept: "application/json",
              "content-type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams({
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
const rows = [];

// PostgreSQL first (when reachable), then PGlite; each on a fresh database.
let database;
try {
  database = await createPgDatabase();
} catch (error) {
  console.warn(`PostgreSQL no disponible (${error.message}): solo PGlite y nginx.`);
}
const targets = [
  ...(database ? [["PostgreSQL", { DATABASE_URL: database.url }]] : []),
  ["PGlite", {}],
];
let saved;
for (const [name, extra] of targets) {
  const server = await startServer({ port: 3310, env: { ...env, ...extra } });
  try {
    if (!saved) {
      saved = {};
      for (const p of PATHS) {
        const res = await fetch(server.url + p);
        if (!res.ok) throw new Error(`${p}: HTTP ${res.status}`);
        saved[p] = await res.text();
      }
    }
    for (const p of PATHS) {
      await cannon({ url: server.url + p, duration: 2 }); // warm-up
      pages[`${name} ${p}`] = summary(await cannon({ url: server.url + p }));
    }
    contact[name] = await contactLoad(server.url);
  } finally {
    await server.stop({ keepData: true });
  }
  contact[name].stored = extra.DATABASE_URL
    ? await countPg(extra.DATABASE_URL)
    : await countPglite(server.dataDir);
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
await database?.drop();

const nginx = await startNginx(3311, saved);
try {
  for (const p of PATHS) {
    await cannon({ url: nginx.url + p, duration: 2 });
    pages[`nginx ${p}`] = summary(await cannon({ url: nginx.url + p }));
  }
} finally {
  await nginx.stop();
}

const fmt = (n) => n.toLocaleString("es-ES", { maximumFractionDigits: 1 });
console.log(
  `\n${CONNECTIONS} conexiones, ${DURATION} s por medida (autocannon), ${os.cpus().length} núcleos\n`,
);
console.log("| Servidor | Ruta | Peticiones/s | p50 (ms) | p99 (ms) | Errores | vs nginx |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const name of [...targets.map(([n]) => n), "nginx"]) {
  for (const p of PATHS) {
    const r = pages[`${name} ${p}`];
    const ref = pages[`nginx ${p}`];
    const ratio = name === "nginx" ? "100 %" : `${fmt((r.rps / ref.rps) * 100)} %`;
    console.log(
      `| ${name} | ${p} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${ratio} |`,
    );
    rows.push({ name, p, ...r });
  }
}
console.log(
  `\nFormulario de contacto: POST /api/contacto a ${CONTACT_RATE}/s durante ${DURATION} s\n`,
);
console.log("| Base de datos | Enviados | 2xx | Errores | p50 (ms) | p99 (ms) | Filas guardadas |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
let lost = false;
for (const [name, c] of Object.entries(contact)) {
  console.log(
    `| ${name} | ${c.total} | ${c.ok} | ${c.errors} | ${c.p50} | ${c.p99} | ${c.stored} |`,
  );
  if (c.stored !== c.ok || c.errors > 0) lost = true;
}
if (lost) {
  console.error("\n✖ No coinciden los envíos confirmados con las filas guardadas, o hubo errores.");
  process.exit(1);
}
console.log("\n✔ Todos los mensajes confirmados están guardados.");
