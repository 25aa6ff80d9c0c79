// Builds the app when the build is missing or older than the sources.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
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

/** Said when the build tools are missing: `npm install` leaves them out under NODE_ENV=production. */
export const NO_BUILD_TOOLS =
  "No se puede compilar la aplicación: faltan las dependencias de desarrollo (React Router, Vite), " +
  "que `npm install` omite cuando NODE_ENV=production. Instálalas con `npm install --include=dev` " +
  "y vuelve a ejecutar `npm start`, o copia aquí la carpeta build/ compilada en otra máquina.\n" +
  "Cannot build the app: the development dependencies are missing (`npm install` skips them when " +
  "NODE_ENV=production). Run `npm install --include=dev`, then `npm start` again.";

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p))
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function buildToolsInstalled() {
  try {
    createRequire(path.resolve("package.json")).resolve("@react-router/dev/package.json");
    return true;
  } catch {
    return false;
  }
}

/**
 * What `npm start` does about the build: "serve" it as it is, "build" it first, "stale" (sources
 * newer but no tools to build: the existing build is served, with a warning) or "missing" (no
 * build and no tools: it stops with NO_BUILD_TOOLS).
 */
export function buildPlan({ builtAt, changedAt, toolsInstalled }) {
  if (builtAt && changedAt <= builtAt) return "serve";
  if (toolsInstalled) return "build";
  return builtAt ? "stale" : "missing";
}

export function ensureBuild() {
  const builtAt = fs.existsSync(BUILD) ? fs.statSync(BUILD).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.filter((s) => fs.existsSync(s)).map(newestMtime));
  const plan = buildPlan({ builtAt, changedAt, toolsInstalled: buildToolsInstalled() });
  if (plan === "serve") return;
  if (plan === "missing") {
    console.error(NO_BUILD_TOOLS);
    process.exit(1);
  }
  if (plan === "stale") {
    console.warn(
      "Las fuentes son más nuevas que build/, pero faltan las herramientas para compilar: se sirve la compilación existente.",
    );
    return;
  }
  console.log("Compilando la aplicación…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
