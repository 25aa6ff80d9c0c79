import { randomBytes } from "node:crypto";
import { createPgDatabaseAt } from "./http.js";
import { type DbHandle, openDatabase } from "~/db/client.server";
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

/** Creates an empty PostgreSQL database next to TEST_DATABASE_URL's; returns its URL. */
export async function createPgDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL no está definida");
  return createPgDatabaseAt(adminUrl, `test_${randomBytes(6).toString("hex")}`);
}
