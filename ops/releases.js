// Versions of the app side by side in /srv/consulta/releases/<commit>, `current` pointing at the
// running one. A release is made from a commit of the repository (git archive), gets its
// dependencies (copied from a release or checkout with the same package-lock.json, then
// `npm install`) and its build; only a finished release is marked ready and ever switched to.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { OpsError, run } from "./run.js";

const READY = ".lista";
/** The checkout these tools run from (its dependencies can seed a release's). */
const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The full commit a reference names in the repository. */
export async function commitOf(source, ref) {
  const { stdout } = await run("git", ["-C", source, "rev-parse", "--verify", `${ref}^{commit}`]);
  return stdout.trim();
}

/** The release `current` points at, or null. */
export function currentRelease(l) {
  try {
    return path.basename(fs.readlinkSync(l.current));
  } catch {
    return null;
  }
}

/** The environment the build tools run with: this Node.js first on the PATH, dev dependencies. */
function buildEnv() {
  const env = { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` };
  delete env.NODE_ENV; // npm would leave out React Router and Vite (docs/operations.md)
  return env;
}

function sameLockfile(a, b) {
  try {
    return fs
      .readFileSync(path.join(a, "package-lock.json"))
      .equals(fs.readFileSync(path.join(b, "package-lock.json")));
  } catch {
    return false;
  }
}

/**
 * Makes (or finds) the release of `commit`: files, dependencies, build. Returns its folder.
 * @param {ReturnType<typeof import("./paths.js").layout>} l
 * @param {{ source: string, commit: string, log: (line: string) => void }} options
 */
export async function prepareRelease(l, { source, commit, log }) {
  const dir = path.join(l.releasesDir, commit.slice(0, 12));
  if (fs.existsSync(path.join(dir, READY))) {
    log(`La versión ${commit.slice(0, 12)} ya está preparada.`);
    return dir;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  log(`Preparando la versión ${commit.slice(0, 12)}…`);
  await run("sh", [
    "-c",
    'git -C "$1" archive --format=tar "$2" | tar -x -C "$3"',
    "sh",
    source,
    commit,
    dir,
  ]);
  // Dependencies: a copy from a release (or the checkout) with the same lockfile saves the
  // download; `npm install` then only checks them.
  const donors = [
    ...(currentRelease(l) ? [path.join(l.releasesDir, currentRelease(l))] : []),
    source,
    REPOSITORY,
  ].filter((d) => fs.existsSync(path.join(d, "node_modules")) && sameLockfile(d, dir));
  if (donors[0]) {
    // Hard links where the folders share a disk (npm replaces files, never edits them in place).
    const from = path.join(donors[0], "node_modules");
    const linked = await run("cp", ["-al", from, path.join(dir, "node_modules")], {
      allowFail: true,
    });
    if (linked.code !== 0) {
      fs.rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
      await run("cp", ["-a", from, path.join(dir, "node_modules")]);
    }
  }
  log("Instalando las dependencias (npm install)…");
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
    cwd: dir,
    env: buildEnv(),
  });
  log("Compilando la web…");
  await run("npm", ["run", "build"], { cwd: dir, env: buildEnv() });
  fs.writeFileSync(path.join(dir, READY), `${commit}\n`);
  return dir;
}

/** Points `current` at a release, atomically (a new link renamed over the old one). */
export function switchTo(l, releaseDir) {
  const temporary = `${l.current}.nuevo`;
  fs.rmSync(temporary, { force: true });
  fs.symlinkSync(path.relative(path.dirname(l.current), releaseDir), temporary);
  fs.renameSync(temporary, l.current);
}

/** Keeps the running release and the `keep` newest others; the rest are deleted. */
export function pruneReleases(l, keep = 2) {
  const running = currentRelease(l);
  const others = fs
    .readdirSync(l.releasesDir)
    .filter((name) => name !== running)
    .map((name) => ({ name, at: fs.statSync(path.join(l.releasesDir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { name } of others.slice(keep)) {
    fs.rmSync(path.join(l.releasesDir, name), { recursive: true, force: true });
  }
}

/** Waits until an instance answers /healthz with 200, or gives up after `ms`. */
export async function waitHealthy(port, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, {
        signal: AbortSignal.timeout(3000),
      });
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/** How many migrations the database has applied (0 before the first start). */
export async function appliedMigrations(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'",
    );
    if (rows[0].n === 0) return 0;
    return (await client.query("select count(*)::int as n from drizzle.__drizzle_migrations"))
      .rows[0].n;
  } finally {
    await client.end();
  }
}

export { OpsError };
