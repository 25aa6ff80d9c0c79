// `consulta doctor` (ops/doctor.js): each check against the real thing on 127.0.0.1 — TLS, HTTP
// and SMTP servers started here, the local PostgreSQL, real files. Only the DNS lookup of a
// public domain and the free space of the disk are injected.
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { promisify } from "node:util";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  backup,
  certificate,
  disk,
  dnsCheck,
  drill,
  instances,
  migrations,
  node,
  ports,
  postgres,
  redact,
  report,
  smtp,
} from "../../ops/doctor.js";
import { layout } from "../../ops/paths.js";
import { startSmtpSink } from "../support/smtp-sink";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TEST_DB_URL = "postgres://postgres@127.0.0.1:5432/test";
const DOMAIN = "consulta.localhost";
const DAY = 86_400_000;

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempRoot() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "doctor-"));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  const paths = layout(root);
  fs.mkdirSync(paths.stateDir, { recursive: true });
  fs.mkdirSync(paths.backupDir, { recursive: true });
  return paths;
}

/** A context with short network timeouts; `env` is merged over a minimal one. */
function context(env: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  const paths = tempRoot();
  return {
    layout: paths,
    env: {
      PUBLIC_URL: `https://${DOMAIN}`,
      DATA_DIR: paths.dataDir,
      BACKUP_DIR: paths.backupDir,
      ...env,
    },
    now: new Date(),
    timeoutMs: 2000,
    smtpTimeoutMs: 3000,
    ...extra,
  };
}

/** Starts a server on an ephemeral port of 127.0.0.1, stopped after the test. */
async function listen(server: net.Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  // Open connections (a silent server's) would keep close() waiting.
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  cleanups.push(() => sockets.forEach((socket) => socket.destroy()));
  return (server.address() as net.AddressInfo).port;
}

/** A port nothing listens on (was free a moment ago). */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("certificate", () => {
  const certs: Record<number, { key: Buffer; cert: Buffer }> = {};
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "doctor-cert-"));
    await Promise.all(
      [5, 200].map(async (days) => {
        const key = path.join(dir, `${days}.key`);
        const cert = path.join(dir, `${days}.crt`);
        await promisify(execFile)("openssl", [
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-days",
          String(days),
          "-subj",
          `/CN=${DOMAIN}`,
          "-addext",
          `subjectAltName=DNS:${DOMAIN}`,
          "-keyout",
          key,
          "-out",
          cert,
        ]);
        certs[days] = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
      }),
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const serve = (days: number) => listen(tls.createServer(certs[days]!, (s) => s.end()));

  it("fails when the certificate expires in 5 days", async () => {
    const port = await serve(5);
    const result = await certificate(context({ CADDY_HTTPS_PORT: String(port) }));
    expect(result).toMatchObject({ id: "certificado", status: "fallo" });
    expect(result.detail).toMatch(/quedan [45] días/);
    expect(result.fix).toContain("systemctl restart caddy");
  });

  it("is ok with 200 days left, warns under 30 and fails once expired", async () => {
    const port = await serve(200);
    const env = { CADDY_HTTPS_PORT: String(port) };
    const ok = await certificate(context(env));
    expect(ok.status).toBe("ok");
    expect(ok.detail).toMatch(/quedan 19\d días/);
    const soon = await certificate(context(env, { now: new Date(Date.now() + 180 * DAY) }));
    expect(soon.status).toBe("aviso");
    const expired = await certificate(context(env, { now: new Date(Date.now() + 201 * DAY) }));
    expect(expired.status).toBe("fallo");
    expect(expired.detail).toContain("caducó");
  });

  it("fails when the certificate is for another domain", async () => {
    const port = await serve(200);
    const result = await certificate(
      context({ PUBLIC_URL: "https://otra.localhost", CADDY_HTTPS_PORT: String(port) }),
    );
    expect(result.status).toBe("fallo");
    expect(result.detail).toContain("no es de otra.localhost");
  });

  it("fails, without hanging, when nothing answers or the port is closed", async () => {
    const silent = await listen(net.createServer(() => {}));
    const started = Date.now();
    const hung = await certificate(
      context({ CADDY_HTTPS_PORT: String(silent) }, { timeoutMs: 300 }),
    );
    expect(hung.status).toBe("fallo");
    expect(hung.detail).toContain("sin respuesta");
    expect(Date.now() - started).toBeLessThan(5000);
    const closed = await certificate(context({ CADDY_HTTPS_PORT: String(await closedPort()) }));
    expect(closed.status).toBe("fallo");
    expect(closed.detail).toContain("conexión rechazada");
  });

  it("a check that runs past its deadline becomes a fallo", async () => {
    const silent = await listen(net.createServer(() => {}));
    const result = await certificate(
      context({ CADDY_HTTPS_PORT: String(silent) }, { timeoutMs: 10_000, deadlineMs: 200 }),
    );
    expect(result).toMatchObject({
      status: "fallo",
      detail: "La comprobación no terminó en 0,2 s.",
    });
  });
});

