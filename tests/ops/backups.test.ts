import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupName, ensureBackupKeys, toKeep } from "../../ops/backups.js";
import { scratchName } from "../../ops/drill.js";
import { serializeEnv } from "../../ops/env-file.js";
import { layout } from "../../ops/paths.js";

// `consulta copia` and `consulta simulacro` for real: a migrated PostgreSQL database owned by a
// role like the installer's (login, createdb, no superuser), age keys, the orders run by ops/cli.js.

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const hasAge = spawnSync("age", ["--version"]).status === 0;
const NAME = /^consulta-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.age$/;
const CLINICAL_KEY = "c1".repeat(32);
const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")).entries.length;

/** Daily backups at 03:30 UTC: the `count` days up to `last` (YYYY-MM-DD), newest first. */
function daily(last: string, count: number) {
  const end = Date.parse(`${last}T03:30:00Z`);
  return Array.from({ length: count }, (_, i) => backupName(new Date(end - i * 86_400_000)));
}
const on = (day: string) => `consulta-${day}T03-30-00Z.tar.age`;

describe("toKeep: 7 daily, 4 weekly (ISO), 12 monthly", () => {
  it("keeps exactly the representatives of 400 daily backups", () => {
    const names = daily("2026-11-28", 400);
    const kept = toKeep(names, new Date("2026-11-28T12:00:00Z"));
    const days = ["28", "27", "26", "25", "24", "23", "22"].map((d) => on(`2026-11-${d}`));
    // Weeks of Monday 16 and 9 November end on Sunday 22 (already kept) and 15; that of 2 on 8.
    const weeks = [on("2026-11-15"), on("2026-11-08")];
    const months = [
      "2026-10-31",
      "2026-09-30",
      "2026-08-31",
      "2026-07-31",
      "2026-06-30",
      "2026-05-31",
      "2026-04-30",
      "2026-03-31",
      "2026-02-28",
      "2026-01-31",
      "2025-12-31",
    ].map(on);
    expect(kept.toSorted()).toEqual([...days, ...weeks, ...months].toSorted());
    expect(kept.length).toBeLessThanOrEqual(23);
  });

  it("counts ISO weeks across the new year (2026 has a week 53), not Sunday weeks", () => {
    const kept = toKeep(daily("2027-01-04", 35), new Date("2027-01-04T10:00:00Z"));
    const expected = [
      ...["2027-01-04", "2027-01-03", "2027-01-02", "2027-01-01"],
      ...["2026-12-31", "2026-12-30", "2026-12-29"],
      // W52 (21–27 December) and W51 (14–20): their Sundays. December: the 31st, already kept.
      ...["2026-12-27", "2026-12-20"],
    ].map(on);
    expect(kept.toSorted()).toEqual(expected.toSorted());
  });

  it("keeps the newest of a day, names that are not backups and backups dated in the future", () => {
    const names = [
      "consulta-2026-11-28T03-30-00Z.tar.age",
      "consulta-2026-11-28T18-05-10Z.tar.age",
      "consulta-2026-11-29T03-30-00Z.tar.age",
      "notas.txt",
      "consulta-2024-01-01T03-30-00Z.tar.age",
    ];
    expect(toKeep(names, new Date("2026-11-28T20:00:00Z"))).toEqual([
      "consulta-2026-11-28T18-05-10Z.tar.age",
      "consulta-2026-11-29T03-30-00Z.tar.age",
      "notas.txt",
    ]);
  });
});

