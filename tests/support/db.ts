import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createPgDatabaseAt } from "./http.js";
import { type DbHandle, openDatabase, setDbHandle } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";

/** Integration tests run on PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set. */
export const DRIVERS: Array<"pglite" | "pg"> = process.env.TEST_DATABASE_URL
  ? ["pglite", "pg"]
  : ["pglite"];

export interface TestDatabase extends DbHandle {
  url?: string;
  cleanup(): Promise<void>;
}

/** A fresh, migrated database of its own: in-memory PGlite or a new PostgreSQL database. */
export async function createTestDatabase(driver: "pglite" | "pg"): Promise<TestDatabase> {
  if (driver === "pglite") {
    const handle = await openDatabase({});
    await migrateDatabase(handle);
    return { ...handle, cleanup: () => handle.close() };
  }
  const { url, drop } = await createPgDatabase();
  const handle = await openDatabase({ url });
  await migrateDatabase(handle);
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

/** Creates an empty PostgreSQL database next to TEST_DATABASE_URL's; returns its URL. */
export async function createPgDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL no está definida");
  return createPgDatabaseAt(adminUrl, `test_${randomBytes(6).toString("hex")}`);
}
