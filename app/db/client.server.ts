import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

/** Both drivers expose the same query builder; we type them as the node-postgres flavour. */
export type Db = NodePgDatabase<typeof schema>;

export interface DbHandle {
  db: Db;
  driver: "pglite" | "pg";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://… — when absent, an embedded PGlite database is used. */
  url?: string;
  /** Folder for PGlite's files; absent = in memory (tests). */
  dataDir?: string;
}

export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  if (options.url) {
    // A database that stops answering fails requests after 5 s instead of holding them forever.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    // An idle client that loses its server must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema });
    return {
      db,
      driver: "pg",
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(
    options.dataDir ? path.join(options.dataDir, "pgdata") : undefined,
    { extensions: { unaccent } },
  );
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    ping: async () => {
      if (client.closed) throw new Error("La base de datos está cerrada");
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

let current: Promise<DbHandle> | undefined;

/** The process-wide database, opened from the environment on first use. */
export function getDbHandle(): Promise<DbHandle> {
  if (!current) {
    current = (async () => {
      const { getEnv } = await import("~/utils/env.server");
      const { migrateDatabase } = await import("./migrate.server");
      const env = getEnv();
      const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
      await migrateDatabase(handle);
      return handle;
    })();
    current.catch(() => {
      current = undefined;
    });
  }
  return current;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests install their own database; the server closes it on shutdown. */
export function setDbHandle(handle: DbHandle | undefined) {
  current = handle ? Promise.resolve(handle) : undefined;
}

export async function closeDb() {
  const pending = current;
  current = undefined;
  if (pending) await (await pending).close();
}
