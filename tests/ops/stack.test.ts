import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import net from "node:net";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main as drill } from "../../ops/drill.js";
import { answersFrom, install, validateUnits } from "../../ops/install.js";
import { layout } from "../../ops/paths.js";
import { currentRelease } from "../../ops/releases.js";
import { caddyHomeIn, directServices } from "../../ops/services.js";
import { units } from "../../ops/units.js";
import { update } from "../../ops/update.js";
import { freePort } from "../support/server";

/**
 * Issue #35: the guided installation's real steps on this machine, with the distribution's
 * PostgreSQL and Caddy (installed by the installer when missing) and the services started by the
 * test instead of systemd, from the unit files the installer wrote: install → setup link → HTTPS
 * through Caddy (HSTS, Secure cookies, the visitor's address seen through the proxy) → an update
 * → a broken update rolled back with no data lost → the restore drill.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL
  ? Object.assign(new URL(process.env.TEST_DATABASE_URL), { pathname: "/postgres" }).toString()
  : "postgres://postgres@127.0.0.1:5432/postgres";
const DOMAIN = "consulta.localhost";
const root = fs.mkdtempSync("/tmp/consulta-servidor-");
const l = layout(root);
const database = `consulta_t${randomBytes(4).toString("hex")}`;
const origin = path.join(root, "origen");
const caddyHome = caddyHomeIn(root);
const services = directServices({ unitsDir: l.unitsDir, caddyfile: l.caddyfile, caddyHome });
const lines: string[] = [];
const log = (line: string) => lines.push(line);
let ports: { http: number; https: number; web: number; admin: number };
let publicUrl = "";

/** A request to the site by its name, through Caddy, trusting Caddy's own authority. */
function request(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string;
  } = {},
) {
  const target = new URL(url);
  const ca = path.join(caddyHome, "caddy/pki/authorities/local/root.crt");
  const client = target.protocol === "https:" ? https : http;
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = client.request(
        target,
        {
          method: init.method ?? "GET",
          headers: init.headers,
          localAddress: init.localAddress,
          ...(target.protocol === "https:" ? { ca: fs.readFileSync(ca), servername: DOMAIN } : {}),
          lookup: (_host, options, callback) =>
            (options as { all?: boolean }).all
              ? (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
                  { address: "127.0.0.1", family: 4 },
                ])
              : callback(null, "127.0.0.1", 4),
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8").on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on("error", reject);
      req.end(init.body);
    },
  );
}

