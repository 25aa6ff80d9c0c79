// `consulta copia`: an encrypted backup of everything the site keeps (the database, the images
// on disk, the generated secrets) in one file, `consulta-<UTC stamp>.tar.age` in BACKUP_DIR, and
// optionally a copy in an S3-compatible bucket. Old copies are thinned out (toKeep). The systemd
// timer runs it every night; `consulta actualizar` runs it before an update. docs/operations.md,
// «Copias cifradas».
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { readEnvFile } from "./env-file.js";
import { NAME } from "./paths.js";
import { OpsError, run } from "./run.js";

export const options = {
  raiz: { type: "string" },
};

/** The database dump's name inside the archive (`consulta actualizar` looks for any `*.dump`). */
export const DUMP = "base-de-datos.dump";
const PREFIX = `${NAME}-`;
const SUFFIX = ".tar.age";
/** Where the copies go in the bucket. */
export const S3_PREFIX = "copias/";
/** Temporary folders in BACKUP_DIR (an unencrypted dump while it is being archived). */
const WORK = ".en-curso-";

/** `consulta-2026-11-28T03-30-00Z.tar.age` for an instant. */
export function backupName(date) {
  return `${PREFIX}${date.toISOString().slice(0, 19).replaceAll(":", "-")}Z${SUFFIX}`;
}

/** The instant in a backup's name, or null when the name is not one of ours. */
export function stampOf(name) {
  const match = /^consulta-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.age$/.exec(name);
  if (!match) return null;
  const time = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(time) ? null : new Date(time);
}

const DAY = 86_400_000;
const dayKey = (d) => d.toISOString().slice(0, 10);
const monthKey = (d) => d.toISOString().slice(0, 7);
/** ISO 8601 week, e.g. "2026-W48" (weeks start on Monday; week 1 holds the first Thursday). */
function weekKey(d) {
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  thursday.setUTCDate(thursday.getUTCDate() + 3 - ((thursday.getUTCDay() + 6) % 7));
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY)) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/**
 * Retention (grandfather-father-son, UTC): the newest backup of each of the last 7 days, of each
 * of the last 4 ISO weeks and of each of the last 12 months (the current ones included). Returns
 * the names to keep; everything else among our backups may be deleted. Names that are not ours
 * and backups dated after `now` (a clock that went back) are kept.
 * @param {string[]} names
 * @param {Date} now
 */
export function toKeep(names, now = new Date()) {
  const periods = [
    { key: dayKey, wanted: new Set() },
    { key: weekKey, wanted: new Set() },
    { key: monthKey, wanted: new Set() },
  ];
  for (let i = 0; i < 7; i++) periods[0].wanted.add(dayKey(new Date(now.getTime() - i * DAY)));
  for (let i = 0; i < 4; i++) periods[1].wanted.add(weekKey(new Date(now.getTime() - i * 7 * DAY)));
  for (let i = 0; i < 12; i++) {
    periods[2].wanted.add(
      monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))),
    );
  }
  const keep = new Set();
  const dated = [];
  for (const name of names) {
    const at = stampOf(name);
    if (!at || at > now) keep.add(name);
    else dated.push({ name, at });
  }
  dated.sort((a, b) => b.at.getTime() - a.at.getTime());
  for (const { key, wanted } of periods) {
    const seen = new Set();
    for (const { name, at } of dated) {
      const k = key(at);
      if (wanted.has(k) && !seen.has(k)) {
        seen.add(k);
        keep.add(name);
      }
    }
  }
  return names.filter((name) => keep.has(name));
}

/**
 * `a | b | …` without a shell; every command must succeed (the first that fails is named). The
 * last command's output goes to the file descriptor `output`, or is returned as text.
 * @param {[string, string[]][]} commands
 * @param {{ output?: number, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<string>}
 */
export function pipeline(commands, { output, env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const last = commands.length - 1;
    let stdout = "";
    let pending = commands.length;
    const state = commands.map(([command]) => ({ command, code: 0, stderr: "", done: false }));
    const children = commands.map(([command, args], i) =>
      spawn(command, args, {
        env,
        stdio: [
          i === 0 ? "ignore" : "pipe",
          i === last && output !== undefined ? output : "pipe",
          "pipe",
        ],
      }),
    );
    const finish = (i, code, error) => {
      if (state[i].done) return;
      Object.assign(state[i], { done: true, code, error });
      // Nothing reads the previous command's output any more: let it run out.
      if (i > 0) children[i - 1].stdout.resume();
      if (code !== 0) {
        for (const [j, other] of children.entries()) {
          if (!state[j].done) {
            state[j].killed = true;
            other.kill();
          }
        }
      }
      if (--pending > 0) return;
      const failed = state.find((s) => s.code !== 0 && !s.killed);
      if (!failed) return resolve(stdout);
      if (failed.error)
        return reject(new OpsError(`No se pudo ejecutar ${failed.command}: ${failed.error}`));
      const detail = failed.stderr.trim().split("\n").slice(-3).join(" / ");
      reject(
        new OpsError(
          `${failed.command} terminó con el código ${failed.code}${detail ? `: ${detail}` : ""}`,
        ),
      );
    };
    children.forEach((child, i) => {
      child.stderr.setEncoding("utf8").on("data", (d) => (state[i].stderr += d));
      if (i > 0) {
        child.stdin.on("error", () => {}); // it stopped reading: its own exit code says why
        children[i - 1].stdout.pipe(child.stdin);
      }
      if (i === last && output === undefined)
        child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
      child.on("error", (error) => finish(i, 1, error.message));
      child.on("close", (code) => finish(i, code ?? 1));
    });
  });
}