describe("ports", () => {
  it("is ok when both ports listen and names the one that does not", async () => {
    const http80 = await listen(net.createServer((s) => s.end()));
    const https443 = await listen(net.createServer((s) => s.end()));
    const env = { CADDY_HTTP_PORT: String(http80), CADDY_HTTPS_PORT: String(https443) };
    expect((await ports(context(env))).status).toBe("ok");
    const closed = await closedPort();
    const result = await ports(context({ ...env, CADDY_HTTPS_PORT: String(closed) }));
    expect(result.status).toBe("fallo");
    expect(result.detail).toContain(`puerto ${closed}`);
    expect(result.detail).not.toContain(`puerto ${http80}`);
    expect(result.fix).toContain(`ufw allow ${http80},${closed}/tcp`);
  });
});

describe("instances", () => {
  async function app(status: number) {
    return listen(
      http.createServer((req, res) => {
        res.writeHead(req.url === "/healthz" ? status : 404, {
          "content-type": "application/json",
        });
        res.end(JSON.stringify({ status: status === 200 ? "ok" : "error" }));
      }),
    );
  }

  it("names the instance that is down and is ok when all answer", async () => {
    const up = await app(200);
    const down = await closedPort();
    const result = await instances(context({ CONSULTA_PUERTOS: `${up},${down}` }));
    expect(result.status).toBe("fallo");
    expect(result.detail).toContain(`consulta@${down} no responde`);
    expect(result.detail).not.toContain(`consulta@${up}`);
    expect(result.fix).toContain(`systemctl restart consulta@${down}`);
    expect(result.fix).toContain(`journalctl -u consulta@${down} -n 50`);

    const other = await app(200);
    const ok = await instances(context({ CONSULTA_PUERTOS: `${up}, ${other}` }));
    expect(ok).toMatchObject({ status: "ok" });
    expect(ok.detail).toContain("Las 2 instancias responden");
  });

  it("fails on an instance that answers 503, and on a missing setting", async () => {
    const sick = await app(503);
    const result = await instances(context({ CONSULTA_PUERTOS: String(sick) }));
    expect(result.status).toBe("fallo");
    expect(result.detail).toContain(`consulta@${sick} responde 503`);
    const missing = await instances(context());
    expect(missing).toMatchObject({ status: "fallo", fix: "consulta instalar" });
    expect(missing.detail).toContain("Falta CONSULTA_PUERTOS");
  });
});

