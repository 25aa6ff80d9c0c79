// One E2E server: the built app on a data directory and a PostgreSQL database of its own.
// Each Playwright worker starts one (the `e2eServer` fixture in tests/e2e/fixtures.ts), so the
// files a worker runs never share a database with another worker's.
//
//   E2E_PORT       the port to serve on (required)
//   E2E_INFO_FILE  where to write, once the accounts exist, what the fixtures need (JSON below)
//   HYDRATION      passed on to the app (docs/decisions/014)
//   TEST_DATABASE_URL  the PostgreSQL server to create the database on (default: the local one)
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { base32 } from "@better-auth/utils/base32";
import { symmetricEncrypt } from "better-auth/crypto";
import pg from "pg";
import { createPgDatabaseAt } from "./http.js";

const port = process.env.E2E_PORT;
const infoFile = process.env.E2E_INFO_FILE;
if (!port || !infoFile) {
  console.error("e2e-server: faltan E2E_PORT o E2E_INFO_FILE");
  process.exit(2);
}
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "psico-e2e-"));
let database;
try {
  database = await createPgDatabaseAt(adminUrl, `e2e_${port}_${randomBytes(4).toString("hex")}`);
} catch (error) {
  console.error(
    `Las pruebas E2E necesitan PostgreSQL (${new URL(adminUrl).host}): ${error.message}. Define TEST_DATABASE_URL con la dirección de un servidor donde se puedan crear bases de datos.`,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}
const authSecret = randomBytes(32).toString("hex");

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  AUTH_SECRET: authSecret,
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: "warn",
  // The suite sends more messages in a quarter of an hour than the 5 a visitor may (the limit
  // itself is tested in tests/server and tests/integration).
  CONTACT_RATE_LIMIT: "50",
  // Likewise the reviews' 3 an hour: one worker runs several specs that send reviews.
  REVIEW_RATE_LIMIT: "50",
};

async function cleanUp() {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await database.drop().catch(() => undefined);
}

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
    await cleanUp();
    process.exit(1);
  }
}

/**
 * The first administrator's second factor, stored as better-auth's twoFactor plugin stores an
 * enrolled one (the secret and recovery codes encrypted with AUTH_SECRET): the specs sign her in
 * with `signInAsAdmin` (a session row) or through the form with codes of this secret. Enrolment
 * itself is tested through Mi cuenta (accounts.spec.ts, two-factor.spec.ts).
 */
async function enrolSecondFactor(email) {
  const raw = randomBytes(24).toString("base64url").slice(0, 32);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT id FROM "user" WHERE email = $1', [email]);
    const codes = Array.from({ length: 10 }, () => randomBytes(5).toString("hex"));
    await client.query(
      "INSERT INTO two_factor (id, secret, backup_codes, user_id, verified) VALUES ($1, $2, $3, $4, true)",
      [
        randomBytes(16).toString("hex"),
        await symmetricEncrypt({ key: authSecret, data: raw }),
        await symmetricEncrypt({ key: authSecret, data: JSON.stringify(codes) }),
        rows[0].id,
      ],
    );
    await client.query('UPDATE "user" SET two_factor_enabled = true WHERE id = $1', [rows[0].id]);
  } finally {
    await client.end();
  }
  // As an authenticator app reads it from the QR code.
  return base32.encode(new TextEncoder().encode(raw), { padding: false });
}

const adminSecret = await enrolSecondFactor(ADMINISTRATORS[0][0]);
fs.writeFileSync(path.join(dataDir, `e2e-totp-${ADMINISTRATORS[0][0]}.txt`), adminSecret);
fs.writeFileSync(
  infoFile,
  JSON.stringify({
    url: `http://localhost:${port}`,
    dataDir,
    databaseUrl: database.url,
    authSecret,
  }),
  // It holds the server's AUTH_SECRET: for this user only (the fixture deletes it once read).
  { mode: 0o600 },
);

const child = spawn(process.execPath, ["server/main.js"], { stdio: "inherit", env });
const stop = (signal) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", async (code) => {
  await cleanUp();
  process.exit(code ?? 0);
});