/** A database URL without its password, and an environment that passes it (not on `ps`). */
export function libpq(databaseUrl, database) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  if (database) url.pathname = `/${database}`;
  return {
    url: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

/**
 * A fresh database `database` next to the one DATABASE_URL names (dropped first if it exists)
 * with a custom-format dump restored into it; stops at the first error.
 */
export async function restoreInto(databaseUrl, database, dumpFile) {
  const server = new URL(databaseUrl);
  server.pathname = "/postgres";
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  const target = libpq(databaseUrl, database);
  await run(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--exit-on-error", `--dbname=${target.url}`, dumpFile],
    { env: target.env },
  );
}

/** Where the data and the copies are: the installation's env file, else the layout's defaults. */
export function settingsOf(l) {
  const env = readEnvFile(l.envFile);
  return {
    env,
    dataDir: env.DATA_DIR || l.dataDir,
    backupDir: env.BACKUP_DIR || l.backupDir,
  };
}

/** Our backups in a folder, oldest first. */
export function backupsIn(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => stampOf(name))
    .sort();
}

/** Run as root (`consulta actualizar`), what it writes goes to the owner of the folder (the site's user). */
function folderOwner(dir) {
  if (process.getuid?.() !== 0) return undefined;
  const { uid, gid } = fs.statSync(dir);
  return { uid, gid };
}

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_DIRECTORY } = fs.constants;

/**
 * Writes `<stateDir>/<name>` whole (a reader never sees half a file). Root writes here too, in a
 * folder the site's user owns: the folder is opened once without following a link put in its
 * place, the file is always a new one (never through a link left there) and is given to the
 * folder's owner by its descriptor, so no link can make root write or chown another file.
 */
