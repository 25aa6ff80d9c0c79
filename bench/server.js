// Starts the built app on a fresh data directory for a benchmark; returns its URL, pid and a stop().
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createPgDatabaseAt, freePort } from "../tests/support/http.js";
import { serverEnv } from "../tests/support/site.js";

export { freePort };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * `beforeStart(env)` runs with the server's environment before it starts (e.g. to create an
 * account with scripts/user-create.js: the embedded database takes one process at a time).
 * `nodeArgs`: flags for node before the script (e.g. --cpu-prof, not allowed in NODE_OPTIONS).
 * `root`: another checkout with its own build (a reference measured in the same run).
 */
export async function startServer({
  port = 3300,
  env: extraEnv = {},
  beforeStart,
  nodeArgs = [],
  root = ROOT,
} = {}) {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("Falta la compilación: ejecuta `npm run build` en la raíz del proyecto.");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "psico-bench-"));
  const env = serverEnv(port, dataDir, { PUBLIC_URL: `http://localhost:${port}`, ...extraEnv });

  await beforeStart?.(env);
  const proc = spawn(process.execPath, [...nodeArgs, "server/main.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`El servidor terminó al arrancar (${proc.exitCode}).`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    /** The server's own process (node server/main.js, no shell in between): /proc/<pid>/status. */
    pid: proc.pid,
    /** Stops the server; `keepData` leaves DATA_DIR in place (to read the database after). */
    async stop({ keepData = false } = {}) {
      if (proc.exitCode === null) {
        proc.kill("SIGTERM");
        await new Promise((r) => proc.on("exit", r));
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What Chrome sends; the server picks among these (Node 20 has no zstd). */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** One GET (or HEAD) whose body stays as sent (fetch() would decompress it): { status, headers, body }. */
export function rawGet(url, headers = {}, method = "GET") {
  return new Promise((resolve, reject) => {
    http
      .request(url, { headers, method }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      })
      .on("error", reject)
      .end();
  });
}

/** A fresh PostgreSQL database on BENCH_DATABASE_URL / TEST_DATABASE_URL (an admin URL): { url, drop() }. */
export function createPgDatabase(prefix) {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/test";
  return createPgDatabaseAt(adminUrl, `${prefix}_${Date.now()}`);
}
