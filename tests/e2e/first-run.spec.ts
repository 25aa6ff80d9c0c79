import fs from "node:fs";
import QRCode from "qrcode";
import { type RunningServer, setupLinkIn, startServer } from "../support/server";
import { enrolTwoFactor, expect, expectAccessible, test } from "./fixtures";

/**
 * The first run, as the person installing the site meets it: a server started on an empty data
 * directory (not the E2E harness, whose administrators come from user:create), the setup link
 * read from the frame it prints last, the account (Paso 1 de 2), the second factor with the QR
 * code's secret (Paso 2 de 2), the panel. Then the used link says the account exists.
 */

const FIRST = {
  name: "Lucía Ortega",
  email: "lucia.primera@example.com",
  password: "la primera tarde del sitio nuevo",
};

let server: RunningServer | undefined;

test.afterAll(async () => {
  if (!server) return;
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

/** The `d` of the dark modules' path of a QR code's SVG. */
function modulesPath(svg: string) {
  return /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1];
}

test("from an empty data directory: setup link from the log, account, 2FA with the QR's secret, panel", async ({
  browser,
}) => {
  test.setTimeout(180_000); // a cold start of a server of its own, then the whole first run
  server = await startServer({ timeoutMs: 90_000 });
  const deadline = Date.now() + 20_000;
  let link = setupLinkIn(server.output());
  while (!link && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    link = setupLinkIn(server.output());
  }
  expect(link, `enlace en la salida del servidor:\n${server.output()}`).not.toBeNull();
  const setupPath = `${link!.pathname}${link!.search}`;

  const context = await browser.newContext({
    baseURL: server.url,
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));

  // Paso 1 de 2: the account. 'Crear cuenta' says it is working while the server works.
  await page.goto(setupPath);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByText("Paso 1 de 2")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crear cuenta de administrador");
  await expectAccessible(page);
  await page.getByLabel("Nombre completo").fill(FIRST.name);
  await page.getByLabel("Email").fill(FIRST.email);
  await page.getByLabel("Contraseña").fill(FIRST.password);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/auth/configurar**", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Crear cuenta de administrador" }).click();
  const creating = page.getByRole("button", { name: "Creando la cuenta…" });
  await expect(creating).toBeVisible();
  await expect(creating).toBeDisabled();
  release();

  // Paso 2 de 2: the focused enrolment screen; the QR code holds the key shown beside it.
  await expect(page).toHaveURL("/admin/cuenta");
  await expect(page.getByText("Paso 2 de 2")).toBeVisible();
  await expect(page.getByRole("link", { name: "Mensajes" })).toHaveCount(0);
  await expectAccessible(page);
  await enrolTwoFactor(page, FIRST.email, FIRST.password, async () => {
    const uri = await page
      .getByRole("link", { name: "abrir el enlace de configuración" })
      .getAttribute("href");
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const secret = new URL(uri!).searchParams.get("secret");
    const shown = (await page.getByTestId("totp-secret").textContent())!.replaceAll(" ", "");
    expect(shown).toBe(secret);
    // The drawing on the page is the QR code of that address (drawn again here, same options).
    const drawn = await page
      .getByRole("img", { name: /^Código QR/ })
      .evaluate((svg) => svg.outerHTML);
    const expected = await QRCode.toString(uri!, {
      type: "svg",
      errorCorrectionLevel: "M",
      margin: 4,
    });
    expect(modulesPath(drawn)).toBeDefined();
    expect(modulesPath(drawn)).toBe(modulesPath(expected));
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page);
    }
  });

  // The panel, with the navigation the enrolment screen left out.
  await expect(page.getByRole("heading", { level: 1, name: "Panel" })).toBeVisible();
  await expect(page.getByText(new RegExp(`, ${FIRST.name}$`)).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Mensajes" }).first()).toBeVisible();

  // The link again, later: it says the account exists and leads to sign in.
  await page.goto(setupPath);
  await expect(page.getByText("La cuenta ya está creada:")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "inicia sesión" }).click();
  await expect(page).toHaveURL(/\/auth|\/admin/);

  expect(errors, "errores en la consola del navegador").toEqual([]);
  await context.close();
});
