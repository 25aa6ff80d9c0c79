import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { startServer, tempDataDir } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A data directory whose embedded database the built server has migrated (see below). */
    serverTemplate: string;
  }
}

/**
 * Global setup of the server tests: starts the built server once on an empty data directory, so
 * that its embedded database (PGlite, `pgdata/`) holds every migration, and stops it cleanly.
 * `startServer()` without a data directory of the test's own starts from a copy of that database
 * (a copy takes milliseconds; migrating a new PGlite database takes seconds of CPU at every start).
 * A test that needs a server's very first start passes a data directory of its own.
 */
export default async function setup(project: TestProject) {
  const dir = tempDataDir("psico-template-");
  const server = await startServer({ dataDir: dir, template: false });
  await server.stop();
  project.provide("serverTemplate", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
