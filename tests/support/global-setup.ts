import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { createPgDatabaseAt } from "./http.js";
import { openDatabase } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of a `dumpDataDir()` tarball of a PGlite database with every migration applied. */
    pgliteTemplate: string;
    /** Name of a migrated PostgreSQL database next to TEST_DATABASE_URL's, when that is set. */
    pgTemplate: string | undefined;
  }
}

/**
 * Vitest `globalSetup` (vitest.config.ts): migrates one database per driver once per run, before
 * any worker starts. Every `createTestDatabase()` then starts as a copy of it (tests/support/db.ts)
 * instead of running all of drizzle/ again. The teardown deletes both.
 */
export default async function setup(project: TestProject) {
  // Test files run in worker threads of this process (vitest.config.ts `pool`). sharp's native
  // libraries must be opened by the main thread first, or a worker that exits unloads them under
  // the others (https://github.com/lovell/sharp/issues/2263).
  await import("sharp");
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "psico-template-"));
  const tarball = path.join(folder, "migrated.tar");
  const pglite = await openDatabase({});
  try {
    await migrateDatabase(pglite);
    const client = (pglite.db as unknown as { $client: PGlite }).$client;
    // A copy taken after a checkpoint starts without replaying the migrations' WAL.
    await client.exec("CHECKPOINT");
    // Uncompressed: each test file reads it once and every copy skips a gunzip.
    const dump = await client.dumpDataDir("none");
    fs.writeFileSync(tarball, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  project.provide("pgliteTemplate", tarball);

  let pgTemplate: Awaited<ReturnType<typeof createPgDatabaseAt>> | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    pgTemplate = await createPgDatabaseAt(
      adminUrl,
      `test_template_${randomBytes(6).toString("hex")}`,
    );
    try {
      const handle = await openDatabase({ url: pgTemplate.url });
      try {
        await migrateDatabase(handle);
      } finally {
        // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
        await handle.close();
      }
    } catch (error) {
      await pgTemplate.drop();
      throw error;
    }
  }
  project.provide("pgTemplate", pgTemplate?.name);

  return async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    await pgTemplate?.drop();
  };
}
