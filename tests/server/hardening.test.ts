import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookiesOf,
  createFirstAdmin,
  enrolOverHttp,
  type RunningServer,
  startServer,
  tempDataDir,
} from "../support/server";

/** Sends raw bytes; resolves with the status line's code, the head, and how many body bytes went out. */
function rawRequest(
  port: number,
  head: string,
  body: (write: (chunk: Buffer | string) => boolean) => Promise<void> | void,
): Promise<{ status: number; response: string; sentAfterAnswer: boolean; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let response = "";
    let sent = 0;
    let answered = false;
    const finish = () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0),
        response,
        sentAfterAnswer: !answered,
        sent,
      });
    socket.on("data", (d) => {
      response += String(d);
      answered = true;
    });
    socket.on("error", () => finish());
    socket.on("close", finish);
    socket.on("connect", async () => {
      socket.write(head);
      try {
        await body((chunk) => {
          if (answered || socket.destroyed) return false;
          sent += chunk.length;
          socket.write(chunk);
          return true;
        });
      } catch (error) {
        reject(error as Error);
      }
      // Give the server a moment to answer, then hang up.
      setTimeout(() => socket.end(), 1500);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function contact(server: RunningServer, fields: Record<string, string>, headers = {}) {
  // The landing page's contact form, as a browser without JavaScript sends it.
  return fetch(`${server.url}/?index`, {
    method: "POST",
    headers: { ...headers },
    body: new URLSearchParams({
      intent: "contact",
      name: "Ana Pérez",
      email: "ana@example.com",
      consent: "on",
      message: "Hola",
      ...fields,
    }),
  });
}

describe("request hardening on the built server", () => {
  let server: RunningServer;
  const dataDir = tempDataDir("psico-hardening-");
  const old = path.join(dataDir, "antiguo.txt");

  beforeAll(async () => {
    // A file left world-readable by an older version (or a copy with the wrong umask).
    fs.writeFileSync(old, "x");
    fs.chmodSync(old, 0o644);
    fs.chmodSync(dataDir, 0o755);
    server = await startServer({
      dataDir,
      env: { LOG_LEVEL: "info", CONTACT_RATE_LIMIT: "1000", OUTBOX_INTERVAL_MS: "200" },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  // The first administrator (setup link, 2FA), created once for the tests that need a session.
  let admin: Promise<string> | undefined;
  const adminCookie = () =>
    (admin ??= (async () => {
      const setup = await createFirstAdmin(server, {
        name: "Ana Ruiz",
        email: "ana.hardening@example.com",
        password: "subir fotos al servidor",
      });
      expect(setup.status).toBe(302);
      const cookie = await enrolOverHttp(server.url, cookiesOf(setup), "subir fotos al servidor");
      expect(cookie).not.toBe("");
      return cookie;
    })());

  it("refuses a body whose declared length is too large before reading it (413, Spanish)", async () => {
    const res = await rawRequest(
      server.port,
      "POST /?index HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
        "Content-Length: 400000000\r\n\r\n",
      () => undefined,
    );
    expect(res.status).toBe(413);
    expect(res.response).toMatch(/demasiado grande/);
    expect(res.response).toMatch(/cache-control: no-store/i);
  });

  it("stops a chunked body without Content-Length as soon as it passes the limit", async () => {
    const chunk = Buffer.alloc(16 * 1024, "a");
    const res = await rawRequest(
      server.port,
      "POST /auth?modo=registro HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
        "Transfer-Encoding: chunked\r\n\r\n",
      async (write) => {
        write("5\r\nname=\r\n");
        // Up to 20 MB: the answer must come long before.
        for (let i = 0; i < 1280; i++) {
          if (!write(`${chunk.length.toString(16)}\r\n`)) return;
          write(chunk);
          write("\r\n");
          await sleep(2);
        }
      },
    );
    expect(res.status).toBe(413);
    expect(res.response).toMatch(/demasiado grande/);
    expect(res.sent).toBeLessThan(2 * 1024 * 1024);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("grants the article editor's 1 MB allowance only to a validated session that may publish", async () => {
    const post = (size: number, cookie?: string, to = "/admin/blog/nuevo") =>
      fetch(`${server.url}${to}`, {
        method: "POST",
        redirect: "manual",
        headers: cookie ? { cookie } : {},
        body: new URLSearchParams({ title: "Largo", content: "á".repeat(size) }),
      });
    // 100,000 accented characters: 600 KB percent-encoded. An administrator's session (2FA
    // done) gets the allowance…
    const cookie = await adminCookie();
    expect((await post(100_000, cookie)).status).not.toBe(413);
    expect((await post(200_000, cookie)).status).toBe(413);
    // …a cookie merely named like a session does not: anyone could make the server buffer 1 MB.
    const forged = "consulta.session_token=no-valida";
    expect((await post(100_000, forged)).status).toBe(413);
    expect((await post(100_000, `__Secure-${forged}`)).status).toBe(413);
    // Nor does no cookie at all.
    expect((await post(100_000)).status).toBe(413);
    // The editor's autosaved copy carries the same fields.
    expect((await post(100_000, cookie, "/admin/blog/autoguardado")).status).not.toBe(413);
    expect((await post(200_000, cookie, "/admin/blog/autoguardado")).status).toBe(413);
    expect((await post(100_000, forged, "/admin/blog/autoguardado")).status).toBe(413);
    expect((await post(100_000, undefined, "/admin/blog/autoguardado")).status).toBe(413);
  });

  it("still accepts a normal contact form, which the outbox writes as an .eml only the server can read", async () => {
    const res = await contact(server, { message: "¿Tenéis cita el martes?" });
    expect(res.status).toBe(200);
    const mailDir = path.join(dataDir, "mail");
    await expect
      .poll(() => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []).length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const eml = path.join(mailDir, fs.readdirSync(mailDir)[0]!);
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    expect(mode(eml)).toBe(0o600);
    expect(mode(mailDir)).toBe(0o700);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "pgdata"))).toBe(0o700);
    expect(mode(old)).toBe(0o600);
    // Nothing in the embedded database is readable or writable by others.
    const open: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isSymbolicLink()) continue;
        if (mode(full) & 0o077) open.push(full);
        if (entry.isDirectory()) walk(full);
      }
    };
    walk(dataDir);
    expect(open).toEqual([]);
    expect(server.output()).toMatch(/permisos/i);
  });

  it("answers 400 to NUL bytes in the path, the query or a form field, and 405 to other methods", async () => {
    const search = await fetch(`${server.url}/blog?q=%00`);
    expect(search.status).toBe(400);
    expect(await search.text()).toMatch(/no válida/);
    expect((await fetch(`${server.url}/blog%00`)).status).toBe(400);
    const signup = await fetch(`${server.url}/auth?modo=registro`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({
        intent: "signup",
        name: "Ana\u0000Ruiz",
        email: "nul@example.com",
        password: "una frase larga de verdad",
      }),
    });
    expect(signup.status).toBe(400);
    const json = await fetch(`${server.url}/?index`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        name: "A\u0000",
        email: "a@example.com",
        message: "x",
        consent: "on",
      }),
    });
    expect(json.status).toBe(400);
    const multipart = new FormData();
    multipart.append("token", "abc\u0000def");
    const reset = await fetch(`${server.url}/auth/restablecer`, {
      method: "POST",
      body: multipart,
    });
    expect(reset.status).toBe(400);

    // fetch() refuses to send TRACE: over a raw socket.
    const trace = await rawRequest(
      server.port,
      "TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      () => undefined,
    );
    expect(trace.status).toBe(405);
    expect(trace.response).toMatch(/^allow: GET, HEAD, POST, OPTIONS\r$/im);
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const res = await fetch(`${server.url}/`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    }
    const options = await fetch(`${server.url}/`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    expect(server.output()).not.toMatch(/error no controlado/);
  });

  it("marks admin, auth and API answers as not cacheable, documents and .data alike", async () => {
    const admin = await fetch(`${server.url}/admin`, { redirect: "manual" });
    expect(admin.status).toBe(302);
    expect(admin.headers.get("cache-control")).toBe("no-store");
    for (const url of [
      "/auth",
      "/auth.data",
      "/login",
      "/admin/mensajes.data",
      "/api/eventos",
      "/ADMIN/Mensajes",
    ]) {
      const res = await fetch(`${server.url}${url}`, { redirect: "manual" });
      expect(res.headers.get("cache-control"), url).toBe("no-store");
    }
    expect((await fetch(`${server.url}/`)).headers.get("cache-control")).not.toBe("no-store");
    // A Host header no URL can hold is not a 500.
    const odd = await rawRequest(
      server.port,
      "GET / HTTP/1.1\r\nHost: 127.0.0.1:99999\r\nConnection: close\r\n\r\n",
      () => {},
    );
    expect(odd.status).toBeGreaterThanOrEqual(200);
    expect(odd.status).toBeLessThan(500);
  });

  it("logs request paths without query values (tokens, e-mails)", async () => {
    await fetch(`${server.url}/auth/restablecer?token=SECRET123&email=a@b.c`);
    await expect.poll(() => server.output(), { timeout: 5000 }).toMatch(/restablecer\?token/);
    expect(server.output()).toContain("/auth/restablecer?token=[redactado]&email=[redactado]");
    expect(server.output()).not.toContain("SECRET123");
    expect(server.output()).not.toContain("a@b.c");
    // Start-up says how to listen publicly.
    expect(server.output()).toMatch(/HOST=0\.0\.0\.0/);
  });

  it("trusts only PUBLIC_URL's origin, never the Host header a request brings (DNS rebinding)", async () => {
    // A page on the attacker's name that resolves to this server: the browser sends that name
    // as both Host and Origin.
    const rebound = await rawRequest(
      server.port,
      `POST /?index HTTP/1.1\r\nHost: malicioso.example:${server.port}\r\n` +
        `Origin: http://malicioso.example:${server.port}\r\n` +
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 14\r\nConnection: close\r\n\r\n",
      (write) => void write("intent=contact"),
    );
    expect(rebound.status).toBe(403);
    // PUBLIC_URL is http://localhost:<port>: its loopback aliases are the same machine (a
    // browser at http://127.0.0.1:<port> sends that origin).
    const res = await contact(
      server,
      { message: "¿Tenéis hueco el jueves?" },
      { Origin: server.url },
    );
    expect(res.status).toBe(200);
  });

  it("answers 405 before React Router to a method the route has no handler for, without an error in the log", async () => {
    const before = server.output().length;
    const cases: Array<[string, string, string]> = [
      ["GET", "/admin/blog/autoguardado", "POST"],
      ["GET", "/admin/mensajes/exportar", "POST"],
      ["GET", "/api/imagenes", "POST"],
      ["POST", "/sitemap.xml", "GET, HEAD"],
      ["POST", "/robots.txt", "GET, HEAD"],
      ["POST", "/api/citas.ics", "GET, HEAD"],
      ["POST", "/api/eventos", "GET, HEAD"],
      ["POST", "/media/blog/images/x.webp", "GET, HEAD"],
      ["POST", "/blog", "GET, HEAD"],
      ["POST", "/blog.data", "GET, HEAD"],
      ["POST", "/servicios", "GET, HEAD"],
    ];
    for (const [method, path, allow] of cases) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        redirect: "manual",
        ...(method === "POST" ? { body: new URLSearchParams({ a: "b" }) } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
      expect(await res.text()).toMatch(/Método no permitido/);
    }
    // What has a handler still reaches it.
    expect((await fetch(`${server.url}/sitemap.xml`)).status).toBe(200);
    expect((await contact(server, { message: "Sigue funcionando" })).status).toBe(200);
    // The form with JavaScript posts to the home page's data address (`/_.data?index`), as
    // React Router's single fetch writes it; that is the home page's action, not a 405.
    const fetched = await fetch(`${server.url}/_.data?index`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "contact",
        name: "Ana Pérez",
        email: "ana@example.com",
        consent: "on",
        message: "Desde la página con JavaScript",
      }),
    });
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toMatch(/"ok",true/);
    await sleep(200);
    const log = server.output().slice(before);
    expect(log).not.toMatch(/"level":50/);
    expect(log).not.toMatch(/did not provide/);
  });

  it("survives a truncated image upload (400) and keeps answering", async () => {
    // An editor's session, as the review found it: the first administrator (setup link, 2FA).
    const cookie = await adminCookie();
    const boundary = "----limite";
    // The multipart body stops in the middle of the file: no closing boundary.
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n` +
          "Content-Type: image/jpeg\r\n\r\n",
      ),
      Buffer.alloc(50_000, 0xff),
    ]);
    const head = (length: number) =>
      `POST /api/imagenes HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`;
    const ended = await rawRequest(server.port, head(body.length), (write) => void write(body));
    expect(ended.status).toBe(400);
    // The client hangs up before sending what it announced.
    await rawRequest(server.port, head(body.length * 4), (write) => void write(body));
    await sleep(300);
    expect(server.proc.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe("client address and proxies", () => {
  // One data directory for both servers (a fresh embedded database is slow to create).
  const dataDir = tempDataDir("psico-proxy-");
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });
  const spoof = (running: RunningServer, i: number, prefix: string) =>
    contact(running, { message: `Mensaje ${i}` }, { "X-Forwarded-For": `${prefix}.${i + 1}` });

  it("ignores X-Forwarded-For by default: a new forged address per request still hits the rate limit", async () => {
    server = await startServer({ dataDir, env: { CONTACT_RATE_LIMIT: "2" } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await spoof(server, i, "198.51.100")).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    await server.stop();
  });

  it("honours X-Forwarded-For from the proxies in TRUST_PROXY, and never a value that is not an address", async () => {
    server = await startServer({
      dataDir,
      env: { CONTACT_RATE_LIMIT: "2", TRUST_PROXY: "127.0.0.1" },
    });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await spoof(server, i, "203.0.113")).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    // Not an address: counted for the proxy's own address, whose limit the test above used up.
    const junk = await contact(server, { message: "x" }, { "X-Forwarded-For": "no-es-una-ip" });
    expect(junk.status).toBe(429);
  });

  it("refuses an invalid TRUST_PROXY at start-up with a Spanish message", async () => {
    await expect(startServer({ env: { TRUST_PROXY: "cualquiera" } })).rejects.toThrow(
      /TRUST_PROXY: debe ser una lista de direcciones IP/,
    );
  });
});
