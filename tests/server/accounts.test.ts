import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgDatabase } from "../support/db";
import { decodeMail } from "../support/routes";
import {
  createFirstAdmin,
  enrolOverHttp,
  type RunningServer,
  setupLinkIn,
  startServer,
  tempDataDir,
} from "../support/server";

/** The first administrator, sign-up and redirects through the built server over real HTTP. */

function form(fields: Record<string, string>) {
  return {
    method: "POST",
    redirect: "manual" as const,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  };
}

function setupLink(output: string) {
  const link = setupLinkIn(output);
  if (!link) throw new Error(`No hay enlace de configuración en el registro:\n${output}`);
  return link;
}

const PASSWORD = "una frase larga para la administradora";

describe("a fresh install", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses anonymous sign-up at /auth and explains how the site is set up", async () => {
    const page = await fetch(`${server.url}/auth`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("El sitio aún no está configurado");
    expect(html).toContain("npm run user:create");
    expect(html).not.toContain("Crear cuenta de administrador");

    const res = await fetch(
      `${server.url}/auth`,
      form({ intent: "signup", name: "Eve", email: "eve@example.com", password: PASSWORD }),
    );
    expect(res.status).toBe(403);
    // No session, and the back office still sends her to sign in.
    expect(res.headers.getSetCookie().join(";")).not.toMatch(/session_token=[^;]/);
    const signIn = await fetch(
      `${server.url}/auth`,
      form({ intent: "signin", email: "eve@example.com", password: PASSWORD }),
    );
    expect(signIn.status).toBe(400);
  });

  it("prints a one-time setup link that makes exactly one administrator, even when used twice at once", async () => {
    const link = setupLink(server.output());
    const url = `${server.url}${link.pathname}${link.search}`;
    const page = await fetch(url);
    expect(await page.text()).toContain("Crear cuenta de administrador");

    const token = link.searchParams.get("token")!;
    const [a, b] = await Promise.all(
      ["ana", "mallory"].map((who) =>
        fetch(
          url,
          form({
            intent: "signup",
            token,
            name: who,
            email: `${who}@example.com`,
            password: PASSWORD,
          }),
        ),
      ),
    );
    const statuses = [a!.status, b!.status].sort();
    expect(statuses).toEqual([302, 403]);
    const winner = a!.status === 302 ? a! : b!;
    expect(winner.headers.get("location")).toBe("/admin");
    const cookie = winner.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const admin = await fetch(`${server.url}/admin/usuarios`, { headers: { cookie } });
    expect(admin.status).toBe(200);
    const users = await admin.text();
    expect((users.match(/@example\.com/g) ?? []).length).toBeGreaterThanOrEqual(1);
    expect(users).not.toContain(a!.status === 302 ? "mallory@example.com" : "ana@example.com");

    const reuse = await fetch(
      url,
      form({ intent: "signup", token, name: "Eve", email: "eve@example.com", password: PASSWORD }),
    );
    expect(reuse.status).toBe(403);
    // The used link says what happened and where to go now, not that it is invalid.
    const used = await fetch(url).then((r) => r.text());
    expect(used).toContain("La cuenta ya está creada:");
    expect(used).toMatch(/<a[^>]*href="\/auth"[^>]*>inicia sesión<\/a>/);
    expect(used).not.toContain("no es válido o ya se ha usado");
  });

  it("never redirects a signed-in user to another site, and hostile redirectTo values never give a 500", async () => {
    let signedIn = 0;
    for (const who of ["ana", "mallory"]) {
      const res = await fetch(
        `${server.url}/auth`,
        form({
          intent: "signin",
          email: `${who}@example.com`,
          password: PASSWORD,
          redirectTo: "/\t/evil.example",
        }),
      );
      if (res.status !== 302) continue;
      signedIn++;
      expect(res.headers.get("location")).toBe("/admin");
    }
    expect(signedIn).toBe(1);
    for (const hostile of ["/%09/evil.example", "/%0A/evil", "/%0D/evil", "/%5Cevil", "//evil"]) {
      const res = await fetch(`${server.url}/auth?redirectTo=${hostile}`, { redirect: "manual" });
      expect(res.status, hostile).toBeLessThan(500);
      const html = await res.text();
      expect(/name="redirectTo" value="([^"]*)"/.exec(html)?.[1], hostile).toBe("/admin");
    }
  });

  it("/login leads to /auth, keeping redirectTo; hostile values are still refused there", async () => {
    const res = await fetch(`${server.url}/login?redirectTo=%2Fadmin%2Fmensajes`, {
      redirect: "manual",
    });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/auth?redirectTo=%2Fadmin%2Fmensajes");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const hostile = await fetch(`${server.url}/login?redirectTo=%2F%2Fevil.example`);
    expect(new URL(hostile.url).pathname).toBe("/auth");
    const html = await hostile.text();
    expect(/name="redirectTo" value="([^"]*)"/.exec(html)?.[1]).toBe("/admin");
    // Only /auth signs in.
    expect((await fetch(`${server.url}/login`, form({ email: "a", password: "b" }))).status).toBe(
      405,
    );
  });
});

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "with public sign-up turned on (PostgreSQL)",
  () => {
    let server: RunningServer;
    let database: Awaited<ReturnType<typeof createPgDatabase>>;
    const query = async (text: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    };
    beforeAll(async () => {
      database = await createPgDatabase();
      server = await startServer({ env: { DATABASE_URL: database.url } });
    });
    afterAll(async () => {
      await server?.stop();
      await database?.drop();
    });

    it("a self-registered account reaches nothing until an administrator approves it", async () => {
      const admin = await createFirstAdmin(server, {
        name: "Ana",
        email: "ana@example.com",
        password: PASSWORD,
      });
      expect(admin.status).toBe(302);
      // The administrator enrols a second factor before using the admin area.
      const adminCookie = await enrolOverHttp(server.url, cookieOf(admin), PASSWORD);
      await query(
        `insert into settings (id, data) values (1, '{"allowSignup": true}')
       on conflict (id) do update set data = settings.data || '{"allowSignup": true}'`,
      );

      const signUp = await fetch(
        `${server.url}/auth`,
        form({ intent: "signup", name: "Nuria", email: "nuria@example.com", password: PASSWORD }),
      );
      expect(signUp.status).toBe(302);
      // The e-mail confirmation arrives through the outbox (.eml files without SMTP_URL).
      const mailDir = path.join(server.dataDir, "mail");
      let link = "";
      for (let i = 0; i < 100 && !link; i++) {
        const mails = fs.existsSync(mailDir)
          ? fs
              .readdirSync(mailDir)
              .map((f) => decodeMail(fs.readFileSync(path.join(mailDir, f), "utf8")))
          : [];
        link =
          /\/auth\/verificar\?token=([\w.%-]+)/.exec(
            mails.find((m) => m.includes("nuria@example.com")) ?? "",
          )?.[1] ?? "";
        if (!link) await new Promise((r) => setTimeout(r, 100));
      }
      expect(link).not.toBe("");
      const verified = await fetch(
        `${server.url}/auth/verificar`,
        form({ token: decodeURIComponent(link) }),
      );
      expect(verified.status).toBe(302);

      const pending = await fetch(
        `${server.url}/auth`,
        form({ intent: "signin", email: "nuria@example.com", password: PASSWORD }),
      );
      expect(pending.status).toBe(403);
      expect(await pending.text()).toContain(
        "Tu cuenta está pendiente de aprobación por una administradora.",
      );
      expect(pending.headers.getSetCookie().join(";")).not.toMatch(/session_token=[^;]/);
      expect(
        await query(
          `select s.id from session s join "user" u on u.id = s.user_id where u.email = 'nuria@example.com'`,
        ),
      ).toHaveLength(0);

      const [nuria] = await query(`select id from "user" where email = 'nuria@example.com'`);
      const approve = await fetch(`${server.url}/admin/usuarios`, {
        ...form({ intent: "approve", userId: nuria.id }),
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: adminCookie },
      });
      expect(approve.status).toBe(302);
      expect(approve.headers.get("location")).toBe("/admin/usuarios");

      const signedIn = await fetch(
        `${server.url}/auth`,
        form({ intent: "signin", email: "nuria@example.com", password: PASSWORD }),
      );
      expect(signedIn.status).toBe(302);
      const cookie = cookieOf(signedIn);
      for (const url of ["/admin", "/admin/blog/vista-previa/duelo-como-abordarlo"]) {
        const res = await fetch(`${server.url}${url}`, { headers: { cookie }, redirect: "manual" });
        expect(res.status, url).toBe(200);
      }
      const controller = new AbortController();
      const stream = await fetch(`${server.url}/api/eventos`, {
        headers: { cookie },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      controller.abort();
    });
  },
);

describe("npm run user:create", () => {
  const dataDir = tempDataDir();
  const run = (args: string[], input?: string) =>
    spawnSync(process.execPath, ["scripts/user-create.js", ...args], {
      input,
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" },
      timeout: 60_000,
    });

  it("refuses the password on the command line, in Spanish", () => {
    const r = run([
      "--email",
      "ana@example.com",
      "--password",
      PASSWORD,
      "--role",
      "administrator",
    ]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("la contraseña no se acepta en la línea de órdenes");
  });

  it("reads the password from standard input and creates an approved account that signs in", async () => {
    const r = run(
      ["--email", "ana@example.com", "--name", "Ana", "--role", "administrator"],
      `${PASSWORD}\n`,
    );
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("Cuenta creada: ana@example.com (administrator).");
    const server = await startServer({ dataDir });
    try {
      // With an account, no setup link is printed.
      expect(server.output()).not.toContain("Primera puesta en marcha");
      const res = await fetch(
        `${server.url}/auth`,
        form({ intent: "signin", email: "ana@example.com", password: PASSWORD }),
      );
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin");
    } finally {
      await server.stop();
    }
  });
});
