// Plain JavaScript, so that both the tests (TypeScript) and bench/ (node, no build step) use it:
// a free port, a fresh PostgreSQL database, and signing a staff member in over HTTP.
import net from "node:net";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import pg from "pg";

/**
 * A TCP port free right now on 127.0.0.1 (other work on this machine takes fixed ones).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(address.port));
    });
  });
}

/**
 * Creates the database `name` next to the one `adminUrl` names: empty, or a copy of `template`
 * (a database nobody is connected to, such as the migrated one tests/support/global-setup.ts makes).
 * @param {string} adminUrl
 * @param {string} name
 * @param {string=} template
 */
export async function createPgDatabaseAt(adminUrl, name, template) {
  const run = async (/** @type {string} */ statement) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * "name=value; …" from a response's Set-Cookie headers (cleared cookies left out).
 * @param {Response} res
 */
export function cookiesOf(res) {
  return res.headers
    .getSetCookie()
    .map((c) => /** @type {string} */ (c.split(";")[0]))
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** The last 30-second step whose code this process sent, per secret. */
const usedSteps = new Map();

/**
 * A code the server has not accepted yet (a code works once): the authenticator's current one, or
 * the next period's (the server takes that one too), or — a third sign-in within one period —
 * the next after waiting for it, as a person would.
 * @param {string} secret
 * @returns {Promise<string>}
 */
export async function totpCode(secret) {
  const now = Math.floor(Date.now() / 30_000);
  const step = Math.max(now, (usedSteps.get(secret) ?? now - 1) + 1);
  if (step > now + 1) {
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 100));
  }
  usedSteps.set(secret, step);
  return createOTP(base32.decode(secret), { digits: 6, period: 30 }).hotp(step);
}

/**
 * Enrols a second factor over HTTP as a person would on Mi cuenta (password → secret → first
 * code); returns the renewed session cookie and the base32 secret (to make codes later).
 * @param {string} url
 * @param {string} cookie
 * @param {string} password
 */
export async function enrolOverHttpWithSecret(url, cookie, password) {
  const post = (/** @type {Record<string, string>} */ form) =>
    fetch(`${url}/admin/cuenta`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  const started = await post({ intent: "enable", password });
  if (started.status !== 302) throw new Error(`activar 2FA: ${started.status}`);
  const page = await (await fetch(`${url}/admin/cuenta`, { headers: { cookie } })).text();
  // The key as shown, in groups of four (the spaces are not part of it).
  const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(page)?.[1]?.replaceAll(" ", "");
  if (!secret) throw new Error("no se ve la clave de la verificación en dos pasos");
  const confirmed = await post({ intent: "confirm", code: await totpCode(secret), saved: "on" });
  const renewed = cookiesOf(confirmed);
  if (confirmed.status !== 302 || !renewed.includes("session_token")) {
    throw new Error(`confirmar 2FA: ${confirmed.status}`);
  }
  return { cookie: renewed, secret };
}

/**
 * Signs a staff member in over HTTP as a browser would: password, then the authenticator code
 * (the secret kept in `secrets` from an earlier enrolment), or — an administrator or editor not
 * enrolled yet — enrols on Mi cuenta and keeps the secret. Returns the session cookie.
 * @param {string} url
 * @param {string} email
 * @param {string} password
 * @param {Map<string, string>} secrets
 */
export async function signInOverHttp(url, email, password, secrets) {
  const post = (
    /** @type {string} */ path,
    /** @type {Record<string, string>} */ form,
    /** @type {string=} */ cookie,
  ) =>
    fetch(`${url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: url,
        "content-type": "application/x-www-form-urlencoded",
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(form),
    });
  const first = await post("/auth", { intent: "signin", email, password });
  if (first.status !== 302) throw new Error(`iniciar sesión: ${first.status}`);
  const location = first.headers.get("location") ?? "";
  if (location.startsWith("/auth/verificacion")) {
    const secret = secrets.get(email);
    if (!secret) throw new Error(`no hay clave guardada para ${email}`);
    const second = await post(
      "/auth/verificacion",
      { method: "totp", code: await totpCode(secret) },
      cookiesOf(first),
    );
    if (second.status !== 302) throw new Error(`código: ${second.status}`);
    return cookiesOf(second);
  }
  const cookie = cookiesOf(first);
  const gate = await fetch(`${url}/admin`, { headers: { cookie }, redirect: "manual" });
  if (gate.headers.get("location") !== "/admin/cuenta") return cookie;
  const enrolled = await enrolOverHttpWithSecret(url, cookie, password);
  secrets.set(email, enrolled.secret);
  return enrolled.cookie;
}
