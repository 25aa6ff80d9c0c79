// npm run user:create -- --email <e> --password <p> --name "<n>" --role administrator|editor|contributor
// Creates a confirmed staff account, or changes the password, name and role of an existing one.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { BUILD, ensureBuild } from "./ensure-build.js";

// Files written into DATA_DIR (database, backups) are for this user only.
process.umask(0o077);

function fail(message) {
  console.error(`Error: ${message}`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
    },
  }).values;
} catch (error) {
  fail(error.message);
}
if (!args.email || !args.password || !args.role) {
  fail(
    'faltan datos. Uso: npm run user:create -- --email <email> --password <contraseña> --name "<nombre>" --role administrator|editor|contributor',
  );
}

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
  const result = await mod.createUserFromCli(args);
  if (!result.ok) fail(result.error);
  console.log(
    result.created
      ? `Cuenta creada: ${args.email} (${args.role}).`
      : `Cuenta actualizada: ${args.email} (${args.role}); sus sesiones se han cerrado.`,
  );
} finally {
  await mod.stop();
}
