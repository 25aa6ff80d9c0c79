import fs from "node:fs";
import type { Page } from "@playwright/test";
import {
  E2E_ADMIN as ADMIN,
  E2E_NEW_ADMIN,
  enrolTwoFactor,
  expect,
  expectAccessible,
  finishSignIn,
  formsSentDuring,
  test,
} from "./fixtures";
import { linkInMail, mailCount } from "./mail";

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await finishSignIn(page, email, password, "/admin");
}

const STAFF = { name: "Luis Gómez", email: "luis.e2e@example.com" };

/** Nothing wider than the window: every label fits (or wraps) at this width. */
async function expectNoSidewaysScroll(page: Page) {
  // The elements that reach past the window's right edge, to name them if there are any. A layer
  // fixed to the window (the toasts' list, shown after 'Copiar') scrolls nothing: left out.
  const wide = await page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const fixed = (el: Element | null): boolean =>
      el !== null && (getComputedStyle(el).position === "fixed" || fixed(el.parentElement));
    return [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > limit + 0.5 && !fixed(el))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120));
  });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    "la página se desplaza de lado",
  ).toBeLessThanOrEqual(await page.evaluate(() => document.documentElement.clientWidth));
  expect(wide, "elementos más anchos que la ventana").toEqual([]);
}

/**
 * The enrolment screen, as a person without experience of authenticator apps meets it: at 390 and
 * 1280 px, axe-clean; the key copies; the codes download as a .txt and copy; 'He guardado mis
 * códigos' is required before the code is even sent.
 */
