// Builds the app when the build is missing or older than the sources.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const BUILD = "build/server/index.js";
const SOURCES = [
  "app",
  "server",
  "public",
  "drizzle",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p))
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function ensureBuild() {
  const builtAt = fs.existsSync(BUILD) ? fs.statSync(BUILD).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.filter((s) => fs.existsSync(s)).map(newestMtime));
  if (changedAt <= builtAt) return;
  console.log("Compilando la aplicación…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
