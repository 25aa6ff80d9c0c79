// echo "una frase larga" | npm run user:create -- --email <e> --name "<n>" --role administrator|editor|contributor
// (or without the pipe: the password is asked for, without echo). Never on the command line, where
// it would stay in the shell history and be visible to other users in the process list.
// Creates a confirmed, approved staff account, or changes the password, name and role of an existing one.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { readHidden } from "../ops/prompt.js";
import { BUILD, ensureBuild } from "./ensure-build.js";

// Files written into DATA_DIR (database, backups) are for this user only.
process.umask(0o077);

function fail(message) {
  console.error(`Error: ${message}`);
  process.exit(1);
}

const USAGE =
  'Uso: echo "<contraseña>" | npm run user:create -- --email <email> --name "<nombre>" --role administrator|editor|contributor (sin la tubería, el comando pide la contraseña)';

if (process.argv.slice(2).some((a) => a === "--password" || a.startsWith("--password="))) {
  fail(
    `la contraseña no se acepta en la línea de órdenes (quedaría en el historial y a la vista de otros usuarios). Pásala por la entrada estándar o escríbela cuando se pida. ${USAGE}`,
  );
}

let args;
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
    },
  }).values;
} catch (error) {
  fail(error.message);
}
if (!args.email || !args.role) fail(`faltan datos. ${USAGE}`);

/** The password from standard input: typed without echo on a terminal, or piped in. */
async function readPassword() {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = "";
    for await (const chunk of stdin) text += chunk;
    return text.replace(/\r?\n$/, "");
  }
  return readHidden("Contraseña (no se muestra): ");
}

const password = await readPassword();
if (!password) fail(`falta la contraseña. ${USAGE}`);

ensureBuild();
process.env.NODE_ENV ??= "production";
process.env.LOG_LEVEL ??= "warn";
const mod = await import(pathToFileURL(path.resolve(BUILD)).href);
const env = mod.getEnv();
if (!env.DATABASE_URL) {
  const pidFile = path.join(env.DATA_DIR, "server.pid");
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, "utf8")) : 0;
  let running = false;
  try {
    running = pid > 0 && process.kill(pid, 0);
  } catch {
    running = false;
  }
  if (running) {
    fail(
      `el servidor (proceso ${pid}) está usando la base de datos integrada de ${env.DATA_DIR}. Detén el servidor, ejecuta este comando y vuelve a arrancarlo (o usa DATABASE_URL con PostgreSQL).`,
    );
  }
}

try {
  const result = await mod.createUserFromCli({ ...args, password });
  if (!result.ok) fail(result.error);
  console.log(
    result.created
      ? `Cuenta creada: ${args.email} (${args.role}).`
      : `Cuenta actualizada: ${args.email} (${args.role}); sus sesiones se han cerrado.`,
  );
} finally {
  await mod.stop();
}
