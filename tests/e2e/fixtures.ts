import { spawn } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { test as base, type Browser, expect, type Page, type Request } from "@playwright/test";
import pg from "pg";
import { freePort } from "../support/http.js";
import { type E2EServer, e2eDataDir, e2eServerInfo, setE2EServer } from "./data-dir";

/** Changes to Ajustes that last until the end of the test (see `saveSettings`). */
export interface Settings {
  /** Saves these values now; the old ones are saved back when the test ends. */
  set(values: SettingValues): Promise<void>;
  /** For a test that changes Ajustes through the page itself: these fields are put back after it. */
  keep(...names: string[]): Promise<void>;
}

/**
 * Starts tests/support/e2e-server.js on a free port and waits until it answers: the built app on a
 * data directory and a PostgreSQL database of its own, with the E2E administrators.
 */
async function startE2EServer(hydration: string): Promise<E2EServer & { stop(): Promise<void> }> {
  const port = await freePort();
  const infoFile = path.join(os.tmpdir(), `psico-e2e-${port}-${process.pid}.json`);
  const child = spawn(process.execPath, ["tests/support/e2e-server.js"], {
    env: { ...process.env, E2E_PORT: String(port), E2E_INFO_FILE: infoFile, HYDRATION: hydration },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`El servidor E2E terminó (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error("El servidor E2E no arrancó en 90 s");
    const ok = await fetch(`http://localhost:${port}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok && fs.existsSync(infoFile)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const info = JSON.parse(fs.readFileSync(infoFile, "utf8")) as E2EServer;
  fs.rmSync(infoFile, { force: true });
  return {
    ...info,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * Every E2E test fails on a page error or console error, and can run axe (WCAG 2.2 AA). A test
 * that changes Ajustes does it through `settings`, which puts the old values back when it ends.
 *
 * Each worker has a server and database of its own (`e2eServer`); `baseURL` points at it. The
 * files of one worker run in turn on it, so a file owns its state against every other worker's.
 */
/** Options a project sets (playwright.config.ts). */
export interface E2EOptions {
  hydration: "deferred" | "immediate";
}

export const test = base.extend<
  { consoleErrors: string[]; settings: Settings },
  E2EOptions & { e2eServer: E2EServer }
>({
  hydration: ["deferred", { scope: "worker", option: true }],
  e2eServer: [
    async ({ hydration }, use) => {
      const server = await startE2EServer(hydration);
      setE2EServer(server);
      await use(server);
      setE2EServer(undefined);
      await workerPool?.end();
      workerPool = undefined;
      await server.stop();
    },
    { scope: "worker", auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ e2eServer }, use) => {
    await use(e2eServer.url);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await use(errors);
    expect(errors, "errores en la consola del navegador").toEqual([]);
  },
  page: async ({ browser, baseURL }, use) => {
    // @axe-core/playwright needs pages created through browser.newContext().
    const context = await browser.newContext({
      baseURL,
      locale: "es-ES",
      timezoneId: "Europe/Madrid",
    });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
  settings: async ({ browser }, use) => {
    const previous: SettingValues[] = [];
    await use({
      set: async (values) => {
        previous.unshift(await saveSettings(browser, values));
      },
      keep: async (...names) => {
        previous.unshift(await readSettings(browser, names));
      },
    });
    for (const values of previous) await saveSettings(browser, values);
  },
});

export { expect };

export async function expectAccessible(page: Page) {
  // Contrast is measured on the settled page: a toast fading in or out (its timer can run out
  // while axe works) is half transparent. With reduced motion the toasts (sonner) and the site's
  // own styles have no transitions, so every element is at its final state; then this waits a few
  // frames and for anything finite still running. (Endless animations, such as a spinner, are not
  // waited for.)
  await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    await page.evaluate(async () => {
      const nextFrames = () =>
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      for (let round = 0; round < 10; round++) {
        await nextFrames();
        const running = document
          .getAnimations()
          .filter(
            (a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity,
          );
        if (running.length === 0) return;
        await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      }
    });
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
    expect(summary, "violaciones de accesibilidad (axe)").toEqual([]);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

export const E2E_ADMIN = {
  name: "Ana Ruiz",
  email: "ana.e2e@example.com",
  password: "un paseo largo por el parque",
};

/**
 * Another administrator from `user:create`, signed in by one test only (accounts.spec.ts: the first
 * sign-in, with the enrolment of the second factor), so no other spec's sign-in changes it.
 */
export const E2E_NEW_ADMIN = {
  name: "Eva Prieto",
  email: "eva.e2e@example.com",
  password: "su primera tarde en la consulta",
};

// ─── Verificación en dos pasos ──────────────────────────────────────────────────────────────────
// Administrators and editors must enrol a TOTP factor. The secret shown on Mi cuenta is kept in
// the E2E server's DATA_DIR (one file per account), so later sign-ins in any spec can make codes.

function secretFile(email: string) {
  const dataDir = e2eDataDir();
  return path.join(dataDir, `e2e-totp-${email}.txt`);
}

/**
 * A code of the authenticator app for a base32 secret that the server has not accepted yet (a
 * code works once): the current one, or the next period's (the server takes that one too), or —
 * a third time within one period — the next after waiting for it, as a person would. The last
 * step sent is kept next to the secrets, since the specs run in turn and sign the same accounts in.
 */
export async function freshCode(secret: string) {
  const file = path.join(e2eDataDir(), `e2e-totp-step-${secret}.txt`);
  const now = Math.floor(Date.now() / 30_000);
  const last = fs.existsSync(file) ? Number(fs.readFileSync(file, "utf8")) : now - 1;
  const step = Math.max(now, last + 1);
  if (step > now + 1) {
    test.setTimeout(test.info().timeout + 30_000);
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 100));
  }
  fs.writeFileSync(file, String(step));
  return createOTP(base32.decode(secret), { digits: 6, period: 30 }).hotp(step);
}

/**
 * On the focused enrolment screen (Mi cuenta, 'Paso 2 de 2'), not yet enrolled: password → the
 * QR code and the key beside it (read as text, as someone who cannot scan would) → 'He guardado
 * mis códigos' → first code. Ends on the panel (/admin) for a role that must enrol. Returns the
 * secret.
 */
export async function enrolTwoFactor(
  page: Page,
  email: string,
  password: string,
  /** Runs on the screen with the QR code and the codes, before the enrolment is confirmed. */
  onScreen?: () => Promise<void>,
) {
  // Enrolling adds a few page loads to whichever test signs this account in first.
  test.setTimeout(test.info().timeout + 30_000);
  await expect(page).toHaveURL("/admin/cuenta");
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Empezar la activación" }).click();
  await expect(page.getByText("Paso 2 de 2")).toBeVisible();
  await expect(
    page.locator("svg[role=img]").and(page.getByRole("img", { name: /^Código QR/ })),
  ).toBeVisible();
  // The key is shown in groups of four; the app ignores the spaces.
  const secret = (await page.getByTestId("totp-secret").textContent())!.replaceAll(/\s/g, "");
  fs.writeFileSync(secretFile(email), secret);
  await onScreen?.();
  await page.getByLabel("He guardado mis códigos").check();
  await page.getByLabel("Código de la aplicación de autenticación").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Activar la verificación en dos pasos" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByText("Verificación en dos pasos activada")).toBeVisible();
  return secret;
}

/**
 * After the password step: types the code (enrolled) or enrols on Mi cuenta (administrator or
 * editor without 2FA yet), then checks that the person ends on `target`.
 */
export async function finishSignIn(page: Page, email: string, password: string, target: string) {
  await page.waitForURL((url) => !["/auth", "/login"].includes(url.pathname));
  const { pathname } = new URL(page.url());
  if (pathname === "/auth/verificacion") {
    const secret = fs.readFileSync(secretFile(email), "utf8").trim();
    await page.getByLabel("Código de la aplicación de autenticación").fill(await freshCode(secret));
    await page.getByRole("button", { name: "Verificar" }).click();
  } else if (pathname === "/admin/cuenta" && target !== "/admin/cuenta") {
    await enrolTwoFactor(page, email, password);
    if (target !== "/admin") await page.goto(target);
  }
  await expect(page).toHaveURL(target);
}

/** Opens a page and waits until React has hydrated it (root.tsx marks <html data-hydrated>). */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The article editor's visual editor, once it has loaded (after hydration). */
export async function visualEditor(page: Page) {
  const editor = page.getByRole("textbox", { name: "Contenido del artículo" });
  await expect(editor).toBeVisible();
  return editor;
}

/** The article editor's text as Markdown: waits for the visual editor, then its Markdown view. */
export async function markdownView(page: Page) {
  await visualEditor(page);
  await page.getByRole("button", { name: "Markdown" }).click();
  return page.getByRole("textbox", { name: "Contenido", exact: true });
}

/**
 * Waits until the page is hydrated and has stopped loading: no request started or in flight for
 * `quietMs` (what hydration sets off: lazy chunks such as the cookie banner, the analytics script,
 * their first requests). A negative assertion ("no banner", "no analytics request") only means
 * something after this; before hydration it passes whatever the page would do. (Not for admin
 * pages: their live connection, /api/eventos, never finishes.)
 */
export async function waitUntilSettled(page: Page, quietMs = 500) {
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = () => {
    inFlight++;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect
      .poll(() => inFlight === 0 && Date.now() - lastActivity >= quietMs, {
        message: "la página sigue cargando",
        intervals: [100],
      })
      .toBe(true);
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

/**
 * The forms sent to the server while `act` runs (method and path): a form its schema refuses in
 * the browser sends none.
 */
export async function formsSentDuring(page: Page, act: () => Promise<void>) {
  const sent: string[] = [];
  const record = (request: Request) => {
    if (request.method() !== "GET")
      sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
  };
  page.on("request", record);
  try {
    await act();
  } finally {
    page.off("request", record);
  }
  return sent;
}

let workerPool: pg.Pool | undefined;

/** The worker's own database (for the state a test sets up directly). */
function workerDb() {
  workerPool ??= new pg.Pool({ connectionString: e2eServerInfo().databaseUrl, max: 2 });
  return workerPool;
}

/**
 * Forgets the visitors' rate limits on the worker's server. Every browser comes from 127.0.0.1, so
 * a spec that runs after another on the same worker would otherwise find, say, the hour's bookings
 * spent by someone else's tests; a test that plays a new visitor starts with a fresh allowance.
 */
export async function forgetRateLimits(prefix: string) {
  await workerDb().query("DELETE FROM rate_limit WHERE key LIKE $1", [`${prefix}%`]);
}

/**
 * Empties the waitlist of the worker's server: the hours other specs freed (their cancellations
 * and moves are recorded for the list) would otherwise be offered to this spec's people.
 */
export async function forgetWaitlist() {
  const db = workerDb();
  await db.query("DELETE FROM appointments WHERE status = 'held' AND created_by = 'lista-espera'");
  await db.query("DELETE FROM waitlist_slots");
  await db.query("DELETE FROM waitlist_entries");
}

/**
 * A signed-in session for an account of the worker's server, as the sign-in form leaves it: a
 * `session` row (just authenticated, so actions that ask for a recent sign-in take it) and
 * better-auth's signed cookie in the page's browser context. The sign-in form itself (password,
 * second factor, enrolment, limits) is tested through the pages in accounts.spec.ts,
 * two-factor.spec.ts and sweep-accessibility.spec.ts; everything else starts signed in.
 */
export async function signInDirectly(page: Page, email: string, target = "/admin") {
  const server = e2eServerInfo();
  const token = randomBytes(24).toString("base64url");
  const { rowCount } = await workerDb().query(
    `INSERT INTO session (id, token, expires_at, user_id, ip_address, user_agent)
     SELECT $1, $2, now() + interval '1 day', id, '127.0.0.1', 'Playwright' FROM "user" WHERE email = $3`,
    [randomBytes(16).toString("hex"), token, email],
  );
  expect(rowCount, `no hay una cuenta ${email} en el servidor E2E`).toBe(1);
  // better-call's signed cookie: "<token>.<base64 HMAC-SHA256 of the token with AUTH_SECRET>".
  const signature = createHmac("sha256", server.authSecret).update(token).digest("base64");
  await page.context().addCookies([
    {
      name: "consulta.session_token",
      value: encodeURIComponent(`${token}.${signature}`),
      url: server.url,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  await page.goto(target);
  await expect(page).toHaveURL(target);
}

/**
 * A visitor asks at /cita for the first free hour of a service that takes requests ('Primera
 * sesión' in a new install), as a person does: the service, the first day with free hours, its
 * first hour, name, e-mail and consent.
 */
export async function requestFirstFreeHour(
  page: Page,
  service: RegExp,
  name: string,
  email: string,
) {
  await gotoHydrated(page, "/cita");
  await page.getByRole("link", { name: service }).click();
  let day = page.getByRole("link", { name: /horas? libres?$/ }).first();
  if ((await day.count()) === 0) {
    await page.getByRole("link", { name: /^Mes siguiente/ }).click();
    day = page.getByRole("link", { name: /horas? libres?$/ }).first();
  }
  await day.click();
  await page
    .getByRole("link", { name: /^Elegir las \d\d:\d\d$/ })
    .first()
    .click();
  await page.getByLabel("Nombre").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Enviar la solicitud" }).click();
  await expect(page).toHaveURL("/cita/enviada?tipo=solicitud");
}

/** Signs in as the E2E administrator (created with `user:create` by tests/support/e2e-server.js). */
export async function signInAsAdmin(page: Page) {
  await signInDirectly(page, E2E_ADMIN.email);
}

/** The sign-in form, password and code, as the E2E administrator. */
export async function signInAsAdminWithForm(page: Page) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Contraseña").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await finishSignIn(page, E2E_ADMIN.email, E2E_ADMIN.password, "/admin");
}

// ─── Ajustes ────────────────────────────────────────────────────────────────────────────────────
// Every spec shares one server and one database. A test that changes Ajustes puts back what it
// changed when it ends (the `settings` fixture) and a file that needs values for all its tests
// sets them with `useSettings`, which restores them after the file; no spec tidies up for another.

/** Fields of Ajustes by their `name` (`collegeNumber`, `publications.0.title`…): switches as booleans. */
export type SettingValues = Record<string, string | boolean>;

/** Signs the E2E administrator in, in a context of its own, and opens Ajustes hydrated. */
async function openSettings(browser: Browser) {
  // Explicitly with JavaScript: new contexts take the options of the describe that asks.
  const context = await browser.newContext({
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    javaScriptEnabled: true,
  });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/ajustes");
  return { page, close: () => context.close() };
}

const settingsSwitch = (page: Page, name: string) => page.locator(`[role="switch"][id="${name}"]`);

async function readFields(page: Page, names: string[]) {
  const values: SettingValues = {};
  for (const name of names) {
    const toggle = settingsSwitch(page, name);
    values[name] =
      (await toggle.count()) > 0
        ? (await toggle.getAttribute("aria-checked")) === "true"
        : await page.locator(`[name="${name}"]`).inputValue();
  }
  return values;
}

/** Reads the current values of fields in Ajustes (to put them back later). */
export async function readSettings(browser: Browser, names: string[]) {
  const { page, close } = await openSettings(browser);
  const values = await readFields(page, names);
  await close();
  return values;
}

/**
 * Saves fields in Ajustes as the E2E administrator, in a context of its own, and returns their
 * values from before (so they can be saved back).
 */
export async function saveSettings(browser: Browser, values: SettingValues) {
  const { page, close } = await openSettings(browser);
  const previous = await readFields(page, Object.keys(values));
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "boolean") {
      const toggle = settingsSwitch(page, name);
      if ((await toggle.getAttribute("aria-checked")) !== String(value)) await toggle.click();
      await expect(toggle).toHaveAttribute("aria-checked", String(value));
      continue;
    }
    const field = page.locator(`[name="${name}"]`);
    if ((await field.getAttribute("type")) === "hidden") {
      // The portrait's address (set by the upload widget, not typed).
      await field.evaluate((input: HTMLInputElement, v) => (input.value = v), value);
    } else {
      await field.fill(value);
    }
  }
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Los cambios han sido guardados correctamente")).toBeVisible();
  await close();
  return previous;
}

/**
 * Ajustes a whole file (or `test.describe`) needs: saved before its first test and put back after
 * its last one.
 */
export function useSettings(values: SettingValues) {
  let previous: SettingValues | undefined;
  test.beforeAll(async ({ browser }) => {
    previous = await saveSettings(browser, values);
  });
  test.afterAll(async ({ browser }) => {
    if (previous) await saveSettings(browser, previous);
  });
}

/**
 * A visitor's browser context of a given size (with or without JavaScript) who has already made
 * the cookie choice: other specs turn analytics on, and the consent banner (consent.spec.ts) is
 * not what the asking test is about.
 */
export async function visitorPage(
  browser: Browser,
  viewport: { width: number; height: number },
  js = true,
) {
  const context = await browser.newContext({
    viewport,
    javaScriptEnabled: js,
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
  });
  await context.addInitScript(() =>
    window.localStorage.setItem(
      "cookie_consent",
      JSON.stringify({ analytics: false, at: new Date().toISOString() }),
    ),
  );
  return { context, page: await context.newPage() };
}
