// `consulta instalar` (first run: `sudo ./ops/instalar`): sets up the site on a Debian 12 or
// Ubuntu 24.04 server with the distribution's PostgreSQL and Caddy. Each step is a function
// that looks before it acts, so a second run changes only what differs (docs/operations.md,
// «Instalación guiada»).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { ensureBackupKeys, libpq } from "./backups.js";
import { readEnvFile, serializeEnv } from "./env-file.js";
import { NAME } from "./paths.js";
import { ask } from "./prompt.js";
import {
  commitOf,
  currentRelease,
  prepareRelease,
  pruneReleases,
  switchTo,
  waitHealthy,
} from "./releases.js";
import { OpsError, has, run } from "./run.js";
import { systemdServices } from "./services.js";
import { caddyfile, journaldDropIn, units } from "./units.js";

export const options = {
  raiz: { type: "string" },
  dominio: { type: "string" },
  email: { type: "string" },
  "smtp-servidor": { type: "string" },
  "smtp-puerto": { type: "string" },
  "smtp-usuario": { type: "string" },
  "sin-correo": { type: "boolean" },
  remitente: { type: "string" },
  instancias: { type: "string" },
  origen: { type: "string" },
  version: { type: "string" },
  "si-a-todo": { type: "boolean" },
  // For a local name or a test: Caddy's own certificate authority and other ports.
  "ca-interna": { type: "boolean" },
  "puerto-web": { type: "string" },
  "puerto-http": { type: "string" },
  "puerto-https": { type: "string" },
  "caddy-admin": { type: "string" },
  // Another PostgreSQL than the local one (its administrator's URL), another database name.
  "postgres-admin": { type: "string" },
  base: { type: "string" },
};

const PACKAGES = ["postgresql", "caddy", "age", "git", "tar"];
const FIRST_PORT = 3001;
const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Writes a file only when its content differs; says whether it did. */
export function writeIfChanged(file, content, { mode = 0o644, uid = -1, gid = -1 } = {}) {
  const old = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (old !== content) {
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, content, { mode });
    if (uid >= 0) fs.chownSync(temporary, uid, gid);
    fs.renameSync(temporary, file);
  }
  fs.chmodSync(file, mode);
  if (uid >= 0) fs.chownSync(file, uid, gid);
  return old !== content;
}

async function missingPackages(names) {
  const missing = [];
  for (const name of names) {
    const { stdout } = await run("dpkg-query", ["-W", "-f=${Status}", name], { allowFail: true });
    if (!stdout.includes("install ok installed")) missing.push(name);
  }
  return missing;
}

