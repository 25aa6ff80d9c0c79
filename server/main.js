// Starts the HTTP server: `node server/main.js` (built app) or `node server/main.js --dev`.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Everything this process creates (database, .eml, secrets, images) is for its own user only.
process.umask(0o077);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

let mod;
let vite;
if (dev) {
  const { createServer } = await import("vite");
  vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
  mod = await vite.ssrLoadModule("./server/app.ts");
} else {
  mod = await import(path.join(root, "build/server/index.js"));
}

let env;
let setupLink = null;
try {
  env = mod.getEnv();
  const { fixed, failed } = mod.secureDataDir(env.DATA_DIR);
  if (fixed.length > 0) {
    mod.logger.warn(
      `Permisos corregidos en ${fixed.length} archivos o carpetas de ${env.DATA_DIR}: eran accesibles para otros usuarios del sistema (ahora solo para el del servidor)`,
    );
  }
  if (failed.length > 0) {
    mod.logger.warn(
      `No se han podido quitar los permisos de otros usuarios en ${failed.length} archivos de ${env.DATA_DIR} (p. ej. ${failed[0]}): cambia su propietario al usuario del servidor`,
    );
  }
  ({ setupLink } = await mod.start());
  // The embedded database writes its initial files with modes of its own (666): fix them now.
  mod.secureDataDir(env.DATA_DIR);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// With the embedded database, note that this process holds DATA_DIR (the CLI checks it).
const pidFile = env.DATABASE_URL ? null : path.join(env.DATA_DIR, "server.pid");
if (pidFile) fs.writeFileSync(pidFile, String(process.pid));

const app = mod.createApp(dev ? {} : { staticDir: path.join(root, "build/client") });
const handler = dev ? (req, res) => vite.middlewares(req, res, () => app(req, res)) : app;
const server = http.createServer(handler);
server.keepAliveTimeout = 5000;
// A client has 20 s to send its headers and 60 s for the whole request (a 5 MB image on a slow
// line); slower ones are cut off instead of holding a connection open. Responses (the live event
// stream) are not limited by these.
server.headersTimeout = 20_000;
server.requestTimeout = 60_000;
server.listen(env.PORT, env.HOST, () => {
  mod.logger.info(`Servidor escuchando en ${env.PUBLIC_URL} (${env.HOST}, puerto ${env.PORT})`);
  if (env.HOST === "127.0.0.1" || env.HOST === "localhost" || env.HOST === "::1") {
    mod.logger.info(
      `Solo se aceptan conexiones de este equipo (HOST=${env.HOST}). Para escuchar en todas las interfaces define HOST=0.0.0.0 y pon delante el proxy inverso descrito en docs/operations.md (con TRUST_PROXY=<su dirección>).`,
    );
  }
  // No account yet: the link that creates the first administrator, last and framed, so a person
  // finds it below the build output and the log (every start without accounts prints a new one).
  if (setupLink) void mod.printSetupBanner(setupLink);
});

let stopping = false;
async function shutdown(signal, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  mod.logger.info(`${signal}: cerrando el servidor`);
  // Whatever happens below, the process ends (a supervisor restarts it after a failure).
  setTimeout(() => process.exit(exitCode || 1), 15_000).unref();
  // Stop accepting, let requests in flight finish, then close what is left after 10 s.
  const closed = new Promise((resolve) => server.close(resolve));
  await mod.drain();
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  await closed;
  clearTimeout(force);
  try {
    if (pidFile) fs.rmSync(pidFile, { force: true });
    await mod.stop();
    await vite?.close();
  } catch (error) {
    mod.logger.error({ err: error }, "error al cerrar");
  }
  process.exit(exitCode);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

// An error nobody handled leaves the process in an unknown state: log it, close what can be
// closed (the embedded database above all) and exit with 1 so the supervisor starts a fresh one.
function fatal(kind, error) {
  mod.logger.fatal({ err: error }, `${kind}: el proceso se cerrará`);
  void shutdown(kind, 1);
}
process.on("uncaughtException", (error) => fatal("excepción no capturada", error));
process.on("unhandledRejection", (reason) => fatal("promesa rechazada sin capturar", reason));
