// Starts the HTTP server: `node server/main.js` (built app) or `node server/main.js --dev`.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
try {
  env = mod.getEnv();
  await mod.start();
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
server.listen(env.PORT, env.HOST, () => {
  mod.logger.info(`Servidor escuchando en ${env.PUBLIC_URL} (puerto ${env.PORT})`);
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  mod.logger.info(`${signal}: cerrando el servidor`);
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
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
