import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, DRIVERS, type TestDatabase } from "../support/db";
import { contentSeeds } from "~/db/schema";

/**
 * Test databases are copies of one database migrated once per run (tests/support/db.ts,
 * tests/support/global-setup.ts). A copy must be what running every migration gives, and copies
 * must not share anything.
 */

const MIGRATIONS = path.resolve("drizzle");
const journal = JSON.parse(
  fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8"),
) as { entries: Array<{ tag: string; when: number }> };

/** What drizzle's migrator records for each file of drizzle/: its SQL's sha256 and its date. */
const expectedMigrations = journal.entries.map((entry) => ({
  hash: createHash("sha256")
    .update(fs.readFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), "utf8"))
    .digest("hex"),
  createdAt: String(entry.when),
}));

describe.each(DRIVERS)("test databases copied from the run's template (%s)", (driver) => {
  const opened: TestDatabase[] = [];
  const open = async () => {
    const database = await createTestDatabase(driver);
    opened.push(database);
    return database;
  };
  afterAll(async () => {
    for (const database of opened) await database.cleanup();
  });

  it("come from the template the global setup migrated", () => {
    if (driver === "pglite") {
      const tarball = inject("pgliteTemplate");
      expect(tarball).toBeTruthy();
      expect(fs.statSync(tarball).size).toBeGreaterThan(0);
    } else {
      expect(inject("pgTemplate")).toMatch(/^test_template_[0-9a-f]{12}$/);
    }
  });

  it("have every migration of drizzle/ recorded, and its objects", async () => {
    expect(expectedMigrations.length).toBe(
      fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith(".sql")).length,
    );
    const { db } = await open();
    const recorded = await db.execute<{ hash: string; created_at: string | number | bigint }>(
      sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`,
    );
    expect(recorded.rows.map((r) => ({ hash: r.hash, createdAt: String(r.created_at) }))).toEqual(
      expectedMigrations,
    );
    // The first migration's extension works in the copy (PGlite loads its files at start).
    const folded = await db.execute<{ text: string }>(sql`select unaccent('Psicología') as text`);
    expect(folded.rows[0]?.text).toBe("Psicologia");
  });

  it("are independent of each other", async () => {
    const first = await open();
    const second = await open();
    await first.db.insert(contentSeeds).values({ key: "only-in-first" });
    await second.db.execute(sql`create table only_in_second (id int)`);
    await second.db.insert(contentSeeds).values({ key: "only-in-second" });

    const keys = async (database: TestDatabase) =>
      (await database.db.select({ key: contentSeeds.key }).from(contentSeeds)).map((r) => r.key);
    expect(await keys(first)).toEqual(["only-in-first"]);
    expect(await keys(second)).toEqual(["only-in-second"]);
    const tables = await first.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_tables where tablename = 'only_in_second'`,
    );
    expect(tables.rows[0]?.n).toBe(0);

    // A third copy, made after both changed, still starts clean.
    const third = await open();
    expect(await keys(third)).toEqual([]);
  });
});
