import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { enrolOverHttpWithSecret, freePort } from "./http.js";
import { serverEnv } from "./site.js";

export { cookiesOf, enrolOverHttpWithSecret, freePort, signInOverHttp } from "./http.js";

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function tempDataDir(prefix = "psico-") {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Copies a folder with the modes the server gives its own files (it warns about any other). */
function copyPrivately(from: string, to: string) {
  fs.cpSync(from, to, { recursive: true });
  const walk = (dir: string) => {
    fs.chmodSync(dir, 0o700);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else fs.chmodSync(full, 0o600);
    }
  };
  walk(to);
}

/** The migrated template of the server tests' global setup; none outside Vitest. */
function templateDir() {
  try {
    return inject("serverTemplate");
  } catch {
    return undefined;
  }
}

/**
 * Starts the built server (`node server/main.js`) and waits until /healthz answers. Without a
 * data directory of the test's own, the server gets a new one holding a copy of the migrated
 * embedded database of tests/support/server-template.ts (`template: false` starts it empty).
 */
export async function startServer(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    template?: boolean;
    /** How long a start may take (a first start migrates a new database: slow on a busy machine). */
    timeoutMs?: number;
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? tempDataDir();
  if (!options.dataDir && options.template !== false && !options.env?.DATABASE_URL) {
    const template = templateDir();
    if (template) copyPrivately(path.join(template, "pgdata"), path.join(dataDir, "pgdata"));
  }
  let output = "";
  const proc = spawn(process.execPath, ["server/main.js"], {
    env: serverEnv(port, dataDir, options.env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => (output += String(d)));
  proc.stderr!.on("data", (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a loaded two-core machine a start can take tens of seconds.
  const timeoutMs = options.timeoutMs ?? 90_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`El servidor terminó al arrancar:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`El servidor no arrancó en ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    proc,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (proc.exitCode === null) proc.kill(signal);
      return exited;
    },
  };
}

/**
 * PostgreSQL's control file says how the cluster was left: 1 = shut down cleanly,
 * 6 = in production (a crash; the next start runs recovery). Offset 16 since PostgreSQL 9.x.
 */
export function pgliteClusterState(dataDir: string) {
  const control = fs.readFileSync(path.join(dataDir, "pgdata", "global", "pg_control"));
  return control.readUInt32LE(16);
}
export const DB_SHUTDOWNED = 1;
export const DB_IN_PRODUCTION = 6;

/**
 * The setup link in a server's output: the framed lines a start without accounts prints last
 * (app/modules/accounts/setup-banner.ts), the link alone on one of them. Null when there is none.
 */
export function setupLinkIn(output: string) {
  const match = /^│ (\S+\/auth\/configurar\?token=[\w-]+) +│$/m.exec(output);
  return match ? new URL(match[1]!) : null;
}

/**
 * Creates the first administrator of a server without accounts through the one-time setup link
 * its log printed (as a person installing the site would), and returns the response: a 302 to
 * /admin with the session cookie.
 */
export async function createFirstAdmin(
  server: RunningServer,
  fields: { name: string; email: string; password: string },
) {
  const deadline = Date.now() + 10_000;
  let link: URL | null;
  while (!(link = setupLinkIn(server.output()))) {
    if (Date.now() > deadline)
      throw new Error(`No hay enlace de configuración:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return fetch(`${server.url}${link.pathname}${link.search}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "signup",
      token: link.searchParams.get("token")!,
      ...fields,
    }),
  });
}

/**
 * Administrators and editors must enrol a second factor before using the admin area: this does
 * it over HTTP as a person would on Mi cuenta and returns the renewed session cookie.
 */
export async function enrolOverHttp(url: string, cookie: string, password: string) {
  return (await enrolOverHttpWithSecret(url, cookie, password)).cookie;
}

/**
 * Waits until a stream of writes has had a few answers (at most 20 s), to kill the server in the
 * middle of it: a fixed delay failed on a busy machine, where a fresh server's first answers took
 * longer than the delay.
 */
export async function untilAcknowledged(acknowledged: unknown[], count = 10) {
  const deadline = Date.now() + 20_000;
  while (acknowledged.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
