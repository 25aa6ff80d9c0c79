import {
  expect,
  expectAccessible,
  formsSentDuring,
  freshCode,
  signInAsAdmin,
  test,
} from "./fixtures";
import { linkInMail } from "./mail";

/** Verificación en dos pasos (TOTP) for an administrator, in a real browser, axe-clean. */

const MARTA = {
  name: "Marta Gil",
  email: "marta.2fa@example.com",
  password: "una frase con dos pasos",
};

test("an administrator must enrol TOTP, then signs in with a code; another administrator can reset it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await page.goto("/admin/usuarios", { waitUntil: "networkidle" });
  await page.getByRole("textbox", { name: "Nombre", exact: true }).fill(MARTA.name);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(MARTA.email);
  await page.getByRole("combobox", { name: "Rol", exact: true }).selectOption("administrator");
  await page.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByText("Invitación enviada")).toBeVisible();

  const marta = await (await browser.newContext()).newPage();
  await marta.goto(await linkInMail(MARTA.email, "/auth/restablecer"));
  await marta.getByLabel("Contraseña nueva").fill(MARTA.password);
  await marta.getByLabel("Repite la contraseña").fill(MARTA.password);
  await marta.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(marta).toHaveURL("/auth");
  await marta.getByLabel("Email").fill(MARTA.email);
  await marta.getByLabel("Contraseña").fill(MARTA.password);
  await marta.getByRole("button", { name: "Iniciar sesión" }).click();

  // Without a second factor she can only reach Mi cuenta.
  await expect(marta).toHaveURL("/admin/cuenta");
  await expect(marta.getByRole("heading", { name: "Verificación en dos pasos" })).toBeVisible();
  await expectAccessible(marta);
  await marta.goto("/admin/mensajes");
  await expect(marta).toHaveURL("/admin/cuenta");

  await marta.getByLabel("Contraseña").fill(MARTA.password);
  await marta.getByRole("button", { name: "Empezar la activación" }).click();
  // The key in groups of four, beside the QR code.
  const shown = (await marta.getByTestId("totp-secret").textContent())!;
  expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = shown.replaceAll(" ", "");
  expect(secret).toMatch(/^[A-Z2-7]{20,}$/);
  await expect(marta.getByRole("img", { name: /^Código QR/ })).toBeVisible();
  await expect(
    marta.getByRole("link", { name: "abrir el enlace de configuración" }),
  ).toHaveAttribute("href", new RegExp(`^otpauth://totp/.*secret=${secret}`));
  await expect(
    marta.getByRole("list", { name: "Códigos de recuperación" }).getByRole("listitem"),
  ).toHaveCount(10);
  await expectAccessible(marta);
  // The code is checked in the browser by the schema the action runs: nothing is sent.
  await marta.getByLabel("He guardado mis códigos").check();
  await marta.getByLabel("Código de la aplicación de autenticación").fill("000000x");
  const sent = await formsSentDuring(marta, async () => {
    await marta.getByRole("button", { name: "Activar la verificación en dos pasos" }).click();
    await expect(
      marta.getByText("Escribe los 6 dígitos de tu aplicación de autenticación"),
    ).toBeVisible();
  });
  expect(sent).toEqual([]);
  await expect(marta.getByLabel("Código de la aplicación de autenticación")).toBeFocused();
  const enrolmentCode = await freshCode(secret);
  await marta.getByLabel("Código de la aplicación de autenticación").fill(enrolmentCode);
  await marta.getByRole("button", { name: "Activar la verificación en dos pasos" }).click();
  // Enrolled: straight to the panel; Mi cuenta now says it is on, with this session listed.
  await expect(marta).toHaveURL("/admin");
  await marta.goto("/admin/cuenta");
  await expect(marta.getByText("Activada", { exact: true })).toBeVisible();
  await expect(marta.getByText("Esta sesión")).toBeVisible();
  await expectAccessible(marta);

  // Signs out and in again: password, then the code from the app.
  await marta.goto("/admin");
  await marta.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(marta).toHaveURL("/");
  await marta.goto("/admin/blog");
  await marta.getByLabel("Email").fill(MARTA.email);
  await marta.getByLabel("Contraseña").fill(MARTA.password);
  await marta.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(marta).toHaveURL("/auth/verificacion?redirectTo=%2Fadmin%2Fblog");
  await expect(marta.getByRole("heading", { level: 1 })).toHaveText("Verificación en dos pasos");
  await expectAccessible(marta);
  // A recovery code that cannot be one is refused before anything is sent.
  await marta.getByRole("link", { name: "Usar un código de recuperación" }).click();
  await marta.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await marta.getByLabel("Código de recuperación").fill("ABCDE-123");
  const sentRecovery = await formsSentDuring(marta, async () => {
    await marta.getByRole("button", { name: "Verificar" }).click();
    await expect(
      marta.getByText("Escribe un código de recuperación (10 letras y números)"),
    ).toBeVisible();
  });
  expect(sentRecovery).toEqual([]);
  await marta.getByRole("link", { name: "Usar el código de la aplicación" }).click();
  // The code that activated the factor is spent: she waits for the next one.
  await marta.getByLabel("Código de la aplicación de autenticación").fill(enrolmentCode);
  await marta.getByRole("button", { name: "Verificar" }).click();
  await expect(marta.getByRole("alert")).toHaveText(
    "Ese código ya se ha usado. Espera al siguiente (cambia cada 30 segundos).",
  );
  const right = await freshCode(secret);
  await marta
    .getByLabel("Código de la aplicación de autenticación")
    .fill(right === "000000" ? "111111" : "000000");
  await marta.getByRole("button", { name: "Verificar" }).click();
  await expect(marta.getByRole("alert")).toHaveText("El código no es correcto.");
  await expectAccessible(marta);
  await marta.getByLabel("Código de la aplicación de autenticación").fill(right);
  await marta.getByRole("button", { name: "Verificar" }).click();
  await expect(marta).toHaveURL("/admin/blog");
  await expect(marta.getByText("Has iniciado sesión correctamente")).toBeVisible();

  // She loses her phone: Ana resets the factor, which ends Marta's sessions.
  await page.goto("/admin/usuarios", { waitUntil: "networkidle" });
  await page
    .getByRole("button", { name: `Restablecer verificación en dos pasos de ${MARTA.name}` })
    .click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Restablecer", exact: true }).click();
  await expect(page.getByText("Verificación en dos pasos restablecida")).toBeVisible();
  await marta.goto("/admin");
  await expect(marta).toHaveURL("/auth?redirectTo=%2Fadmin");
  await marta.context().close();
});
