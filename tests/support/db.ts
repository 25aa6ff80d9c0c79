import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { createPgDatabaseAt } from "./http.js";
import { type DbHandle, openDatabase, setDbHandle } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";

// Template databases: running every migration in drizzle/ for each test database took most of a
// database test's start-up. tests/support/global-setup.ts (vitest.config.ts `globalSetup`)
// migrates one database per driver once per run, the real way (`migrateDatabase`), and hands
// them over with `provide`:
// - PGlite: a `dumpDataDir()` tarball in a temporary folder; each new database is an in-memory
//   PGlite opened with `loadDataDir` from it (a full copy of the data folder).
// - PostgreSQL: a database `test_template_…`; each new one is `CREATE DATABASE … TEMPLATE` it.
// Both are copies of the same files, so a test database is exactly what migrating would give
// (tests/integration/test-database-template.test.ts checks every migration is recorded and that
// copies are independent). Without the global setup (another Vitest config), each database is
// migrated from empty as before. The migrations themselves still run from empty in every run: in
// the global setup, and wherever the app opens its own database (getDbHandle, tests/server/).

/** Integration tests run on PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set. */
export const DRIVERS: Array<"pglite" | "pg"> = process.env.TEST_DATABASE_URL
  ? ["pglite", "pg"]
  : ["pglite"];

export interface TestDatabase extends DbHandle {
  url?: string;
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database of its own: in-memory PGlite or a new PostgreSQL database, each a
 * copy of the run's template (above) when there is one.
 */
export async function createTestDatabase(driver: "pglite" | "pg"): Promise<TestDatabase> {
  if (driver === "pglite") {
    const loadDataDir = await pgliteTemplate();
    const handle = await openDatabase({ loadDataDir });
    if (!loadDataDir) await migrateDatabase(handle);
    return { ...handle, cleanup: () => handle.close() };
  }
  const template = inject("pgTemplate");
  const { url, drop } = await createPgDatabase(template);
  const handle = await openDatabase({ url });
  if (!template) await migrateDatabase(handle);
  return {
    ...handle,
    url,
    cleanup: async () => {
      await handle.close();
      await drop();
    },
  };
}

/**
 * A fresh database for the current `describe`: created and installed as the app's database
 * (`setDbHandle`) before its first test, closed and dropped after its last. Returns the database
 * as it will be then (any property read before `beforeAll` has run throws). Hooks registered
 * after this call run after it is created, and their `afterAll` before it is dropped.
 *
 *   describe.each(DRIVERS)("reviews (%s)", (driver) => {
 *     const db = useTestDatabase(driver);
 *     it("…", async () => { await db.db.insert(…) });
 *   });
 */
export function useTestDatabase(driver: "pglite" | "pg"): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(driver);
    setDbHandle(current);
  });
  afterAll(async () => {
    setDbHandle(undefined);
    await current?.cleanup();
    current = undefined;
  });
  return new Proxy({} as TestDatabase, {
    get(_, key) {
      if (!current) throw new Error("useTestDatabase: no database outside its describe's tests");
      return Reflect.get(current, key);
    },
  });
}

/**
 * Creates a PostgreSQL database next to TEST_DATABASE_URL's, empty or a copy of `template`;
 * returns its URL.
 */
export async function createPgDatabase(template?: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL no está definida");
  return createPgDatabaseAt(adminUrl, `test_${randomBytes(6).toString("hex")}`, template);
}

let pgliteTarball: Promise<Blob> | undefined;

/** The run's migrated PGlite data folder (read once per test file), if the global setup made one. */
function pgliteTemplate(): Promise<Blob> | undefined {
  const file = inject("pgliteTemplate");
  if (!file) return undefined;
  pgliteTarball ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTarball;
}