/** Caddy gets its certificate a moment after it starts. */
async function untilServed(url: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await request(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

async function query<T = Record<string, unknown>>(sql: string) {
  const env = Object.fromEntries(
    fs
      .readFileSync(l.envFile, "utf8")
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

function git(...args: string[]) {
  return execFileSync("git", ["-C", origin, ...args], { encoding: "utf8" }).trim();
}

/** The first of two consecutive free ports (the two instances). */
async function twoFreePorts() {
  for (;;) {
    const first = await freePort();
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(first + 1, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return first;
  }
}

const asRoot = process.getuid?.() === 0;

describe.skipIf(!asRoot)("guided server installation (needs root, as on a real server)", () => {
  beforeAll(async () => {
    fs.chmodSync(root, 0o755); // the site's user walks through it to its release and data
    ports = {
      http: await freePort(),
      https: await freePort(),
      web: await twoFreePorts(),
      admin: await freePort(),
    };
    execFileSync("git", ["clone", "--quiet", "--no-hardlinks", process.cwd(), origin]);
    git("config", "user.email", "pruebas@example.com");
    git("config", "user.name", "Pruebas");
  });

  afterAll(async () => {
    await services.stopAll();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    for (const name of [database, `${database}_simulacro`, `${database}_restaurada`]) {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
    await admin.query(`drop role if exists ${database}`);
    await admin.end();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("installs: packages, user, database, secrets, release, units, Caddy; prints the setup link", async () => {
    const answers = await answersFrom(
      {
        dominio: DOMAIN,
        email: "ana@example.com",
        "sin-correo": true,
        "si-a-todo": true,
        "ca-interna": true,
        "puerto-http": String(ports.http),
        "puerto-https": String(ports.https),
        "puerto-web": String(ports.web),
        "caddy-admin": `127.0.0.1:${ports.admin}`,
        "postgres-admin": ADMIN_URL,
        base: database,
        origen: origin,
      },
      l,
    );
    const result = await install(answers, l, { services, log });
    publicUrl = result.publicUrl;
    expect(publicUrl).toBe(`https://${DOMAIN}:${ports.https}`);
    expect(result.setupLink).toMatch(new RegExp(`^${publicUrl}/auth/configurar\\?token=`));
    expect(result.herSecretKey).toMatch(/^AGE-SECRET-KEY-1/);
    // The environment file: root's, read by the site's group only; generated secrets.
    const env = fs.statSync(l.envFile);
    expect(env.mode & 0o777).toBe(0o640);
    expect(env.uid).toBe(0);
    expect(execFileSync("id", ["-g", "consulta"], { encoding: "utf8" }).trim()).toBe(
      String(env.gid),
    );
    const text = fs.readFileSync(l.envFile, "utf8");
    expect(text).toMatch(/^AUTH_SECRET=\S{40,}$/m);
    expect(text).toMatch(/^CLINICAL_KEY=[0-9a-f]{64}$/m);
    expect(text).toMatch(/^TRUST_PROXY=127\.0\.0\.1$/m);
    // The generated files pass their own validators.
    execFileSync("caddy", ["validate", "--config", l.caddyfile, "--adapter", "caddyfile"], {
      env: {
        ...process.env,
        XDG_DATA_HOME: caddyHome,
        XDG_CONFIG_HOME: caddyHome,
        HOME: caddyHome,
      },
      stdio: "pipe",
    });
    await validateUnits(units(l));
    for (const name of Object.keys(units(l)))
      expect(fs.existsSync(path.join(l.unitsDir, name))).toBe(true);

    // The setup link, through Caddy over HTTPS: the session cookie is Secure.
    const link = new URL(result.setupLink!);
    await untilServed(`${publicUrl}/`);
    const created = await request(`${publicUrl}${link.pathname}${link.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: publicUrl },
      body: new URLSearchParams({
        intent: "signup",
        token: link.searchParams.get("token")!,
        name: "Ana Martín",
        email: "ana@example.com",
        password: "una frase larga de prueba 2026",
      }).toString(),
    });
    expect(created.status).toBe(302);
    const cookies = created.headers["set-cookie"] ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);

    // Run again: nothing to change, the same secrets, no new setup link (the account exists).
    const before = {
      env: fs.readFileSync(l.envFile, "utf8"),
      key: fs.readFileSync(l.backupKey, "utf8"),
    };
    const again = await install(await answersFrom({ "si-a-todo": true }, l), l, { services, log });
    expect(again.setupLink).toBeNull();
    expect(again.herSecretKey).toBeNull();
    expect(fs.readFileSync(l.envFile, "utf8")).toBe(before.env);
    expect(fs.readFileSync(l.backupKey, "utf8")).toBe(before.key);
  });

  it("serves HTTPS with HSTS, sends HTTP to HTTPS, and sees the visitor's own address", async () => {
    const home = await untilServed(`${publicUrl}/`);
    expect(home.status).toBe(200);
    expect(home.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
    const plain = await request(`http://${DOMAIN}:${ports.http}/`);
    expect([301, 308]).toContain(plain.status);
    expect(plain.headers.location).toMatch(new RegExp(`^https://${DOMAIN}(:${ports.https})?/$`));

    // A failed sign-in from 127.0.0.9 claiming to be 203.0.113.5: the audit log has the real one.
    const failed = await request(`${publicUrl}/auth`, {
      method: "POST",
      localAddress: "127.0.0.9",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: publicUrl,
        "x-forwarded-for": "203.0.113.5",
      },
      body: new URLSearchParams({
        intent: "signin",
        email: "ana@example.com",
        password: "no es esta",
      }).toString(),
    });
    expect(failed.status).toBeLessThan(500);
    const rows = await query<{ ip: string }>(
      "select ip from audit_log where action = 'login_failed' order by id desc limit 1",
    );
    expect(rows[0]?.ip).toBe("127.0.0.9");

    // A message from the contact form: data the updates below must keep.
    const sent = await request(`${publicUrl}/?index`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: publicUrl },
      body: new URLSearchParams({
        intent: "contact",
        name: "Lucía",
        email: "lucia@example.com",
        consent: "on",
        message: "Mensaje que debe sobrevivir a las actualizaciones",
      }).toString(),
    });
    expect(sent.status).toBeLessThan(400);
    expect(await query("select id from contact_messages")).toHaveLength(1);
  });

  it("updates to a new version, one instance at a time", async () => {
    const manifest = path.join(origin, "public/site.webmanifest");
    fs.writeFileSync(
      manifest,
      fs.readFileSync(manifest, "utf8").replace("{", '{\n  "x_version": "segunda",'),
    );
    git("commit", "-qam", "segunda versión");
    const result = await update(l, { ref: "HEAD", source: origin }, { services, log });
    expect(result).toMatchObject({ ok: true, changed: true });
    expect(currentRelease(l)).toBe(git("rev-parse", "HEAD").slice(0, 12));
    expect((await request(`${publicUrl}/site.webmanifest`)).body).toContain(
      '"x_version": "segunda"',
    );
  });

  it("rolls a broken version back: the previous release runs and the data is the same", async () => {
    const second = currentRelease(l);
    // The broken version migrates the database (a new table), then fails to start.
    const journalFile = path.join(origin, "drizzle/meta/_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
    journal.entries.push({
      idx: journal.entries.length,
      version: "7",
      when: Date.now(),
      tag: "9999_version_rota",
      breakpoints: true,
    });
    fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2));
    fs.writeFileSync(
      path.join(origin, "drizzle/9999_version_rota.sql"),
      'CREATE TABLE "version_rota" ("id" integer);\n',
    );
    const main = path.join(origin, "server/main.js");
    fs.writeFileSync(
      main,
      fs
        .readFileSync(main, "utf8")
        .replace(
          "({ setupLink } = await mod.start());",
          '({ setupLink } = await mod.start());\n  throw new Error("versión rota a propósito");',
        ),
    );
    git("add", "-A");
    git("commit", "-qm", "versión rota");
    const result = await update(
      l,
      { ref: "HEAD", source: origin },
      { services, log, healthMs: 20_000 },
    );
    expect(result).toMatchObject({ ok: false, restoredData: true, healthy: true });
    expect(currentRelease(l)).toBe(second);
    expect(
      await query("select 1 from information_schema.tables where table_name = 'version_rota'"),
    ).toHaveLength(0);
    expect(await query("select id from contact_messages")).toHaveLength(1);
    expect(await query(`select id from "user"`)).toHaveLength(1);
    expect((await request(`${publicUrl}/site.webmanifest`)).body).toContain(
      '"x_version": "segunda"',
    );
    const state = JSON.parse(fs.readFileSync(path.join(l.stateDir, "actualizacion.json"), "utf8"));
    expect(state).toMatchObject({ ok: false, rolledBack: true, restoredData: true });
  });

  it("the restore drill restores the latest backup into a scratch database and checks it", async () => {
    expect(await drill({}, l)).toBe(0);
    const state = JSON.parse(fs.readFileSync(path.join(l.stateDir, "simulacro.json"), "utf8"));
    expect(state.ok).toBe(true);
  });
});
