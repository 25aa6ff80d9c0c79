// `consulta actualizar`: installs another version without taking the site down, and goes back
// to the previous version (and, if the new one changed the database, to the data of the backup
// taken just before) when the new one does not come up healthy. docs/operations.md, «Actualizar».
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { DUMP, main as backupNow, pipeline, restoreInto, writeState } from "./backups.js";
import { readEnvFile } from "./env-file.js";
import { NAME } from "./paths.js";
import {
  appliedMigrations,
  commitOf,
  currentRelease,
  prepareRelease,
  pruneReleases,
  switchTo,
  waitHealthy,
} from "./releases.js";
import { OpsError, run } from "./run.js";
import { systemdServices } from "./services.js";

export const options = {
  raiz: { type: "string" },
  version: { type: "string" },
  origen: { type: "string" },
};

/** Statements on the server's `postgres` database, as the site's role. */
async function onServer(databaseUrl, statements) {
  const url = new URL(databaseUrl);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Puts the database back as it was in an encrypted backup (all instances stopped): the copy is
 * restored beside it first, and only a complete restore replaces the database in use.
 */
export async function restoreDatabase(l, databaseUrl, backupFile) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const beside = `${name}_restaurada`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "restaurar-"));
  try {
    await pipeline([
      ["age", ["-d", "-i", l.backupKey, backupFile]],
      ["tar", ["-x", "--no-same-owner", "-f", "-", "-C", dir]],
    ]);
    if (!fs.existsSync(path.join(dir, DUMP)))
      throw new OpsError(`La copia ${path.basename(backupFile)} no contiene la base de datos.`);
    await restoreInto(databaseUrl, beside, path.join(dir, DUMP));
    await onServer(databaseUrl, [
      `DROP DATABASE "${name}" WITH (FORCE)`,
      `ALTER DATABASE "${beside}" RENAME TO "${name}"`,
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * @param {ReturnType<typeof import("./paths.js").layout>} l
 * @param {{ ref?: string, source?: string }} wanted
 */
export async function update(
  l,
  wanted,
  { services = systemdServices(), log = console.log, healthMs = 90_000 } = {},
) {
  if (!fs.existsSync(l.answersFile)) {
    throw new OpsError(
      "No hay ninguna instalación guiada en este servidor: usa «consulta instalar».",
    );
  }
  const answers = JSON.parse(fs.readFileSync(l.answersFile, "utf8"));
  const env = readEnvFile(l.envFile);
  const source = wanted.source ?? answers.source;
  if (!wanted.ref) {
    // The repository she installed from: bring it up to date (a fast-forward only).
    const pulled = await run("git", ["-C", source, "pull", "--ff-only", "-q"], { allowFail: true });
    if (pulled.code !== 0)
      log(`No se pudo traer la versión nueva (git pull): ${pulled.stderr.trim()}`);
  }
  const commit = await commitOf(source, wanted.ref ?? "HEAD");
  const previous = currentRelease(l);
  if (previous === commit.slice(0, 12)) {
    log(`Ya estás en esta versión (${previous}).`);
    return { ok: true, changed: false };
  }
  if (!previous) throw new OpsError("No hay ninguna versión instalada: usa «consulta instalar».");
  const before = path.join(l.releasesDir, previous);
  const release = await prepareRelease(l, { source, commit, log });

  log("Copia de seguridad antes de actualizar…");
  // The copy this very run made, as backups.js hands it over: never read back from estado/, a
  // folder the site's user writes. backups.js already gives the copy and its state to that user
  // (by descriptor, never through a link).
  const made = /** @type {{ file?: string }} */ ({});
  if ((await backupNow({}, l, made)) !== 0 || !made.file)
    throw new OpsError("No se ha podido hacer la copia de seguridad: no se actualiza.");
  const backup = made.file;
  const migrationsBefore = await appliedMigrations(env.DATABASE_URL);

  const units = answers.ports.map((port) => ({ port, unit: `${NAME}@${port}.service` }));
  switchTo(l, release);
  const restarted = [];
  let failure = null;
  // One instance at a time: Caddy sends visitors to the others meanwhile.
  for (const { port, unit } of units) {
    restarted.push(unit);
    await services.restart(unit);
    if (!(await waitHealthy(port, healthMs))) {
      failure = `la instancia del puerto ${port} no respondía tras arrancar`;
      break;
    }
  }
  const state = { at: new Date().toISOString(), from: previous, to: commit.slice(0, 12) };
  if (!failure) {
    pruneReleases(l);
    writeState(l, "actualizacion.json", { ...state, ok: true });
    log(`Actualizada a la versión ${commit.slice(0, 12)}.`);
    return { ok: true, changed: true };
  }

  log(`La versión nueva no arranca (${failure}): volviendo a la anterior…`);
  const tail = (await services.logs(restarted.at(-1))).trim().split("\n").slice(-5).join("\n");
  switchTo(l, before);
  const migrated = (await appliedMigrations(env.DATABASE_URL)) !== migrationsBefore;
  if (migrated) {
    // The new version changed the database: all instances stop, the data goes back to the copy.
    for (const { unit } of units) await services.stop(unit);
    await restoreDatabase(l, env.DATABASE_URL, backup);
    for (const { unit } of units) await services.start(unit);
  } else {
    for (const unit of restarted) await services.restart(unit);
  }
  const healthy = await Promise.all(units.map(({ port }) => waitHealthy(port, 90_000)));
  writeState(l, "actualizacion.json", {
    ...state,
    ok: false,
    rolledBack: true,
    restoredData: migrated,
    reason: failure,
  });
  const data = migrated
    ? `La base de datos se ha devuelto a la copia hecha justo antes (${path.basename(backup)}).`
    : "La base de datos no había cambiado: tus datos siguen como estaban.";
  const now = healthy.every(Boolean)
    ? `La web vuelve a funcionar con la versión ${previous}.`
    : "ATENCIÓN: la versión anterior tampoco responde; ejecuta «consulta doctor».";
  log(`${now} ${data}\nÚltimas líneas del registro de la versión nueva:\n${tail}`);
  return { ok: false, changed: false, restoredData: migrated, healthy: healthy.every(Boolean) };
}

export async function main(values, l) {
  const result = await update(
    l,
    { ref: values.version, source: values.origen },
    { log: (line) => console.log(`· ${line}`) },
  );
  return result.ok ? 0 : 1;
}
