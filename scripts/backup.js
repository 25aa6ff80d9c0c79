// npm run backup — a consistent, timestamped copy of the database in BACKUP_DIR
// (default DATA_DIR/backups). PostgreSQL (DATABASE_URL): pg_dump in custom format (.dump).
// PGlite: PGlite's own data-directory tarball (.tar.gz), taken while the server is stopped.
// Restore with `npm run restore -- <file>` (docs/operations.md).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { config, fail, openPglite, refuseWhileServerRuns } from "./db-files.js";

// Files written into DATA_DIR (database, backups) are for this user only.
process.umask(0o077);

const { databaseUrl, dataDir, backupDir } = config();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 });

if (databaseUrl) {
  const file = path.join(backupDir, `postgres-${stamp}.dump`);
  // pg_dump takes one snapshot: the copy is consistent while the site keeps running.
  const result = spawnSync(
    "pg_dump",
    ["--format=custom", "--no-owner", `--file=${file}`, databaseUrl],
    {
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  if (result.error) {
    fail(
      `no se pudo ejecutar pg_dump (${result.error.message}). Instala el cliente de PostgreSQL de la misma versión o mayor que el servidor (Debian: apt-get install postgresql-client).`,
    );
  }
  if (result.status !== 0) {
    fs.rmSync(file, { force: true });
    fail(`pg_dump terminó con el código ${result.status}`);
  }
  fs.chmodSync(file, 0o600);
  console.log(`Copia de PostgreSQL guardada en ${file} (${fs.statSync(file).size} bytes)`);
} else {
  if (!fs.existsSync(path.join(dataDir, "pgdata")))
    fail(`no hay base de datos en ${dataDir}/pgdata`);
  refuseWhileServerRuns(dataDir, "haz la copia");
  const file = path.join(backupDir, `pglite-${stamp}.tar.gz`);
  const db = await openPglite(dataDir);
  try {
    const dump = await db.dumpDataDir("gzip");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await db.close(); // a clean shutdown: the server starts without recovery afterwards
  }
  console.log(
    `Copia de la base de datos integrada guardada en ${file} (${fs.statSync(file).size} bytes)`,
  );
}
