// Shared by scripts/backup.js and scripts/restore.js: where the data lives and whether the server
// is holding the embedded database.
import fs from "node:fs";
import path from "node:path";

export function fail(message) {
  console.error(`Error: ${message}`);
  process.exit(1);
}

export function config() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const backupDir = path.resolve(process.env.BACKUP_DIR || path.join(dataDir, "backups"));
  return { databaseUrl, dataDir, backupDir };
}

/** The pid of a live server using DATA_DIR's embedded database (from DATA_DIR/server.pid), or 0. */
export function runningServerPid(dataDir) {
  const pidFile = path.join(dataDir, "server.pid");
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, "utf8")) : 0;
  try {
    return pid > 0 && process.kill(pid, 0) ? pid : 0;
  } catch (error) {
    return error.code === "EPERM" ? pid : 0; // alive, owned by another user
  }
}

export function refuseWhileServerRuns(dataDir, what) {
  const pid = runningServerPid(dataDir);
  if (pid) {
    fail(
      `el servidor (proceso ${pid}) está usando la base de datos integrada de ${dataDir}. ` +
        `PGlite admite un solo proceso y una copia de sus archivos en marcha no es coherente: ` +
        `detén el servidor (SIGTERM), ${what} y vuelve a arrancarlo.`,
    );
  }
}

export async function openPglite(dataDir, options = {}) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  return PGlite.create(path.join(dataDir, "pgdata"), { extensions: { unaccent }, ...options });
}
