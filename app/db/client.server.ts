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
  /**
   * LISTEN on a channel: `callback` gets each NOTIFY payload (from any process on PostgreSQL).
   * Resolves with a function that stops listening.
   */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://… — when absent, an embedded PGlite database is used. */
  url?: string;
  /** Folder for PGlite's files; absent = in memory (tests). */
  dataDir?: string;
  /**
   * PGlite only: start from this copy of a database (a `dumpDataDir()` tarball) instead of an
   * empty one. Tests use it to copy one database migrated once per run (tests/support/db.ts).
   */
  loadDataDir?: Blob;
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
    const listener = pgListener(options.url);
    return {
      db,
      driver: "pg",
      ping: async () => {
        await pool.query("select 1");
      },
      listen: listener.listen,
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const client = await PGlite.create(
    options.dataDir ? path.join(options.dataDir, "pgdata") : undefined,
    { extensions: { unaccent }, loadDataDir: options.loadDataDir },
  );
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    ping: async () => {
      if (client.closed) throw new Error("La base de datos está cerrada");
      await db.execute(sql`select 1`);
    },
    listen: (channel, callback) => {
      checkChannel(channel);
      return client.listen(channel, callback);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

function checkChannel(channel: string) {
  if (!/^[a-z_]{1,63}$/.test(channel)) throw new Error(`Canal no válido: ${channel}`);
}

/**
 * One dedicated connection for LISTEN (a pooled one would lose its subscriptions). If it drops,
 * it reconnects with a growing delay and subscribes again; NOTIFYs sent meanwhile are lost, which
 * is why every live view also refreshes on a timer.
 */
function pgListener(url: string) {
  const callbacks = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempts = 0;
  let closed = false;
  // LISTEN/UNLISTEN one after another: node-postgres wants one query at a time on a client.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = (c: pg.Client, statement: string) => {
    const next = queue.then(() => c.query(statement));
    queue = next.catch(() => {});
    return next;
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on("notification", (m) => callbacks.get(m.channel)?.forEach((cb) => cb(m.payload ?? "")));
      c.on("error", () => c.end().catch(() => {}));
      c.on("end", () => {
        if (client === c) client = null;
        scheduleReconnect();
      });
      try {
        await c.connect();
        for (const channel of callbacks.keys()) await c.query(`LISTEN ${channel}`);
      } catch (error) {
        await c.end().catch(() => {});
        throw error;
      }
      attempts = 0;
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const scheduleReconnect = () => {
    if (closed || callbacks.size === 0 || retryTimer) return;
    const delay = Math.min(30_000, 500 * 2 ** attempts++);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(scheduleReconnect);
    }, delay);
    retryTimer.unref();
  };

  return {
    async listen(channel: string, callback: (payload: string) => void) {
      checkChannel(channel);
      const set = callbacks.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(callback);
      callbacks.set(channel, set);
      try {
        const c = client ?? (await connect());
        if (first) await inTurn(c, `LISTEN ${channel}`);
      } catch {
        scheduleReconnect();
      }
      return async () => {
        set.delete(callback);
        if (set.size === 0) {
          callbacks.delete(channel);
          if (client) await inTurn(client, `UNLISTEN ${channel}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      callbacks.clear();
      const c = client ?? (await connecting?.catch(() => null));
      client = null;
      await c?.end().catch(() => {});
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