describe("postgres and migrations", () => {
  it("reads the version of the local PostgreSQL and fails on a closed port", async () => {
    const ok = await postgres(context({ DATABASE_URL: TEST_DB_URL }));
    expect(ok.status).toMatch(/^(ok|aviso)$/);
    expect(ok.detail).toMatch(/^PostgreSQL \d+\.\d+ responde/);
    const port = await closedPort();
    const down = await postgres(
      context({ DATABASE_URL: `postgres://consulta:secreto@127.0.0.1:${port}/consulta` }),
    );
    expect(down.status).toBe("fallo");
    expect(down.detail).toContain("No se puede conectar con PostgreSQL");
    expect(down.fix).toContain("systemctl restart postgresql");
  });

  it("counts the migrations of drizzle/ the database has not applied", async () => {
    const name = `doctor_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.href, CONSULTA_PUERTOS: "3001,3002" };
    const { entries } = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as {
      entries: Array<{ tag: string; when: number }>;
    };

    const empty = await migrations(context(env));
    expect(empty.status).toBe("fallo");
    expect(empty.detail).toContain(`${entries.length} de ${entries.length} actualizaciones`);
    expect(empty.fix).toContain("systemctl restart consulta@3001");

    // The table drizzle-orm's migrator keeps, with every migration but the last applied.
    const db = new pg.Client({ connectionString: url.href });
    await db.connect();
    await db.query(
      "create schema drizzle; create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
    );
    for (const entry of entries.slice(0, -1)) {
      await db.query(
        "insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)",
        [entry.tag, entry.when],
      );
    }
    const one = await migrations(context(env));
    expect(one.status).toBe("fallo");
    expect(one.detail).toContain(`1 de ${entries.length}`);
    expect(one.detail).toContain(entries.at(-1)!.tag);

    await db.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
      entries.at(-1)!.tag,
      entries.at(-1)!.when,
    ]);
    await db.end();
    expect(await migrations(context(env))).toMatchObject({ status: "ok" });
  });
});

describe("smtp", () => {
  it("fails with the server's reply when it refuses at the greeting", async () => {
    const port = await listen(
      net.createServer((socket) => socket.end("554 5.7.1 No acepto conexiones\r\n")),
    );
    const result = await smtp(context({ SMTP_URL: `smtp://127.0.0.1:${port}` }));
    expect(result.status).toBe("fallo");
    expect(result.detail).toContain("554 5.7.1 No acepto conexiones");
  });

  it("fails when the server rejects the user and password", async () => {
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (_auth, _session, callback) =>
        callback(new Error("Usuario o contraseña incorrectos")),
    });
    const port = await listen(server.server);
    const env = { SMTP_URL: `smtp://web:ClaveMala123@127.0.0.1:${port}` };
    const result = await smtp(context(env));
    expect(result.status).toBe("fallo");
    expect(result.detail).toMatch(/535.*Usuario o contraseña incorrectos/);
    expect(redact(report([result]), env)).not.toContain("ClaveMala123");
  });

  it("turns an unexpected error into a fallo instead of throwing", async () => {
    const result = await smtp(context({ SMTP_URL: "esto no es una dirección" }));
    expect(result.status).toBe("fallo");
    expect(result.detail).toMatch(/^La comprobación falló: /);
  });

  it("warns when there is no SMTP_URL, and sends a test e-mail on request", async () => {
    const none = await smtp(context());
    expect(none).toMatchObject({
      status: "aviso",
      fix: expect.stringContaining("consulta instalar"),
    });
    expect(none.detail).toContain("Los emails no se envían: se guardan en el servidor");

    const sink = await startSmtpSink();
    cleanups.push(() => sink.stop());
    const env = { SMTP_URL: sink.url, MAIL_FROM: "Consulta <web@consulta.localhost>" };
    expect(await smtp(context(env))).toMatchObject({ status: "ok" });
    expect(sink.received).toHaveLength(0);
    const sent = await smtp(context(env, { sendTestTo: "sobrino@example.com" }));
    expect(sent.status).toBe("ok");
    expect(sent.detail).toContain("Email de prueba enviado a sobrino@example.com");
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]).toMatchObject({
      from: "web@consulta.localhost",
      to: ["sobrino@example.com"],
    });
  });
});

describe("backup", () => {
  // Aged from the check's own clock (ctx.now): from Date.now() a backup of "3 days" read a
  // millisecond later is 2 days and 23:59:59.999 old.
  function writeBackup(ctx: ReturnType<typeof context>, ageMs: number, bytes = 2048) {
    const at = new Date(ctx.now.getTime() - ageMs);
    const file = path.join(
      ctx.layout.backupDir,
      `consulta-${at.toISOString().replace(/[:.]/g, "-")}.tar.age`,
    );
    fs.writeFileSync(file, Buffer.alloc(bytes, 1));
    fs.utimesSync(file, at, at);
    return { file, at };
  }
  function writeState(ctx: ReturnType<typeof context>, state: object) {
    fs.writeFileSync(path.join(ctx.layout.stateDir, "copia.json"), JSON.stringify(state));
  }

  it("fails when the last backup is 3 days old", async () => {
    const ctx = context();
    const { file, at } = writeBackup(ctx, 3 * DAY);
    writeState(ctx, { at: at.toISOString(), file, size: 2048, ok: true });
    const result = await backup(ctx);
    expect(result.status).toBe("fallo");
    expect(result.detail).toContain("No hay ninguna copia de las últimas 48 horas");
    expect(result.detail).toContain("hace 3 días");
    expect(result.fix).toContain("consulta copia");
    expect(result.fix).toContain("systemctl status consulta-copia.timer");
  });

  it("is ok with a fresh backup, and says how old and how big", async () => {
    const ctx = context();
    writeBackup(ctx, 3 * DAY);
    const { file, at } = writeBackup(ctx, 2 * 3_600_000, 3_500_000);
    writeState(ctx, { at: at.toISOString(), file, size: 3_500_000, ok: true });
    const result = await backup(ctx);
    expect(result).toMatchObject({
      status: "ok",
      detail: "La última es de hace 2 horas (3,5 MB).",
    });
  });

  it("fails with the error of a failed backup newer than the last file, and with none at all", async () => {
    const ctx = context();
    writeBackup(ctx, 5 * 3_600_000);
    writeState(ctx, { at: new Date().toISOString(), ok: false, error: "age: no such recipient" });
    const failed = await backup(ctx);
    expect(failed.status).toBe("fallo");
    expect(failed.detail).toContain("falló: age: no such recipient");

    const empty = context();
    const none = await backup(empty);
    expect(none.status).toBe("fallo");
    expect(none.detail).toContain("No hay ninguna copia de seguridad");
  });
});

