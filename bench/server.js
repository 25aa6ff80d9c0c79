// Starts the built app on a fresh data directory for a benchmark; returns its URL and a stop().
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * `beforeStart(env)` runs with the server's environment before it starts (e.g. to create an
 * account with scripts/user-create.js: the embedded database takes one process at a time).
 */
export async function startServer({ port = 3300, env = {}, beforeStart } = {}) {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("Falta la compilación: ejecuta `npm run build` en la raíz del proyecto.");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "psico-bench-"));
  const serverEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    PUBLIC_URL: `http://localhost:${port}`,
    ...env,
  };
  await beforeStart?.(serverEnv);
  const proc = spawn(process.execPath, ["server/main.js"], {
    cwd: ROOT,
    env: serverEnv,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
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

export const PUBLIC_PAGES = [
  "/",
  "/servicios",
  "/servicios/terapia-individual",
  "/sobre-mi",
  "/blog",
  "/blog/duelo-como-abordarlo",
  "/privacidad",
  "/auth",
];
