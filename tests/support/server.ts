import { type ChildProcess, spawn } from "node:child_process";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export function tempDataDir(prefix = "psico-") {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Starts the built server (`node server/main.js`) and waits until /healthz answers. */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? tempDataDir();
  let output = "";
  const proc = spawn(process.execPath, ["server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => (output += String(d)));
  proc.stderr!.on("data", (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`El servidor terminó al arrancar:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`El servidor no arrancó en 30 s:\n${output}`);
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
 * Creates the first administrator of a server without accounts through the one-time setup link
 * its log printed (as a person installing the site would), and returns the response: a 302 to
 * /admin with the session cookie.
 */
export async function createFirstAdmin(
  server: RunningServer,
  fields: { name: string; email: string; password: string },
) {
  const deadline = Date.now() + 10_000;
  let match: RegExpExecArray | null = null;
  while (
    !(match = /crea la cuenta de administrador en (\S+?\/auth\/configurar\?token=[\w-]+)/.exec(
      server.output(),
    ))
  ) {
    if (Date.now() > deadline)
      throw new Error(`No hay enlace de configuración:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const link = new URL(match[1]!);
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

/** "name=value; …" from a response's Set-Cookie headers (cleared cookies left out). */
export function cookiesOf(res: Response) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/**
 * Administrators and editors must enrol a second factor before using the admin area: this does
 * it over HTTP as a person would on Mi cuenta (password → secret → first code) and returns the
 * renewed session cookie.
 */
export async function enrolOverHttp(url: string, cookie: string, password: string) {
  return (await enrolOverHttpWithSecret(url, cookie, password)).cookie;
}

/** enrolOverHttp, also returning the base32 secret (to make codes for later sign-ins). */
export async function enrolOverHttpWithSecret(url: string, cookie: string, password: string) {
  const post = (form: Record<string, string>) =>
    fetch(`${url}/admin/cuenta`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  const started = await post({ intent: "enable", password });
  if (started.status !== 302) throw new Error(`activar 2FA: ${started.status}`);
  const page = await (await fetch(`${url}/admin/cuenta`, { headers: { cookie } })).text();
  const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(page)?.[1];
  if (!secret) throw new Error("no se ve la clave de la verificación en dos pasos");
  const confirmed = await post({ intent: "confirm", code: await codeFor(secret) });
  const renewed = cookiesOf(confirmed);
  if (confirmed.status !== 302 || !renewed.includes("session_token")) {
    throw new Error(`confirmar 2FA: ${confirmed.status}`);
  }
  return { cookie: renewed, secret };
}

function codeFor(secret: string) {
  return createOTP(base32.decode(secret), { digits: 6, period: 30 }).totp();
}

/**
 * Signs a staff member in over HTTP as a browser would: password, then the authenticator code
 * (the secret kept in `secrets` from an earlier enrolment), or — an administrator or editor not
 * enrolled yet — enrols on Mi cuenta and keeps the secret. Returns the session cookie.
 */
export async function signInOverHttp(
  url: string,
  email: string,
  password: string,
  secrets: Map<string, string>,
) {
  const post = (path: string, form: Record<string, string>, cookie?: string) =>
    fetch(`${url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: url,
        "content-type": "application/x-www-form-urlencoded",
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(form),
    });
  const first = await post("/auth", { intent: "signin", email, password });
  if (first.status !== 302) throw new Error(`iniciar sesión: ${first.status}`);
  const location = first.headers.get("location") ?? "";
  if (location.startsWith("/auth/verificacion")) {
    const secret = secrets.get(email);
    if (!secret) throw new Error(`no hay clave guardada para ${email}`);
    const second = await post(
      "/auth/verificacion",
      { method: "totp", code: await codeFor(secret) },
      cookiesOf(first),
    );
    if (second.status !== 302) throw new Error(`código: ${second.status}`);
    return cookiesOf(second);
  }
  const cookie = cookiesOf(first);
  const gate = await fetch(`${url}/admin`, { headers: { cookie }, redirect: "manual" });
  if (gate.headers.get("location") !== "/admin/cuenta") return cookie;
  const enrolled = await enrolOverHttpWithSecret(url, cookie, password);
  secrets.set(email, enrolled.secret);
  return enrolled.cookie;
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
