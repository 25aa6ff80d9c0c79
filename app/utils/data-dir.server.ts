import fs from "node:fs";
import path from "node:path";

export interface DataDirCheck {
  /** Files and folders that were readable or writable by group or others and now are not. */
  fixed: string[];
  /** Those whose mode could not be changed (another owner): the start-up log warns. */
  failed: string[];
}

/**
 * DATA_DIR holds the embedded database, secrets, queued e-mails (.eml with health data) and
 * images: only the server's user may read it. Creates it with mode 700 if missing and removes
 * group and world permissions from everything inside (symbolic links are left alone, never
 * followed). The process umask (077, set in server/main.js) keeps new files private.
 */
export function secureDataDir(dataDir: string): DataDirCheck {
  const result: DataDirCheck = { fixed: [], failed: [] };
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const visit = (file: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(file);
    } catch {
      return; // removed meanwhile
    }
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) {
      try {
        fs.chmodSync(file, stat.mode & 0o700);
        result.fixed.push(file);
      } catch {
        result.failed.push(file);
      }
    }
    if (stat.isDirectory()) {
      let entries: string[] = [];
      try {
        entries = fs.readdirSync(file);
      } catch {
        return;
      }
      for (const entry of entries) visit(path.join(file, entry));
    }
  };
  visit(path.resolve(dataDir));
  return result;
}
