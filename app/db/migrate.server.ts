import path from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { sql } from "drizzle-orm";
import { parseEnv } from "~/utils/env.server";
import type { DbHandle } from "./client.server";

/** The SQL migrations (MIGRATIONS_DIR, validated with the rest of the configuration). */
const migrationsFolder = () => path.resolve(parseEnv(process.env).MIGRATIONS_DIR);

// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK = 727_001;

/**
 * Applies the SQL migrations in drizzle/ (idempotent). On PostgreSQL an advisory lock keeps
 * several instances that start together from migrating at the same time.
 */
export async function migrateDatabase(handle: DbHandle) {
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, {
      migrationsFolder: migrationsFolder(),
    });
    return;
  }
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migratePg(tx as never, { migrationsFolder: migrationsFolder() });
  });
}
