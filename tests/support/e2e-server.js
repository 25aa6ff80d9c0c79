// The server the E2E suite drives: the built app on a fresh data directory.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const port = process.env.E2E_PORT ?? "3210";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "psico-e2e-"));
// Named after the port: tests/e2e/data-dir.ts reads it back.
fs.writeFileSync(path.join(os.tmpdir(), `psico-e2e-current-${port}`), dataDir);

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: "warn",
  // The suite sends more messages in a quarter of an hour than the 5 a visitor may (the limit
  // itself is tested in tests/server and tests/integration).
  CONTACT_RATE_LIMIT: "50",
};

// The administrators come from the command line, as on a real install (E2E_ADMIN and
// E2E_NEW_ADMIN in tests/e2e/fixtures.ts); nobody becomes administrator by reaching /auth first.
// The second one is signed in by a single test, which needs an account that never signed in.
const ADMINISTRATORS = [
  ["ana.e2e@example.com", "Ana Ruiz", "un paseo largo por el parque"],
  ["eva.e2e@example.com", "Eva Prieto", "su primera tarde en la consulta"],
];
for (const [email, name, password] of ADMINISTRATORS) {
  const created = spawnSync(
    process.execPath,
    ["scripts/user-create.js", "--email", email, "--name", name, "--role", "administrator"],
    { env, input: `${password}\n`, encoding: "utf8" },
  );
  if (created.status !== 0) {
    console.error(created.stderr);
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  }
}

const child = spawn(process.execPath, ["server/main.js"], { stdio: "inherit", env });
const stop = (signal) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