describe("drill", () => {
  function withDrill(state?: object) {
    const ctx = context();
    if (state) {
      fs.writeFileSync(path.join(ctx.layout.stateDir, "simulacro.json"), JSON.stringify(state));
    }
    return drill(ctx);
  }
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

  it("warns when never run or too old, fails when it failed, is ok when recent", async () => {
    expect(await withDrill()).toMatchObject({ status: "aviso", fix: "consulta simulacro" });
    const failed = await withDrill({
      at: daysAgo(1),
      ok: false,
      backup: "b.age",
      details: "tabla vacía",
    });
    expect(failed.status).toBe("fallo");
    expect(failed.detail).toContain("tabla vacía");
    expect(
      (await withDrill({ at: daysAgo(40), ok: true, backup: "b.age", details: "" })).status,
    ).toBe("aviso");
    const ok = await withDrill({ at: daysAgo(3), ok: true, backup: "b.age", details: "" });
    expect(ok).toMatchObject({ status: "ok" });
    expect(ok.detail).toContain("hace 3 días");
  });
});

describe("disk", () => {
  const fakeStatfs = (percent: number) => async () => ({
    bsize: 4096,
    blocks: 1000,
    bavail: percent * 10,
  });

  it("fails under 10 % free and warns under 20 %", async () => {
    const low = await disk(context({}, { statfs: fakeStatfs(5) }));
    expect(low.status).toBe("fallo");
    expect(low.detail).toContain("(5 %)");
    expect(low.fix).toContain("journalctl --vacuum-size");
    expect((await disk(context({}, { statfs: fakeStatfs(15) }))).status).toBe("aviso");
    expect((await disk(context({}, { statfs: fakeStatfs(50) }))).status).toBe("ok");
  });

  it("reads the real free space of DATA_DIR's disk, even before the folder exists", async () => {
    const ctx = context();
    const result = await disk(ctx);
    expect(result.detail).toMatch(/^Quedan [\d,]+ [GMk]B libres \(\d+ %\)/);
    // DATA_DIR (root/var/lib/consulta) does not exist yet: its nearest parent is measured.
    expect(result.detail).toContain(path.join(ctx.layout.root, "var", "lib"));
  });
});