export function writeState(l, name, state) {
  fs.mkdirSync(l.stateDir, { recursive: true, mode: 0o700 });
  const dirFd = fs.openSync(l.stateDir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  try {
    // On Linux a path through /proc/self/fd/<n> stays inside the folder opened (like openat).
    const dir = process.platform === "linux" ? `/proc/self/fd/${dirFd}` : l.stateDir;
    const temporary = path.join(dir, `${name}.${process.pid}.tmp`);
    fs.rmSync(temporary, { force: true });
    const fd = fs.openSync(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
    try {
      fs.writeFileSync(fd, `${JSON.stringify(state, null, 2)}\n`);
      if (process.getuid?.() === 0) {
        const { uid, gid } = fs.fstatSync(dirFd);
        fs.fchownSync(fd, uid, gid);
      }
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, path.join(dir, name));
  } finally {
    fs.closeSync(dirFd);
  }
}

/**
 * The server's age identity and the recipients of every backup: her key (its private half is
 * returned once, to be printed, and never stored) and the server's (for the restore drill).
 * Does nothing when the server's key exists.
 * @returns {Promise<{ herSecretKey: string | null }>}
 */
export async function ensureBackupKeys(l) {
  if (fs.existsSync(l.backupKey)) return { herSecretKey: null };
  fs.mkdirSync(path.dirname(l.backupKey), { recursive: true, mode: 0o700 });
  const her = (await run("age-keygen", [])).stdout;
  const herSecretKey = her.split("\n").find((line) => line.startsWith("AGE-SECRET-KEY-"));
  if (!herSecretKey) throw new OpsError("age-keygen no ha dado una clave.");
  const herPublic = (await run("age-keygen", ["-y"], { input: `${herSecretKey}\n` })).stdout.trim();
  // The server's key is put in place last: once it exists, the recipients are written.
  const temporary = `${l.backupKey}.${process.pid}.tmp`;
  fs.rmSync(temporary, { force: true });
  try {
    await run("age-keygen", ["-o", temporary]);
    fs.chmodSync(temporary, 0o600);
    const serverPublic = (await run("age-keygen", ["-y", temporary])).stdout.trim();
    fs.writeFileSync(l.backupRecipients, `${herPublic}\n${serverPublic}\n`, { mode: 0o644 });
    fs.renameSync(temporary, l.backupKey);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return { herSecretKey };
}

/** Removes the temporary folders of runs that were killed (their process is gone). */
function sweepLeftovers(backupDir) {
  for (const name of fs.readdirSync(backupDir)) {
    const pid = Number(/^\.en-curso-(\d+)-/.exec(name)?.[1]);
    if (!pid) continue;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if (error.code !== "ESRCH") continue;
      try {
        fs.rmSync(path.join(backupDir, name), { recursive: true });
      } catch (failure) {
        // Not ours to remove: it must not stop tonight's copy. `doctor` shows the disk it takes.
        console.warn(`No se ha podido borrar la carpeta temporal ${name}: ${failure.message}`);
      }
    }
  }
}

/** The bucket of the off-site copies, or null when BACKUP_S3_* are not set. */
async function bucketOf(env) {
  const required = [
    "BACKUP_S3_ENDPOINT",
    "BACKUP_S3_BUCKET",
    "BACKUP_S3_ACCESS_KEY_ID",
    "BACKUP_S3_SECRET_ACCESS_KEY",
  ];
  const given = required.filter((key) => env[key]);
  if (given.length === 0) return null;
  if (given.length < required.length) {
    throw new OpsError(
      `Para la copia externa hacen falta ${required.join(", ")}; faltan ${required.filter((k) => !env[k]).join(", ")}.`,
    );
  }
  const s3 = await import("@aws-sdk/client-s3");
  const client = new s3.S3Client({
    endpoint: env.BACKUP_S3_ENDPOINT,
    region: env.BACKUP_S3_REGION || "us-east-1",
    forcePathStyle: true,
    credentials: {
      accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
      secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
    },
  });
  return { s3, client, name: env.BACKUP_S3_BUCKET };
}

/** Uploads the copy, then applies the retention to the bucket's copies; returns how many went. */
async function offsite(bucket, file, now) {
  const { s3, client, name: Bucket } = bucket;
  const size = fs.statSync(file).size;
  await client.send(
    new s3.PutObjectCommand({
      Bucket,
      Key: `${S3_PREFIX}${path.basename(file)}`,
      // In memory, the upload is retried after a network error; a stream (very large copies) is not.
      Body: size <= 256_000_000 ? fs.readFileSync(file) : fs.createReadStream(file),
      ContentLength: size,
    }),
  );
  const names = [];
  let ContinuationToken;
  do {
    const page = await client.send(
      new s3.ListObjectsV2Command({ Bucket, Prefix: S3_PREFIX, ContinuationToken }),
    );
    for (const object of page.Contents ?? []) names.push(object.Key.slice(S3_PREFIX.length));
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  const kept = new Set(toKeep(names, now));
  const old = names.filter((n) => stampOf(n) && !kept.has(n));
  for (const n of old)
    await client.send(new s3.DeleteObjectCommand({ Bucket, Key: `${S3_PREFIX}${n}` }));
  return old.length;
}

/** The member of a backup that holds the clinical data's master key (docs/decisions/021). */
export const CLINICAL_KEY_MEMBER = "clave-clinica";

/**
 * The clinical data's master key as the site finds it (CLINICAL_KEY, CLINICAL_KEY_FILE, or the
 * file beside DATA_DIR: app/platform/sealed.server.ts), or null when there is none yet.
 */
export function clinicalKeyOf(env, dataDir) {
  if (env.CLINICAL_KEY) return env.CLINICAL_KEY.trim();
  const resolved = path.resolve(dataDir);
  const file =
    env.CLINICAL_KEY_FILE ||
    path.join(path.dirname(resolved), `${path.basename(resolved)}.clave-clinica`);
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : null;
}

/** Dump + images + secrets + the clinical key → tar → age; the final file appears only once complete. */
async function makeBackup({ env, dataDir, backupDir }, l, now) {
  if (!env.DATABASE_URL) throw new OpsError(`Falta DATABASE_URL en ${l.envFile}.`);
  if (!fs.existsSync(l.backupRecipients))
    throw new OpsError(`Faltan las claves de las copias (${l.backupRecipients}).`);
  fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  sweepLeftovers(backupDir);
  const file = path.join(backupDir, backupName(now));
  // Everything in progress (the unencrypted dump, the unfinished copy) stays in this folder.
  const work = fs.mkdtempSync(path.join(backupDir, `${WORK}${process.pid}-`));
  // Run as root (`consulta actualizar`), the folder is the site's user's all the same, so that if
  // this run is killed the next nightly run can sweep it (lchown: never through a link).
  const owner = folderOwner(backupDir);
  if (owner) fs.lchownSync(work, owner.uid, owner.gid);
  try {
    const db = libpq(env.DATABASE_URL);
    await writeFrom(
      path.join(work, DUMP),
      [["pg_dump", ["--format=custom", "--no-owner", db.url]]],
      db.env,
    );
    const extras = ["media", "secrets.json"].filter((n) => fs.existsSync(path.join(dataDir, n)));
    // Without its key, a restored copy's consents and intake answers could never be read again.
    const clinicalKey = clinicalKeyOf(env, dataDir);
    const own = [DUMP];
    if (clinicalKey) {
      fs.writeFileSync(path.join(work, CLINICAL_KEY_MEMBER), `${clinicalKey}\n`, { mode: 0o600 });
      own.push(CLINICAL_KEY_MEMBER);
    }
    const tar = ["-c", "-f", "-", "-C", work, ...own];
    if (extras.length > 0) tar.push("-C", dataDir, ...extras);
    const encrypted = path.join(work, path.basename(file));
    await writeFrom(
      encrypted,
      [
        ["tar", tar],
        ["age", ["-R", l.backupRecipients]],
      ],
      process.env,
      folderOwner(backupDir),
    );
    fs.renameSync(encrypted, file);
    return file;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** A new file (mode 600) with the output of a pipeline; `owner`: chowned by its descriptor. */
async function writeFrom(file, commands, env, owner) {
  const fd = fs.openSync(file, "wx", 0o600);
  try {
    await pipeline(commands, { output: fd, env });
    if (owner) fs.fchownSync(fd, owner.uid, owner.gid);
  } finally {
    fs.closeSync(fd);
  }
}

/** Deletes the local copies the retention does not keep; returns how many. */
function pruneLocal(backupDir, now) {
  const names = backupsIn(backupDir);
  const kept = new Set(toKeep(names, now));
  const old = names.filter((n) => !kept.has(n));
  for (const n of old) fs.rmSync(path.join(backupDir, n), { force: true });
  return old.length;
}

export function formatSize(bytes) {
  const units = ["bytes", "kB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 }).format(value)} ${units[unit]}`;
}

/** An error as one Spanish sentence (the system's own words for the usual ones). */
export function explain(error) {
  if (error instanceof OpsError) return error.message;
  const known = {
    ENOSPC: "No queda espacio en el disco",
    EACCES: "Sin permiso",
    EPERM: "Sin permiso",
    ENOENT: "No existe",
  }[error.code];
  return known ? `${known}: ${error.path ?? error.message}.` : String(error.message ?? error);
}

const removed = (n) =>
  n === 1 ? "se ha borrado 1 copia antigua" : `se han borrado ${n} copias antiguas`;

/**
 * @param {{}} _values
 * @param {ReturnType<typeof import("./paths.js").layout>} l
 * @param {{ file?: string }} [made]  gets the copy's path (`consulta actualizar`)
 */
export async function main(_values, l, made = {}) {
  const now = new Date();
  const where = settingsOf(l);
  let file = null;
  try {
    file = await makeBackup(where, l, now);
    const size = fs.statSync(file).size;
    const deleted = pruneLocal(where.backupDir, now);
    const state = { at: now.toISOString(), file, size, ok: true };
    const lines = [`Copia cifrada guardada: ${file} (${formatSize(size)}).`];
    const kept = backupsIn(where.backupDir).length;
    lines.push(
      `En el servidor hay ${kept} ${kept === 1 ? "copia" : "copias"}${deleted > 0 ? `; ${removed(deleted)}` : ""} (se guarda la última de cada uno de los 7 últimos días, de las 4 últimas semanas y de los 12 últimos meses).`,
    );
    try {
      const bucket = await bucketOf(where.env);
      if (bucket) {
        const deletedOffsite = await offsite(bucket, file, now);
        state.offsite = `${bucket.name}/${S3_PREFIX}${path.basename(file)}`;
        lines.push(
          `Copia externa: ${state.offsite}${deletedOffsite > 0 ? `; ${removed(deletedOffsite)} del almacenamiento externo` : ""}.`,
        );
      }
    } catch (error) {
      throw new OpsError(
        `La copia está guardada en el servidor (${file}), pero no se ha podido subir al almacenamiento externo. ${explain(error)}`,
      );
    }
    writeState(l, "copia.json", state);
    made.file = file;
    console.log(lines.join("\n"));
    return 0;
  } catch (error) {
    const message = file
      ? explain(error)
      : `No se ha podido hacer la copia de seguridad. ${explain(error)}`;
    writeState(l, "copia.json", {
      at: now.toISOString(),
      ok: false,
      error: message,
      ...(file ? { file, size: fs.statSync(file).size } : {}),
    });
    console.error(message);
    return 1;
  }
}
