import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createPgDatabase } from "../support/db";
import { type RunningServer, startServer, tempDataDir } from "../support/server";

/** Runs `npm run backup` / `npm run restore` (the scripts themselves) with the given environment. */
function script(name: "backup" | "restore", env: Record<string, string>, args: string[] = []) {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  const result = spawnSync(process.execPath, [`scripts/${name}.js`, ...args], {
    env: { ...clean, ...env },
    encoding: "utf8",
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

function sendContact(server: RunningServer, message: string) {
  // The landing page's contact form, as a browser without JavaScript sends it.
  return fetch(`${server.url}/?index`, {
    method: "POST",
    headers: { Origin: server.url },
    body: new URLSearchParams({
      intent: "contact",
      name: "Ana",
      email: "ana@example.com",
      consent: "on",
      message,
    }),
  });
}

function backupFile(dir: string, ext: string) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(ext));
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}/);
  return path.join(dir, files[0]!);
}

describe("npm run backup and npm run restore", () => {
  it("on PGlite: refuses while the server runs, then backs up, wipes, restores and finds the data", async () => {
    const dataDir = tempDataDir();
    const backupDir = path.join(dataDir, "copias");
    const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir };
    const server = await startServer({ dataDir });
    expect((await sendContact(server, "Guardado antes de la copia")).status).toBe(200);

    const refused = script("backup", env);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain("detén el servidor");
    await server.stop("SIGTERM");

    const made = script("backup", env);
    expect(made.status, made.output).toBe(0);
    const file = backupFile(backupDir, ".tar.gz");

    fs.rmSync(path.join(dataDir, "pgdata"), { recursive: true });
    const restored = script("restore", env, [file]);
    expect(restored.status, restored.output).toBe(0);

    const again = await startServer({ dataDir });
    expect((await fetch(`${again.url}/blog`)).status).toBe(200);
    await again.stop("SIGTERM");
    const db = await PGlite.create(path.join(dataDir, "pgdata"));
    const { rows } = await db.query<{ message: string }>("select message from contact_messages");
    await db.close();
    expect(rows.map((r) => r.message)).toEqual(["Guardado antes de la copia"]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "on PostgreSQL: backs up while the server runs, wipes, restores and finds the data",
    async () => {
      const database = await createPgDatabase();
      const backupDir = tempDataDir("psico-copias-");
      const env = { DATABASE_URL: database.url, BACKUP_DIR: backupDir };
      try {
        const server = await startServer({ env: { DATABASE_URL: database.url } });
        expect((await sendContact(server, "Guardado antes de la copia")).status).toBe(200);
        const made = script("backup", env);
        expect(made.status, made.output).toBe(0);
        await server.stop("SIGTERM");
        const file = backupFile(backupDir, ".dump");

        // Wipe: the database is dropped and created again, empty.
        await database.drop();
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${database.name}`);
        await admin.end();

        const restored = script("restore", env, [file]);
        expect(restored.status, restored.output).toBe(0);
        const again = await startServer({ env: { DATABASE_URL: database.url } });
        expect((await fetch(`${again.url}/blog`)).status).toBe(200);
        await again.stop("SIGTERM");
        const c = new pg.Client({ connectionString: database.url });
        await c.connect();
        const { rows } = await c.query<{ message: string }>("select message from contact_messages");
        await c.end();
        expect(rows.map((r) => r.message)).toEqual(["Guardado antes de la copia"]);
      } finally {
        await database.drop();
      }
    },
  );
});