/** apt-get install of what is missing (an `apt-get update` first when the lists are stale). */
export async function ensurePackages(log, names = PACKAGES) {
  const missing = await missingPackages(names);
  if (missing.length === 0) return log("Paquetes del sistema: ya instalados.");
  log(`Instalando ${missing.join(", ")} (paquetes de la distribución)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const first = await run("apt-get", ["install", "-y", "-q", ...missing], { env, allowFail: true });
  if (first.code !== 0) {
    await run("apt-get", ["update", "-q"], { env });
    await run("apt-get", ["install", "-y", "-q", ...missing], { env });
  }
}

/** The system user the site runs as (no login, no home of its own). */
export async function ensureUser(log) {
  if ((await run("id", ["-u", NAME], { allowFail: true })).code !== 0) {
    await run("useradd", [
      "--system",
      "--user-group",
      "--no-create-home",
      "--home-dir",
      "/nonexistent",
      "--shell",
      "/usr/sbin/nologin",
      NAME,
    ]);
    log(`Usuario del sistema «${NAME}» creado.`);
  }
  const uid = Number((await run("id", ["-u", NAME])).stdout.trim());
  const gid = Number((await run("id", ["-g", NAME])).stdout.trim());
  return { uid, gid };
}

function ensureDirectories(l, ids) {
  const dirs = [
    [l.etcDir, 0o750, 0, ids.gid],
    [l.dataDir, 0o700, ids.uid, ids.gid],
    [l.stateDir, 0o700, ids.uid, ids.gid],
    [l.backupDir, 0o700, ids.uid, ids.gid],
    [l.releasesDir, 0o755, 0, 0],
  ];
  const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW } = fs.constants;
  for (const [dir, mode, uid, gid] of dirs) {
    fs.mkdirSync(dir, { recursive: true });
    // By a descriptor of the folder itself: a link the site's user put in place of one of its
    // folders (estado/ is inside DATA_DIR) must not make root chmod and chown what it points to.
    let fd;
    try {
      fd = fs.openSync(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    } catch (error) {
      if (error.code !== "ELOOP" && error.code !== "ENOTDIR") throw error;
      throw new OpsError(`${dir} no es una carpeta (es un enlace): bórralo y vuelve a instalar.`);
    }
    try {
      fs.fchmodSync(fd, mode);
      fs.fchownSync(fd, uid, gid);
    } finally {
      fs.closeSync(fd);
    }
  }
}

/** The services' Node.js: a copy of the one running this (./ops/instalar brings the newest 24). */
async function ensureNode(l, log) {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 22)
    throw new OpsError(
      `Node.js ${process.versions.node} es demasiado antiguo: hace falta 22 o 24.`,
    );
  if (fs.existsSync(l.nodeBin)) {
    const installed = await run(l.nodeBin, ["-v"], { allowFail: true });
    if (installed.stdout.trim() === process.version) return false;
  }
  fs.mkdirSync(path.dirname(l.nodeBin), { recursive: true });
  fs.copyFileSync(process.execPath, `${l.nodeBin}.nuevo`);
  fs.chmodSync(`${l.nodeBin}.nuevo`, 0o755);
  fs.renameSync(`${l.nodeBin}.nuevo`, l.nodeBin);
  log(`Node.js ${process.versions.node} instalado para la web.`);
  return true;
}

/**
 * psql as PostgreSQL's administrator: over the local socket as `postgres`, or a given URL. The SQL
 * goes on its input and a password in the environment: neither shows in `ps` nor in an error.
 */
function psql(answers, sql) {
  const args = ["-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-f", "-"];
  if (!answers.postgresAdmin)
    return run("runuser", ["-u", "postgres", "--", "psql", ...args], { input: sql });
  const admin = libpq(answers.postgresAdmin);
  return run("psql", [admin.url, ...args], { input: sql, env: admin.env });
}

const identifier = (name) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new OpsError(`Nombre de base de datos no válido: ${name}`);
  return name;
};

/** The role (with the password of the environment file) and its database, created once. */
export async function ensureDatabase(answers, password, log) {
  const name = identifier(answers.database);
  const literal = `'${password.replaceAll("'", "''")}'`;
  // Two plain statements, not a `do $$ … $$` block: a `$$` in the password cannot end it.
  const role = await psql(answers, `select 1 from pg_roles where rolname = '${name}'`);
  const verb = role.stdout.trim() === "1" ? "alter" : "create";
  await psql(answers, `${verb} role ${name} login createdb password ${literal}`);
  const { stdout } = await psql(answers, `select 1 from pg_database where datname = '${name}'`);
  if (stdout.trim() !== "1") {
    await psql(answers, `create database ${name} owner ${name}`);
    log(`Base de datos «${name}» creada.`);
  }
  const host = answers.postgresAdmin ? new URL(answers.postgresAdmin) : null;
  const where = host ? `${host.hostname}:${host.port || 5432}` : "127.0.0.1:5432";
  return `postgres://${name}:${encodeURIComponent(password)}@${where}/${name}`;
}

function smtpUrl(a, password) {
  if (!a.smtpHost) return "";
  const port = Number(a.smtpPort || 465);
  const auth = a.smtpUser
    ? `${encodeURIComponent(a.smtpUser)}:${encodeURIComponent(password)}@`
    : "";
  return `${port === 465 ? "smtps" : "smtp"}://${auth}${a.smtpHost}:${port}`;
}

/**
 * The environment file: what the installer manages is (re)written; secrets already there are
 * kept (sessions and 2FA keep working), and lines someone added by hand stay.
 */
export function environment(l, a, old, databaseUrl, smtpPassword) {
  const smtp = a.noMail
    ? ""
    : smtpPassword !== null
      ? smtpUrl(a, smtpPassword)
      : (old.SMTP_URL ?? "");
  const managed = {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    TRUST_PROXY: "127.0.0.1",
    PUBLIC_URL: `https://${a.domain}${a.httpsPort ? `:${a.httpsPort}` : ""}`,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: old.AUTH_SECRET ?? randomBytes(48).toString("base64url"),
    // The clinical data's master key (docs/decisions/021): outside DATA_DIR, in this file only
    // the site's group reads, and carried by every encrypted backup (ops/backups.js).
    ...(old.CLINICAL_KEY_FILE
      ? {}
      : { CLINICAL_KEY: old.CLINICAL_KEY ?? randomBytes(32).toString("hex") }),
    DATA_DIR: l.dataDir,
    BACKUP_DIR: l.backupDir,
    MAIL_FROM: a.mailFrom,
    LOG_LEVEL: old.LOG_LEVEL ?? "info",
    ADMIN_EMAIL: a.email,
    CONSULTA_PUERTOS: a.ports.join(","),
    ...(a.httpPort ? { CADDY_HTTP_PORT: String(a.httpPort) } : {}),
    ...(a.httpsPort ? { CADDY_HTTPS_PORT: String(a.httpsPort) } : {}),
  };
  if (smtp) managed.SMTP_URL = smtp;
  const kept = Object.fromEntries(
    Object.entries(old).filter(([key]) => !(key in managed) && key !== "SMTP_URL"),
  );
  return { ...managed, ...kept };
}

/** What the installer was told, from the flags, the previous run and the questions. */
export async function answersFrom(values, l) {
  const previous = fs.existsSync(l.answersFile)
    ? JSON.parse(fs.readFileSync(l.answersFile, "utf8"))
    : {};
  const quiet = Boolean(values["si-a-todo"]);
  const domain =
    values.dominio ??
    (await ask("Dominio de la web (por ejemplo, www.tuconsulta.es)", previous.domain, quiet));
  const email =
    values.email ??
    (await ask("Tu email (avisos del certificado HTTPS y de la web)", previous.email, quiet));
  if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/i.test(domain ?? ""))
    throw new OpsError(`El dominio «${domain ?? ""}» no es válido.`);
  if (!/^[^\s@]+@[^\s@]+$/.test(email ?? ""))
    throw new OpsError(`El email «${email ?? ""}» no es válido.`);
  let noMail = Boolean(values["sin-correo"]);
  let smtpHost = values["smtp-servidor"] ?? previous.smtpHost;
  let smtpPort = values["smtp-puerto"] ?? previous.smtpPort;
  let smtpUser = values["smtp-usuario"] ?? previous.smtpUser;
  /** null: keep the password the environment file has. */
  let smtpPassword = process.env.SMTP_CLAVE ?? null;
  if (!noMail && !smtpHost && !quiet) {
    const now = await ask(
      "¿Configuras ahora el correo de salida (SMTP)? Sin él, los emails se guardan en el servidor (s/n)",
      "s",
      false,
    );
    if (/^n/i.test(now ?? "")) noMail = true;
    else {
      smtpHost = await ask("Servidor SMTP (por ejemplo, smtp.tuproveedor.es)", undefined, false);
      smtpPort = await ask("Puerto", "465", false);
      smtpUser = await ask("Usuario (normalmente tu email)", email, false);
      smtpPassword = await ask("Contraseña del correo (no se muestra)", undefined, false, {
        hidden: true,
      });
    }
  }
  if (!smtpHost) noMail = true;
  const instances = Math.min(4, Math.max(1, Number(values.instancias ?? previous.instances ?? 2)));
  const port = (name, key) => (values[name] ? Number(values[name]) : previous[key]);
  return {
    domain,
    email,
    noMail,
    smtpHost: noMail ? undefined : smtpHost,
    smtpPort: noMail ? undefined : smtpPort,
    smtpUser: noMail ? undefined : smtpUser,
    smtpPassword: noMail ? null : smtpPassword,
    mailFrom:
      values.remitente ??
      previous.mailFrom ??
      `Consulta de Psicología <${smtpUser && smtpUser.includes("@") ? smtpUser : email}>`,
    instances,
    ports: Array.from(
      { length: instances },
      (_, i) => (port("puerto-web", "firstPort") ?? FIRST_PORT) + i,
    ),
    firstPort: port("puerto-web", "firstPort"),
    source: path.resolve(values.origen ?? previous.source ?? REPOSITORY),
    ref: values.version ?? "HEAD",
    internalCa: values["ca-interna"] ?? previous.internalCa ?? false,
    httpPort: port("puerto-http", "httpPort"),
    httpsPort: port("puerto-https", "httpsPort"),
    caddyAdmin: values["caddy-admin"] ?? previous.caddyAdmin,
    postgresAdmin: values["postgres-admin"] ?? previous.postgresAdmin,
    database: values.base ?? previous.database ?? NAME,
  };
}

