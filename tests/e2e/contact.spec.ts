import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInAsAdmin, test } from "./fixtures";

async function fillContact(page: Page, name: string) {
  const form = page.getByRole("form", { name: "Envíame un mensaje" });
  await form.getByLabel("Nombre").fill(name);
  await form.getByLabel("Email").fill("lucia.e2e@example.com");
  await form
    .getByLabel("Mensaje")
    .fill('Hola, me gustaría pedir información sobre "terapia" <individual>.');
  return form;
}

test("a visitor sends a message; staff read it in Mensajes and mark it answered", async ({
  page,
  browser,
}) => {
  await page.goto("/#contacto");
  const form = page.getByRole("form", { name: "Envíame un mensaje" });
  await expect(form.getByLabel("Mensaje")).toHaveCSS("min-height", "140px");

  // Checked by the server and answered in place, in Spanish: focus on the first field to fix.
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(form.getByText("Escribe tu nombre")).toBeVisible();
  await expect(
    form.getByText("Debes aceptar la política de privacidad para enviar el mensaje"),
  ).toBeVisible();
  await expect(form.getByLabel("Nombre")).toBeFocused();

  await fillContact(page, "Lucía Gómez");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  // The practice answers to that address (nothing was sent to it yet).
  await expect(
    page.getByText(
      "Gracias, he recibido tu mensaje. Te responderé a lucia.e2e@example.com lo antes posible.",
    ),
  ).toBeVisible();
  await expect(page.getByText("Mensaje enviado", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Nombre")).toHaveValue("");
  await expectAccessible(page);

  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.goto("/admin/mensajes");
  await expectAccessible(staff);
  await staff
    .getByRole("link", { name: /Lucía Gómez/ })
    .first()
    .click();
  await expect(
    staff.getByText('Hola, me gustaría pedir información sobre "terapia" <individual>.'),
  ).toBeVisible();
  await staff.getByRole("button", { name: "Marcar como respondido" }).click();
  await expect(staff.getByText("Marcado como respondido")).toBeVisible();
  await expect(staff.getByText("Respondido").first()).toBeVisible();
  await staff.context().close();
});

test("without JavaScript the form posts and the page answers with the banner and field errors", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/#contacto");
  const form = page.getByRole("form", { name: "Envíame un mensaje" });
  await fillContact(page, "Pedro1");
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(page.getByText("El nombre solo puede contener letras y espacios")).toBeVisible();
  await expect(
    page.getByText("Debes aceptar la política de privacidad para enviar el mensaje"),
  ).toBeVisible();
  await expect(
    page.getByRole("form", { name: "Envíame un mensaje" }).getByLabel("Mensaje"),
  ).toHaveValue('Hola, me gustaría pedir información sobre "terapia" <individual>.');
  await fillContact(page, "Pedro Ruiz");
  await page.getByRole("form", { name: "Envíame un mensaje" }).getByRole("checkbox").check();
  await page
    .getByRole("form", { name: "Envíame un mensaje" })
    .getByRole("button", { name: "Enviar mensaje" })
    .click();
  await expect(
    page.getByText("Te responderé a lucia.e2e@example.com lo antes posible.", { exact: false }),
  ).toBeVisible();
  await context.close();
});

test("when the server cannot be reached, the visitor's mail client is used instead", async ({
  page,
}) => {
  // The form's POST (sent in place by the site script) cannot reach the server; the page loaded.
  await page.route(
    (url) => url.pathname === "/",
    (route) =>
      route.request().method() === "POST" ? route.abort("connectionrefused") : route.continue(),
  );
  await page.goto("/#contacto");
  const form = await fillContact(page, "Marta López");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(
    page.getByText(
      "Mensaje preparado para envío. Por favor, completa el envío desde tu cliente de correo.",
    ),
  ).toBeVisible();
  await expect(page.getByText("Mensaje preparado", { exact: true })).toBeVisible();
});