/** Runs `node ops/cli.js <order> --raiz <root> …` as the server's `consulta` command does. */
function order(root: string, name: string, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const clean = { ...process.env };
  for (const key of ["DATABASE_URL", "DATA_DIR", "BACKUP_DIR", "PGPASSWORD"]) delete clean[key];
  const child = spawn(process.execPath, ["ops/cli.js", name, "--raiz", root, ...args], {
    env: { ...clean, ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
  return new Promise<{ status: number | null; stdout: string; output: string }>((resolve) =>
    child.on("close", (status) => resolve({ status, stdout, output: stdout + stderr })),
  );
}

function tool(command: string, args: string[], input?: Buffer) {
  const result = spawnSync(command, args, { input, maxBuffer: 1 << 28 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.toString() };
}

async function query(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8"));

// CI installs age (.ci/run): there a missing one fails the tests instead of skipping them.
describe.skipIf(!ADMIN_URL || (!hasAge && !process.env.CI))(
  "consulta copia and consulta simulacro",
  () => {
    const id = randomBytes(5).toString("hex");
    const role = `consulta_t${id}`;
    const database = `test_ops_${id}`;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "consulta-ops-"));
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "consulta-ops-tmp-"));
    const l = layout(root);
    let databaseUrl = "";
    let herSecretKey: string | null = null;
    let backup = "";

    const scratchExists = async () =>
      (
        await query(
          ADMIN_URL!,
          `select 1 from pg_database where datname = '${scratchName(databaseUrl)}'`,
        )
      ).length > 0;

    beforeAll(async () => {
      await query(ADMIN_URL!, `create role ${role} login createdb password 'pw'`);
      await query(ADMIN_URL!, `create database ${database} owner ${role}`);
      const url = new URL(ADMIN_URL!);
      url.username = role;
      url.password = "pw";
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await migrate(drizzle({ client }), { migrationsFolder: "drizzle" });
      await client.query(
        "insert into contact_messages (name, email, message, consent_at) values ('Ana', 'ana@example.com', 'Hola', now()), ('Luis', 'luis@example.com', 'Buenas', now())",
      );
      await client.end();

      fs.mkdirSync(path.join(l.dataDir, "media", "blog", "images"), { recursive: true });
      fs.writeFileSync(
        path.join(l.dataDir, "media", "blog", "images", "a.webp"),
        randomBytes(3000),
      );
      fs.writeFileSync(path.join(l.dataDir, "media", "portada.webp"), randomBytes(2000));
      fs.writeFileSync(path.join(l.dataDir, "secrets.json"), '{"authSecret":"secreto-de-prueba"}');
      fs.mkdirSync(l.etcDir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(
        l.envFile,
        serializeEnv({
          DATABASE_URL: databaseUrl,
          DATA_DIR: l.dataDir,
          BACKUP_DIR: l.backupDir,
          CLINICAL_KEY,
        }),
      );
    });

    afterAll(async () => {
      await query(ADMIN_URL!, `drop database if exists ${database} with (force)`);
      await query(ADMIN_URL!, `drop database if exists ${database}_simulacro with (force)`);
      await query(ADMIN_URL!, `drop role if exists ${role}`);
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    it("ensureBackupKeys makes the server's key and hers once, and then leaves them", async () => {
      const first = await ensureBackupKeys(l);
      herSecretKey = first.herSecretKey;
      expect(herSecretKey).toMatch(/^AGE-SECRET-KEY-1[0-9A-Z]+$/);
      expect(fs.statSync(l.backupKey).mode & 0o777).toBe(0o600);
      const recipients = fs.readFileSync(l.backupRecipients, "utf8").trim().split("\n");
      expect(recipients).toHaveLength(2);
      for (const key of recipients) expect(key).toMatch(/^age1[0-9a-z]+$/);
      const serverPublic = tool("age-keygen", ["-y", l.backupKey]).stdout.toString().trim();
      expect(recipients[1]).toBe(serverPublic);
      expect(recipients[0]).not.toBe(serverPublic);
      expect(fs.readFileSync(l.backupKey, "utf8")).not.toContain(herSecretKey);

      const key = fs.readFileSync(l.backupKey, "utf8");
      expect(await ensureBackupKeys(l)).toEqual({ herSecretKey: null });
      expect(fs.readFileSync(l.backupKey, "utf8")).toBe(key);
      expect(fs.readFileSync(l.backupRecipients, "utf8").trim().split("\n")).toEqual(recipients);
    });

    it("copia: one encrypted file, only the keys open it, nothing unencrypted left, old copies thinned", async () => {
      // Two older copies of yesterday (only the later one stays) and one of two years ago (goes).
      fs.mkdirSync(l.backupDir, { recursive: true, mode: 0o700 });
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const earlier = `consulta-${yesterday}T01-00-00Z.tar.age`;
      const later = `consulta-${yesterday}T02-00-00Z.tar.age`;
      const old = "consulta-2024-01-01T03-30-00Z.tar.age";
      for (const name of [earlier, later, old]) fs.writeFileSync(path.join(l.backupDir, name), "x");

      const made = await order(root, "copia");
      expect(made.status, made.output).toBe(0);
      expect(made.stdout).toContain("Copia cifrada guardada");
      const entries = fs.readdirSync(l.backupDir);
      expect(
        entries.every((name) => NAME.test(name)),
        entries.join(", "),
      ).toBe(true);
      backup = entries.find((name) => ![earlier, later, old].includes(name))!;
      expect(entries.toSorted()).toEqual([later, backup].toSorted());
      const file = path.join(l.backupDir, backup);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(l.backupDir).mode & 0o777).toBe(0o700);

      const sealed = fs.readFileSync(file);
      expect(sealed.subarray(0, 21).toString()).toBe("age-encryption.org/v1");
      expect(tool("tar", ["-t", "-f", file]).status).not.toBe(0);
      expect(sealed.includes("secreto-de-prueba")).toBe(false);
      expect(sealed.includes(CLINICAL_KEY)).toBe(false);

      const plain = tool("age", ["-d", "-i", l.backupKey, file]);
      expect(plain.status, plain.stderr).toBe(0);
      const listing = tool("tar", ["-t", "-f", "-"], plain.stdout).stdout.toString().split("\n");
      expect(listing).toEqual(
        expect.arrayContaining([
          "base-de-datos.dump",
          "media/blog/images/a.webp",
          "media/portada.webp",
          "secrets.json",
          // The clinical data's key travels with the copy (docs/decisions/021), encrypted by age.
          "clave-clinica",
        ]),
      );
      const out = path.join(tmp, "abierta");
      fs.mkdirSync(out);
      expect(tool("tar", ["-x", "-f", "-", "-C", out], plain.stdout).status).toBe(0);
      expect(fs.readFileSync(path.join(out, "clave-clinica"), "utf8").trim()).toBe(CLINICAL_KEY);
      const toc = tool("pg_restore", ["--list", path.join(out, "base-de-datos.dump")]);
      expect(toc.status, toc.stderr).toBe(0);
      expect(toc.stdout.toString()).toContain("TABLE DATA public contact_messages");

      // Her key, which the server does not keep, opens it too.
      const hers = path.join(tmp, "su-clave.txt");
      fs.writeFileSync(hers, `${herSecretKey}\n`, { mode: 0o600 });
      const byHer = tool("age", ["-d", "-i", hers, file]);
      expect(byHer.status, byHer.stderr).toBe(0);
      expect(byHer.stdout.equals(plain.stdout)).toBe(true);
      // A key that is not a recipient does not.
      const other = path.join(tmp, "otra.key");
      tool("age-keygen", ["-o", other]);
      expect(tool("age", ["-d", "-i", other, file]).status).not.toBe(0);

      const state = readJson(path.join(l.stateDir, "copia.json"));
      expect(state).toEqual({ at: expect.any(String), file, size: sealed.length, ok: true });
      expect(Date.now() - Date.parse(state.at)).toBeLessThan(120_000);
      expect(fs.statSync(l.stateDir).mode & 0o777).toBe(0o700);
    });

    it("simulacro: restores the latest copy into a scratch database, checks it and drops it", async () => {
      const own = path.join(tmp, "simulacro-tmp");
      fs.mkdirSync(own);
      const drill = await order(root, "simulacro", [], { TMPDIR: own });
      expect(drill.status, drill.output).toBe(0);
      const state = readJson(path.join(l.stateDir, "simulacro.json"));
      expect(state).toMatchObject({ ok: true, backup });
      expect(state.details).toContain("se ha restaurado bien");
      expect(state.details).toContain(`${journal} de ${journal} migraciones`);
      expect(state.details).toContain("2 mensajes");
      expect(state.details).toContain("2 imágenes y el archivo de secretos");
      expect(drill.stdout).toContain(state.details);
      expect(await scratchExists()).toBe(false);
      expect(fs.readdirSync(own)).toEqual([]);
    });

    it("simulacro: a damaged copy fails, says so, and still cleans up", async () => {
      const file = path.join(l.backupDir, backup);
      // A newer copy (the drill takes the latest), cut in half.
      const damaged = path.join(l.backupDir, backupName(new Date(Date.now() + 60_000)));
      const bytes = fs.readFileSync(file);
      fs.writeFileSync(damaged, bytes.subarray(0, bytes.length / 2), { mode: 0o600 });
      try {
        const drill = await order(root, "simulacro");
        expect(drill.status, drill.output).toBe(1);
        const state = readJson(path.join(l.stateDir, "simulacro.json"));
        expect(state).toMatchObject({ ok: false, backup: path.basename(damaged) });
        expect(state.details).toMatch(/^El simulacro de restauración ha fallado con la copia /);
        expect(await scratchExists()).toBe(false);

        // The good one, named with --copia, still passes.
        const again = await order(root, "simulacro", ["--copia", file]);
        expect(again.status, again.output).toBe(0);
        expect(readJson(path.join(l.stateDir, "simulacro.json"))).toMatchObject({
          ok: true,
          backup,
        });
      } finally {
        fs.rmSync(damaged);
      }
    });

    it("copia: a failure is recorded, and leaves nothing unencrypted behind", async () => {
      const env = fs.readFileSync(l.envFile, "utf8");
      fs.writeFileSync(l.envFile, env.replace(`/${database}`, "/no_existe"));
      try {
        const made = await order(root, "copia");
        expect(made.status, made.output).toBe(1);
        expect(made.output).toContain("No se ha podido hacer la copia de seguridad");
        const state = readJson(path.join(l.stateDir, "copia.json"));
        expect(state).toMatchObject({ ok: false, error: expect.stringContaining("pg_dump") });
        expect(fs.readdirSync(l.backupDir).every((name) => NAME.test(name))).toBe(true);
      } finally {
        fs.writeFileSync(l.envFile, env);
      }
    });

    it("copia with BACKUP_S3_*: uploads to copias/ in the bucket (path style) and thins it too", async () => {
      // A stand-in for an S3-compatible service (MinIO, Garage): PUT, ListObjectsV2, DELETE.
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const objects = new Map<string, Buffer>(
        [
          "copias/consulta-2024-01-01T03-30-00Z.tar.age",
          `copias/consulta-${yesterday}T03-30-00Z.tar.age`,
          "copias/notas.txt",
          "otra-carpeta/consulta-2024-01-01T03-30-00Z.tar.age",
        ].map((key) => [key, Buffer.from("x")]),
      );
      const paths: string[] = [];
      const bucket = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => {
          const url = new URL(req.url!, "http://s3");
          paths.push(url.pathname);
          const key = decodeURIComponent(url.pathname.replace(/^\/copias-consulta\/?/, ""));
          if (req.method === "PUT") objects.set(key, Buffer.concat(chunks));
          if (req.method === "DELETE") objects.delete(key);
          if (req.method === "GET") {
            const prefix = url.searchParams.get("prefix") ?? "";
            const keys = [...objects.keys()].filter((k) => k.startsWith(prefix));
            res.setHeader("Content-Type", "application/xml");
            return res.end(
              `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>copias-consulta</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${keys.map((k) => `<Contents><Key>${k}</Key><Size>1</Size></Contents>`).join("")}</ListBucketResult>`,
            );
          }
          res.statusCode = req.method === "DELETE" ? 204 : 200;
          res.end();
        });
      });
      await new Promise<void>((resolve) => bucket.listen(0, "127.0.0.1", resolve));
      const env = fs.readFileSync(l.envFile, "utf8");
      fs.appendFileSync(
        l.envFile,
        serializeEnv({
          BACKUP_S3_ENDPOINT: `http://127.0.0.1:${(bucket.address() as AddressInfo).port}`,
          BACKUP_S3_BUCKET: "copias-consulta",
          BACKUP_S3_ACCESS_KEY_ID: "clave",
          BACKUP_S3_SECRET_ACCESS_KEY: "secreto",
        }),
      );
      try {
        const made = await order(root, "copia");
        expect(made.status, made.output).toBe(0);
        const state = readJson(path.join(l.stateDir, "copia.json"));
        const name = path.basename(state.file);
        expect(state).toMatchObject({ ok: true, offsite: `copias-consulta/copias/${name}` });
        expect(made.stdout).toContain(`Copia externa: copias-consulta/copias/${name}`);
        expect(objects.get(`copias/${name}`)?.equals(fs.readFileSync(state.file))).toBe(true);
        expect([...objects.keys()].toSorted()).toEqual(
          [
            `copias/${name}`,
            `copias/consulta-${yesterday}T03-30-00Z.tar.age`,
            "copias/notas.txt",
            "otra-carpeta/consulta-2024-01-01T03-30-00Z.tar.age",
          ].toSorted(),
        );
        expect(paths.every((p) => p.startsWith("/copias-consulta"))).toBe(true);
      } finally {
        fs.writeFileSync(l.envFile, env);
        await new Promise((resolve) => bucket.close(resolve));
      }
    });
  },
);
