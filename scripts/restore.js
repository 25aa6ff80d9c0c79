// npm run restore -- <file> — puts a backup made by `npm run backup` back.
// .dump → pg_restore into DATABASE_URL (objects in the file are dropped and recreated).
// .tar.gz → a new PGlite data directory in DATA_DIR/pgdata (the old one is kept aside, renamed).
// Stop the server(s) first.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { config, fail, openPglite, refuseWhileServerRuns } from "./db-files.js";

// Files written into DATA_DIR (database, backups) are for this user only.
process.umask(0o077);

const file = process.argv[2];
if (!file || !fs.existsSync(file)) fail("indica el archivo de copia: npm run restore -- <archivo>");
const { databaseUrl, dataDir } = config();

if (file.endsWith(".dump")) {
  if (!databaseUrl)
    fail("una copia .dump es de PostgreSQL: define DATABASE_URL con la base de destino");
  const result = spawnSync(
    "pg_restore",
    [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      `--dbname=${databaseUrl}`,
      file,
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (result.error) fail(`no se pudo ejecutar pg_restore (${result.error.message})`);
  if (result.status !== 0) fail(`pg_restore terminó con el código ${result.status}`);
  console.log(`Copia ${file} restaurada en PostgreSQL.`);
} else if (file.endsWith(".tar.gz") || file.endsWith(".tgz")) {
  if (databaseUrl) fail("una copia .tar.gz es de la base integrada (PGlite): quita DATABASE_URL");
  refuseWhileServerRuns(dataDir, "restaura la copia");
  const pgdata = path.join(dataDir, "pgdata");
  let kept = null;
  if (fs.existsSync(pgdata)) {
    kept = `${pgdata}.antes-de-restaurar-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(pgdata, kept);
  }
  try {
    const blob = new Blob([fs.readFileSync(file)]);
    const db = await openPglite(dataDir, { loadDataDir: blob });
    await db.query("select 1");
    await db.close();
  } catch (error) {
    fs.rmSync(pgdata, { recursive: true, force: true });
    if (kept) fs.renameSync(kept, pgdata);
    fail(`no se pudo restaurar (${error.message}); la base de datos anterior sigue en su sitio`);
  }
  console.log(`Copia ${file} restaurada en ${pgdata}.`);
  if (kept)
    console.log(
      `La base de datos anterior se ha guardado en ${kept} (bórrala cuando ya no la necesites).`,
    );
} else {
  fail("formato desconocido: se espera un archivo .dump (PostgreSQL) o .tar.gz (PGlite)");
}
