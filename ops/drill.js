// `consulta simulacro`: restores the latest encrypted backup (or --copia <file>) into a scratch
// database and checks it, to know the backups work before they are needed (RGPD art. 32.1.d:
// «verificar y evaluar regularmente la eficacia de las medidas»). The systemd timer runs it on
// the 1st of each month; the result feeds «Estado legal» (estado/simulacro.json).
// docs/operations.md, «Copias cifradas».
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  DUMP,
  backupsIn,
  explain,
  pipeline,
  CLINICAL_KEY_MEMBER,
  restoreInto,
  settingsOf,
  stampOf,
  writeState,
} from "./backups.js";
import { OpsError } from "./run.js";

export const options = {
  raiz: { type: "string" },
  copia: { type: "string" },
};

/** The scratch database: the site's own name with `_simulacro` (several sites may share a server). */
export function scratchName(databaseUrl) {
  return `${decodeURIComponent(new URL(databaseUrl).pathname.slice(1))}_simulacro`;
}
const MADRID = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  dateStyle: "long",
  timeStyle: "short",
});
const JOURNAL = new URL("../drizzle/meta/_journal.json", import.meta.url);

/** Tables counted in the report (app/db/schema.ts), and how the report names them. */
const COUNTED = [
  ["user", "cuenta", "cuentas"],
  ["articles", "artículo", "artículos"],
  ["contact_messages", "mensaje", "mensajes"],
  ["appointments", "cita", "citas"],
  ["reviews", "reseña", "reseñas"],
];

const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** DATABASE_URL with another database name. */
function on(databaseUrl, database) {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function sql(url, statements) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const results = [];
    for (const statement of statements) results.push((await client.query(statement)).rows);
    return results;
  } finally {
    await client.end();
  }
}

/** Files (not folders) under a folder, counted recursively. */
function countFiles(dir) {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory()).length;
}

/** What the restored copy holds, checked; throws an OpsError on the first thing that is wrong. */
async function restoreAndCheck(l, env, file, dir) {
  const SCRATCH = scratchName(env.DATABASE_URL);
  // tar -v lists each member as it extracts it: the media files the archive holds.
  const listing = await pipeline([
    ["age", ["-d", "-i", l.backupKey, file]],
    ["tar", ["-x", "-v", "--no-same-owner", "-f", "-", "-C", dir]],
  ]);
  if (!fs.existsSync(path.join(dir, DUMP)))
    throw new OpsError("La copia no contiene la base de datos.");
  const mediaInArchive = listing
    .split("\n")
    .filter((line) => line.startsWith("media/") && !line.endsWith("/")).length;
  const mediaRestored = countFiles(path.join(dir, "media"));
  if (mediaRestored !== mediaInArchive) {
    throw new OpsError(
      `La copia tiene ${mediaInArchive} imágenes, pero solo se han recuperado ${mediaRestored}.`,
    );
  }
  const clinicalKey = path.join(dir, CLINICAL_KEY_MEMBER);
  if (
    fs.existsSync(clinicalKey) &&
    !/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/.test(fs.readFileSync(clinicalKey, "utf8").trim())
  ) {
    throw new OpsError("La clave de los datos clínicos de la copia está dañada.");
  }
  let secrets = false;
  if (fs.existsSync(path.join(dir, "secrets.json"))) {
    try {
      JSON.parse(fs.readFileSync(path.join(dir, "secrets.json"), "utf8"));
      secrets = true;
    } catch {
      throw new OpsError("El archivo de secretos de la copia está dañado.");
    }
  }

  await restoreInto(env.DATABASE_URL, SCRATCH, path.join(dir, DUMP));
  const restored = on(env.DATABASE_URL, SCRATCH);

  const journal = JSON.parse(fs.readFileSync(JOURNAL, "utf8")).entries.length;
  const [tables] = await sql(restored, [
    "select table_schema || '.' || table_name as name from information_schema.tables",
  ]);
  const present = new Set(tables.map((t) => t.name));
  const missing = ["drizzle.__drizzle_migrations", "public.user", "public.settings"].filter(
    (t) => !present.has(t),
  );
  if (missing.length > 0)
    throw new OpsError(`En la base restaurada faltan las tablas ${missing.join(", ")}.`);
  const counts = await sql(restored, [
    "select count(*)::int as n from drizzle.__drizzle_migrations",
    ...COUNTED.map(([table]) => `select count(*)::int as n from "${table}"`),
  ]);
  const [migrations, ...rows] = counts.map((r) => r[0].n);
  if (migrations !== journal) {
    throw new OpsError(
      `La base restaurada tiene ${migrations} migraciones y esta versión de la web tiene ${journal}.`,
    );
  }
  const figures = COUNTED.map(([, one, many], i) => count(rows[i], one, many));
  figures.push(count(mediaRestored, "imagen", "imágenes"));
  return `${migrations} de ${journal} migraciones, ${figures.join(", ")}${secrets ? " y el archivo de secretos" : ""}`;
}

/**
 * @param {{ copia?: string }} values
 * @param {ReturnType<typeof import("./paths.js").layout>} l
 */
export async function main(values, l) {
  const now = new Date();
  const { env, backupDir } = settingsOf(l);
  // --copia: a full path, or a name in BACKUP_DIR (`consulta` runs from the release's folder).
  const file = values.copia ? path.resolve(backupDir, values.copia) : null;
  const latest = backupsIn(backupDir).at(-1);
  const chosen = file ?? (latest ? path.join(backupDir, latest) : null);
  const name = chosen ? path.basename(chosen) : null;
  let ok = false;
  let details;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "simulacro-"));
  try {
    if (!chosen)
      throw new OpsError(`No hay ninguna copia en ${backupDir}: haz una con «consulta copia».`);
    if (!fs.existsSync(chosen)) throw new OpsError(`No existe el archivo ${chosen}.`);
    if (!env.DATABASE_URL) throw new OpsError(`Falta DATABASE_URL en ${l.envFile}.`);
    const figures = await restoreAndCheck(l, env, chosen, dir);
    const made = stampOf(name);
    const when = made ? ` (hecha el ${MADRID.format(made)}, hora de Madrid)` : "";
    details = `La copia ${name}${when} se ha restaurado bien en una base de prueba: ${figures}.`;
    ok = true;
  } catch (error) {
    details = `El simulacro de restauración ha fallado${name ? ` con la copia ${name}` : ""}. ${explain(error)}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    if (env.DATABASE_URL) {
      try {
        await sql(on(env.DATABASE_URL, "postgres"), [
          `DROP DATABASE IF EXISTS "${scratchName(env.DATABASE_URL)}" WITH (FORCE)`,
        ]);
      } catch (error) {
        ok = false;
        details += ` No se ha podido borrar la base de prueba ${scratchName(env.DATABASE_URL)}: ${explain(error)}`;
      }
    }
  }
  writeState(l, "simulacro.json", { at: now.toISOString(), ok, backup: name, details });
  (ok ? console.log : console.error)(details);
  return ok ? 0 : 1;
}