function saveAnswers(l, a) {
  const { smtpPassword: _secret, ref: _ref, ...kept } = a;
  writeIfChanged(l.answersFile, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
}

/** `consulta`: the orders for whoever administers the server (backups and drills as the site's user). */
function commandWrapper(l) {
  return `#!/bin/sh
# Escrito por «consulta instalar».
cd ${l.current} || exit 1
case "$1" in
  copia|simulacro) exec runuser -u ${NAME} -- ${l.nodeBin} ops/cli.js "$@" ;;
  *) exec ${l.nodeBin} ops/cli.js "$@" ;;
esac
`;
}

/** Each generated file checked by its own tool before it replaces the one in use. */
async function validateCaddyfile(text) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "caddyfile-"));
  try {
    fs.writeFileSync(path.join(dir, "Caddyfile"), text);
    const result = await run(
      "caddy",
      ["validate", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"],
      {
        allowFail: true,
        env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      },
    );
    if (result.code !== 0)
      throw new OpsError(
        `La configuración de Caddy no es válida: ${result.stderr.trim().split("\n").pop()}`,
      );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** systemd-analyze verify on the unit files (an instance of the template stands for it). */
export async function validateUnits(files) {
  if (!(await has("systemd-analyze"))) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "units-"));
  try {
    const paths = [];
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(dir, name.replace("@.service", `@${FIRST_PORT}.service`));
      fs.writeFileSync(file, text);
      paths.push(file);
    }
    const result = await run("systemd-analyze", ["verify", ...paths], { allowFail: true });
    // Without a running systemd, verify still parses every file; it only cannot look up others.
    const problems = `${result.stdout}${result.stderr}`
      .split("\n")
      .filter(
        (line) =>
          line.includes(dir) ||
          /Unknown (key|section)|Invalid|Failed to parse|not executable/i.test(line),
      );
    if (problems.length > 0)
      throw new OpsError(`Unidades de systemd no válidas:\n${problems.join("\n")}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The newest one-time link an instance printed (each start without accounts prints one), or null. */
export function setupLinkIn(output) {
  const links = [...output.matchAll(/(\S+\/auth\/configurar\?token=[\w-]+)/g)];
  return links.at(-1)?.[1] ?? null;
}

async function hasAccounts(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query('select count(*)::int as n from "user"')).rows[0].n > 0;
  } finally {
    await client.end();
  }
}

/**
 * The whole installation. `services` is systemd on a server; the tests pass their own.
 * @param {Awaited<ReturnType<typeof answersFrom>>} a
 * @param {ReturnType<typeof import("./paths.js").layout>} l
 */
export async function install(a, l, { services = systemdServices(), log = console.log } = {}) {
  if (process.getuid?.() !== 0) throw new OpsError("Ejecuta la instalación como root (sudo).");
  await ensurePackages(log);
  const ids = await ensureUser(log);
  ensureDirectories(l, ids);
  const nodeChanged = await ensureNode(l, log);

  const old = readEnvFile(l.envFile);
  const password = old.DATABASE_URL
    ? decodeURIComponent(new URL(old.DATABASE_URL).password)
    : randomBytes(24).toString("base64url");
  const databaseUrl = await ensureDatabase(a, password, log);
  const env = environment(l, a, old, databaseUrl, a.smtpPassword);
  const envChanged = writeIfChanged(
    l.envFile,
    serializeEnv(
      env,
      "# Escrito por «consulta instalar». Secretos: solo para el usuario de la web.\n",
    ),
    // Root's, readable by the site's group: the site reads it but cannot rewrite what root runs
    // with (`consulta actualizar`, `consulta instalar`).
    { mode: 0o640, uid: 0, gid: ids.gid },
  );
  const { herSecretKey } = await ensureBackupKeys(l);
  // The site's user reads the server's key (the drill) but can change neither it nor the
  // recipients every copy is encrypted for.
  fs.chownSync(l.backupKey, 0, ids.gid);
  fs.chmodSync(l.backupKey, 0o640);
  fs.chownSync(l.backupRecipients, 0, 0);
  fs.chmodSync(l.backupRecipients, 0o644);

  const commit = await commitOf(a.source, a.ref);
  let releaseChanged = false;
  if (currentRelease(l) !== commit.slice(0, 12)) {
    const dir = await prepareRelease(l, { source: a.source, commit, log });
    switchTo(l, dir);
    releaseChanged = true;
  }

  const unitFiles = units(l);
  await validateUnits(unitFiles);
  let unitsChanged = false;
  for (const [name, text] of Object.entries(unitFiles)) {
    unitsChanged = writeIfChanged(path.join(l.unitsDir, name), text) || unitsChanged;
  }
  writeIfChanged(l.journaldDropIn, journaldDropIn());
  writeIfChanged(l.command, commandWrapper(l), { mode: 0o755 });
  if (unitsChanged) await services.reloadUnits();

  const site = caddyfile({
    domain: a.domain,
    email: a.email,
    ports: a.ports,
    internalCa: a.internalCa,
    httpPort: a.httpPort,
    httpsPort: a.httpsPort,
    adminAddress: a.caddyAdmin,
  });
  await validateCaddyfile(site);
  if (writeIfChanged(l.caddyfile, site)) log("Caddy configurado (HTTPS automático).");
  await services.reloadCaddy();

  const restart = releaseChanged || envChanged || unitsChanged || nodeChanged;
  for (const port of a.ports) {
    const unit = `${NAME}@${port}.service`;
    await services.enable(unit);
    await (restart ? services.restart(unit) : services.start(unit));
    if (!(await waitHealthy(port))) {
      const tail = (await services.logs(unit)).trim().split("\n").slice(-5).join("\n");
      throw new OpsError(
        `La web no arranca en el puerto ${port}. Últimas líneas del registro:\n${tail}\nMás: journalctl -u ${unit}`,
      );
    }
  }
  for (const timer of [`${NAME}-copia.timer`, `${NAME}-simulacro.timer`]) {
    await services.enable(timer);
    await services.start(timer);
  }
  pruneReleases(l);
  saveAnswers(l, a);
  const setupLink = (await hasAccounts(databaseUrl))
    ? null
    : setupLinkIn(await services.logs(`${NAME}@${a.ports[0]}.service`));
  return { setupLink, herSecretKey, publicUrl: env.PUBLIC_URL };
}

export async function main(values, l) {
  const a = await answersFrom(values, l);
  const result = await install(a, l, { log: (line) => console.log(`· ${line}`) });
  console.log(`\nLa web está en marcha: ${result.publicUrl}`);
  if (result.setupLink) {
    console.log(
      "\nAbre este enlace para crear tu cuenta de administración (sirve una sola vez; no lo compartas):",
    );
    console.log(`  ${result.setupLink}`);
  } else {
    console.log(`La cuenta de administración ya existe: entra en ${result.publicUrl}/auth`);
  }
  if (result.herSecretKey) {
    console.log(
      "\nTu clave de las copias de seguridad. Se muestra solo esta vez: guárdala FUERA del servidor (en tu gestor de contraseñas o impresa en papel). Con ella se pueden abrir las copias aunque el servidor se pierda:",
    );
    console.log(`  ${result.herSecretKey}`);
  }
  console.log("\nPara comprobar el servidor en cualquier momento: consulta doctor");
  return 0;
}