async function checkEnrolmentScreen(page: Page, email: string) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole("img", { name: /^Código QR/ })).toBeVisible();
    await expect(page.getByTestId("totp-secret")).toHaveText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  }
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const key = (await page.getByTestId("totp-secret").textContent())!.replaceAll(" ", "");
  await page.getByRole("button", { name: "Copiar la clave" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copiado" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const codes = await page
    .getByRole("list", { name: "Códigos de recuperación" })
    .getByRole("listitem")
    .allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar (.txt)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("codigos-de-recuperacion.txt");
  const text = fs.readFileSync((await file.path())!, "utf8");
  expect(text).toContain(`Cuenta: ${email}`);
  for (const code of codes) expect(text).toContain(code);
  await page.getByRole("button", { name: "Copiar los códigos" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(codes[0]!);
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();

  // Without the tick, nothing is sent and the box says why.
  await page.getByLabel("Código de la aplicación de autenticación").fill("123456");
  const sent = await formsSentDuring(page, async () => {
    await page.getByRole("button", { name: "Activar la verificación en dos pasos" }).click();
    await expect(
      page.getByText("Marca la casilla cuando hayas guardado los códigos de recuperación"),
    ).toBeVisible();
  });
  expect(sent).toEqual([]);
  await expect(page.getByLabel("He guardado mis códigos")).toBeFocused();
  await expectAccessible(page);
}

test("an administrator created with user:create signs in, out and in again", async ({ page }) => {
  test.setTimeout(90_000); // enrols the second factor too
  // An account nobody has signed in with yet: this test does not depend on running first.
  const ADMIN = E2E_NEW_ADMIN;
  await page.goto("/auth");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar sesión");
  await expectAccessible(page);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Contraseña").fill(ADMIN.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  // An administrator reads health data: Mi cuenta first, to enrol the second factor, on a
  // screen of its own (no sidebar, no other page to wander to).
  await expect(page).toHaveURL("/admin/cuenta");
  await expect(page.getByText(/tienes que activar la verificación en dos pasos/)).toBeVisible();
  await expect(page.getByText("Paso 2 de 2")).toBeVisible();
  await expect(page.getByRole("link", { name: "Mensajes" })).toHaveCount(0);
  await expectAccessible(page);
  await enrolTwoFactor(page, ADMIN.email, ADMIN.password, async () => {
    await checkEnrolmentScreen(page, ADMIN.email);
  });
  // Straight to the panel, with its navigation back.
  await expect(page.getByRole("heading", { level: 1, name: "Panel" })).toBeVisible();
  await expect(page.getByText(new RegExp(`, ${ADMIN.name}$`)).first()).toBeVisible();
  await expect(page.getByText("Sesión iniciada como")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Has cerrado sesión correctamente")).toBeVisible();
  await expect(page.getByRole("link", { name: "Acceder" }).first()).toBeVisible();

  await page.goto("/admin/usuarios");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fusuarios/);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Contraseña").fill("contraseña equivocada");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("alert")).toHaveText("El email o la contraseña no son correctos");
  await page.getByLabel("Contraseña").fill(ADMIN.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/auth\/verificacion\?redirectTo=%2Fadmin%2Fusuarios/);
  await finishSignIn(page, ADMIN.email, ADMIN.password, "/admin/usuarios");
  await expect(page.getByText("Has iniciado sesión correctamente")).toBeVisible();
});

test("an administrator invites staff, who sets a password, resets it, and loses the session on a role change", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // two browsers, three e-mails: slow on a busy machine
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin/usuarios");
  await expectAccessible(page);
  await page.getByRole("textbox", { name: "Nombre", exact: true }).fill(STAFF.name);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(STAFF.email);
  await page.getByRole("combobox", { name: "Rol", exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByText("Invitación enviada")).toBeVisible();
  await expect(page.getByRole("cell", { name: STAFF.email })).toBeVisible();

  // Luis opens the link from the e-mail in his own browser.
  const luis = await (await browser.newContext()).newPage();
  await luis.goto(await linkInMail(STAFF.email, "/auth/restablecer"));
  await expectAccessible(luis);
  await luis.getByLabel("Contraseña nueva").fill("mi primera frase secreta");
  await luis.getByLabel("Repite la contraseña").fill("mi primera frase secreta");
  await luis.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(luis.getByText("Contraseña actualizada")).toBeVisible();

  // He forgets it and resets it through the e-mail link.
  const before = mailCount(STAFF.email);
  await luis.goto("/auth?modo=recuperar");
  await luis.getByLabel("Email").fill(STAFF.email);
  await luis.getByRole("button", { name: "Enviar enlace de recuperación" }).click();
  await expect(luis.getByText("Se ha enviado un enlace de recuperación a tu email")).toBeVisible();
  await luis.goto(await linkInMail(STAFF.email, "/auth/restablecer", before));
  await luis.getByLabel("Contraseña nueva").fill("mi segunda frase secreta");
  await luis.getByLabel("Repite la contraseña").fill("mi segunda frase secreta");
  await luis.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(luis).toHaveURL("/auth");

  await luis.getByLabel("Email").fill(STAFF.email);
  await luis.getByLabel("Contraseña").fill("mi segunda frase secreta");
  await luis.getByRole("button", { name: "Iniciar sesión" }).click();
  // An editor must enrol the second factor before anything else.
  await finishSignIn(luis, STAFF.email, "mi segunda frase secreta", "/admin");
  await expect(luis.getByText("Editor", { exact: true })).toBeVisible();
  await expect(luis.getByRole("link", { name: "Usuarios" })).toHaveCount(0);
  await luis.goto("/admin/usuarios");
  await expect(luis.getByRole("heading", { name: "Acceso Restringido" })).toBeVisible();

  // The administrator makes him a contributor: his session ends.
  await page.reload({ waitUntil: "networkidle" }); // hydrated: React would reset an earlier choice
  await page.getByLabel(`Rol de ${STAFF.name}`).selectOption("contributor");
  await page.getByRole("button", { name: `Guardar el rol de ${STAFF.name}` }).click();
  await expect(page.getByText("Rol actualizado")).toBeVisible();
  await luis.goto("/admin");
  await expect(luis).toHaveURL(/\/auth\?redirectTo=%2Fadmin/);
  await luis.context().close();
});

test("with public sign-up turned on, a new account waits for an administrator's approval", async ({
  page,
  browser,
  settings,
}) => {
  test.setTimeout(90_000);
  const NEW = {
    name: "Nuria Nueva",
    email: "nuria.e2e@example.com",
    password: "mi frase de registro",
  };
  await settings.set({ allowSignup: true });
  await signIn(page, ADMIN.email, ADMIN.password);

  const nuria = await (await browser.newContext()).newPage();
  await nuria.goto("/auth?modo=registro");
  await nuria.getByLabel("Nombre completo").fill(NEW.name);
  await nuria.getByLabel("Email").fill(NEW.email);
  await nuria.getByLabel("Contraseña").fill(NEW.password);
  await nuria.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(nuria.getByText("Te hemos enviado un email")).toBeVisible();
  await nuria.goto(await linkInMail(NEW.email, "/auth/verificar"));
  await nuria.getByRole("button", { name: "Confirmar mi email" }).click();
  await expect(nuria.getByText("Email confirmado")).toBeVisible();

  await nuria.getByLabel("Email").fill(NEW.email);
  await nuria.getByLabel("Contraseña").fill(NEW.password);
  await nuria.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(nuria.getByRole("alert")).toHaveText(
    "Tu cuenta está pendiente de aprobación por una administradora.",
  );
  await nuria.goto("/admin");
  await expect(nuria).toHaveURL(/\/auth\?redirectTo=%2Fadmin/);

  await page.goto("/admin/usuarios");
  await expect(page.getByText("Pendiente de aprobación")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: `Aprobar a ${NEW.name}` }).click();
  await expect(page.getByText("Cuenta aprobada")).toBeVisible();

  await nuria.getByLabel("Email").fill(NEW.email);
  await nuria.getByLabel("Contraseña").fill(NEW.password);
  await nuria.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(nuria).toHaveURL("/admin");
  await nuria.context().close();
});

test("settings saved in Ajustes show on the public site at once", async ({ page, settings }) => {
  await settings.keep("professionalName", "collegeNumber");
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin/ajustes");
  await expectAccessible(page);
  await page.getByLabel(/^Nombre profesional/).fill("Marta Sánchez");
  await page.getByLabel(/^Número de colegiada/).fill("M-12345");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Los cambios han sido guardados correctamente")).toBeVisible();

  await page.getByLabel(/^Email de contacto/).fill("ana@consulta"); // valid for the browser, not for the server
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Introduce un email válido")).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marta Sánchez");
  await expect(page.getByText("M-12345").first()).toBeVisible();
});