describe("dns", () => {
  it("fails when the domain points elsewhere and is ok when it points here", async () => {
    const env = { PUBLIC_URL: "https://psicologa.example.com" };
    const elsewhere = await dnsCheck(
      context(env, { resolve: async () => [{ address: "192.0.2.7", family: 4 }] }),
    );
    expect(elsewhere.status).toBe("fallo");
    expect(elsewhere.detail).toMatch(/^El dominio apunta a 192\.0\.2\.7, no a este servidor \(/);
    expect(elsewhere.fix).toContain("registro A");
    // 127.0.0.1 is an address of this machine's loopback interface.
    const here = await dnsCheck(
      context(env, { resolve: async () => [{ address: "127.0.0.1", family: 4 }] }),
    );
    expect(here.status).toBe("ok");
    const unknown = await dnsCheck(
      context(env, {
        resolve: async () => {
          throw Object.assign(new Error("getaddrinfo ENOTFOUND psicologa.example.com"), {
            code: "ENOTFOUND",
          });
        },
      }),
    );
    expect(unknown.status).toBe("fallo");
    expect(unknown.detail).toContain("no existe en el DNS");
  });

  it("takes *.localhost as this machine without asking the DNS", async () => {
    const result = await dnsCheck(
      context(
        {},
        {
          resolve: async () => {
            throw new Error("no debería preguntar");
          },
        },
      ),
    );
    expect(result.status).toBe("ok");
  });
});

describe("node", () => {
  it("is ok well before the end of life of this Node.js line, warns near it, fails after", async () => {
    const major = Number(process.versions.node.split(".")[0]);
    const end = new Date({ 22: "2027-04-30", 24: "2028-04-30" }[major]!);
    expect((await node(context({}, { now: new Date(end.getTime() - 400 * DAY) }))).status).toBe(
      "ok",
    );
    const near = await node(context({}, { now: new Date(end.getTime() - 30 * DAY) }));
    expect(near).toMatchObject({
      status: "aviso",
      fix: expect.stringContaining("./ops/instalar"),
    });
    expect((await node(context({}, { now: new Date(end.getTime() + DAY) }))).status).toBe("fallo");
  });
});

describe("report and redaction", () => {
  it("prints a line per check, the fix of what is not ok, and the summary", () => {
    const text = report([
      { id: "a", title: "Uno", status: "ok", detail: "Bien.", fix: "nada" },
      { id: "b", title: "Dos", status: "aviso", detail: "Regular.", fix: "consulta simulacro" },
      { id: "c", title: "Tres", status: "fallo", detail: "Mal.", fix: "consulta copia" },
    ]);
    expect(text).toBe(
      [
        "✔ Uno: Bien.",
        "⚠ Dos: Regular.",
        "    Cómo arreglarlo: consulta simulacro",
        "✖ Tres: Mal.",
        "    Cómo arreglarlo: consulta copia",
        "",
        "1 cosa necesita atención.",
      ].join("\n"),
    );
    expect(report([{ id: "a", title: "Uno", status: "ok", detail: "Bien." }])).toMatch(
      /\nTodo en orden\.$/,
    );
  });

  it("hides the passwords of DATABASE_URL and SMTP_URL", () => {
    const env = {
      DATABASE_URL: "postgres://consulta:p%40ss%2Fw0rd@127.0.0.1:5432/consulta",
      SMTP_URL: "smtps://web:Secreto99@smtp.example.com:465",
    };
    const text = redact(`${env.DATABASE_URL} p@ss/w0rd ${env.SMTP_URL} Secreto99`, env);
    expect(text).not.toMatch(/p@ss\/w0rd|p%40ss|Secreto99/);
    expect(text).toContain("postgres://consulta:***@127.0.0.1");
  });
});

describe("consulta doctor (the command)", () => {
  it("exits 1 when something fails, as JSON or text, and never prints the database password", async () => {
    const paths = tempRoot();
    const [https, http80, app, db, mail] = await Promise.all([
      closedPort(),
      closedPort(),
      closedPort(),
      closedPort(),
      closedPort(),
    ]);
    fs.mkdirSync(paths.etcDir, { recursive: true });
    fs.writeFileSync(
      paths.envFile,
      [
        `PUBLIC_URL=https://${DOMAIN}`,
        `DATABASE_URL=postgres://consulta:SuperSecreto123@127.0.0.1:${db}/consulta`,
        `DATA_DIR=${paths.dataDir}`,
        `BACKUP_DIR=${paths.backupDir}`,
        `SMTP_URL=smtp://web:OtroSecreto456@127.0.0.1:${mail}`,
        `MAIL_FROM=web@${DOMAIN}`,
        `CONSULTA_PUERTOS=${app}`,
        "ADMIN_EMAIL=ana@example.com",
        `CADDY_HTTPS_PORT=${https}`,
        `CADDY_HTTP_PORT=${http80}`,
      ].join("\n"),
    );
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["ops/cli.js", "doctor", "--raiz", paths.root, ...args], {
        encoding: "utf8",
        timeout: 60_000,
      });

    const json = run("--json");
    expect(json.status).toBe(1);
    const parsed = JSON.parse(json.stdout) as {
      ok: boolean;
      checks: Array<{ id: string; status: string }>;
    };
    expect(parsed.ok).toBe(false);
    expect(parsed.checks.map((c) => c.id)).toEqual([
      "dns",
      "puertos",
      "certificado",
      "instancias",
      "postgres",
      "migraciones",
      "smtp",
      "copia",
      "simulacro",
      "disco",
      "node",
    ]);
    for (const id of ["puertos", "certificado", "instancias", "postgres", "migraciones", "smtp"]) {
      expect(parsed.checks.find((c) => c.id === id)?.status).toBe("fallo");
    }

    const text = run();
    expect(text.status).toBe(1);
    expect(text.stdout).toContain(`✖ Aplicación: La instancia consulta@${app} no responde`);
    expect(text.stdout).toMatch(/\n\d+ cosas necesitan atención\.\n$/);
    for (const output of [json.stdout, json.stderr, text.stdout, text.stderr]) {
      expect(output).not.toContain("SuperSecreto123");
      expect(output).not.toContain("OtroSecreto456");
    }
  });

  it("exits 1 and asks to install when there is no configuration", () => {
    const paths = tempRoot();
    const result = spawnSync(process.execPath, ["ops/cli.js", "doctor", "--raiz", paths.root], {
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("Cómo arreglarlo: consulta instalar");
  });
});
