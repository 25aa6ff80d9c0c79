import type { Page } from "@playwright/test";
import { MONTHS } from "../../app/utils/format";
import { expect, expectAccessible, gotoHydrated, signInAsAdmin, test } from "./fixtures";

/** /accesibilidad (issue #21): the statement after the model of RD 1112/2018 and its form. */

const FORM = "Comunicar una barrera de accesibilidad";

async function fillReport(page: Page, name: string, message: string) {
  const form = page.getByRole("form", { name: FORM });
  await form.getByLabel("Nombre").fill(name);
  await form.getByLabel("Email").fill("irene.e2e@example.com");
  await form.getByLabel("Mensaje").fill(message);
  return form;
}

test("the footer leads to the statement: its sections, the build's date, axe-clean", async ({
  page,
}) => {
  await page.goto("/");
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: "Declaración de accesibilidad" })
    .click();
  await expect(page).toHaveURL("/accesibilidad");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Declaración de accesibilidad");
  const main = page.locator("main");
  await expect(main.locator("h2")).toHaveText([
    "Situación de cumplimiento",
    "Contenido no accesible",
    "Preparación de la presente declaración",
    "Observaciones y datos de contacto",
    "Procedimiento de aplicación",
    FORM,
  ]);
  await expect(main).toContainText("WCAG 2.2");
  await expect(main).toContainText("nivel AA en lo que comprobamos");
  await expect(main).toContainText("Real Decreto 1112/2018");
  await expect(main).toContainText("no está obligada por él");
  await expect(main.getByRole("link", { name: /Real Decreto 1112\/2018/ })).toHaveAttribute(
    "href",
    "https://www.boe.es/eli/es/rd/2018/09/07/1112",
  );

  // The last review is the day the running server was built (the E2E server is a real build).
  const checked = main.locator("time");
  const day = await checked.getAttribute("datetime");
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const [year, month, date] = day!.split("-").map(Number);
  await expect(checked).toHaveText(`${date} de ${MONTHS[month! - 1]} de ${year}`);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
  expect(day! <= today).toBe(true);

  await expectAccessible(page);
});

test("a barrier reported from the page, by keyboard, arrives in Mensajes marked [Accesibilidad]", async ({
  page,
  browser,
}) => {
  await gotoHydrated(page, "/accesibilidad");
  // The statement's own link leads to the form.
  await page.getByRole("link", { name: "formulario de esta página" }).click();
  await expect(page).toHaveURL(/#comunicar-barrera$/);

  const form = page.getByRole("form", { name: FORM });
  await form.getByRole("button", { name: "Enviar mensaje" }).press("Enter");
  await expect(form.getByText("Escribe tu nombre")).toBeVisible();

  await fillReport(page, "Irene Barrera", "El botón del menú no se anuncia con el lector.");
  await form.getByRole("checkbox").press("Space");
  await form.getByRole("button", { name: "Enviar mensaje" }).press("Enter");
  await expect(
    page.getByText(
      "Gracias, he recibido tu mensaje. Te responderé a irene.e2e@example.com lo antes posible.",
    ),
  ).toBeVisible();
  await expect(page.getByText("Mensaje enviado", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Nombre")).toHaveValue("");
  await expectAccessible(page);

  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.goto("/admin/mensajes");
  await staff
    .getByRole("link", { name: /Irene Barrera/ })
    .first()
    .click();
  await expect(
    staff.getByText("[Accesibilidad] El botón del menú no se anuncia con el lector."),
  ).toBeVisible();
  await staff.context().close();
});

test("without JavaScript the report posts to the page, which answers with errors and then the banner", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/accesibilidad");
  let form = await fillReport(page, "Irene2", "Un enlace sin nombre en el pie.");
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(page).toHaveURL(/\/accesibilidad#comunicar-barrera$/);
  await expect(page.getByText("No se pudo enviar el mensaje")).toBeVisible();
  await expect(page.getByText("El nombre solo puede contener letras y espacios")).toBeVisible();
  await expect(
    page.getByText("Debes aceptar la política de privacidad para enviar el mensaje"),
  ).toBeVisible();
  form = page.getByRole("form", { name: FORM });
  await expect(form.getByLabel("Mensaje")).toHaveValue("Un enlace sin nombre en el pie.");

  await fillReport(page, "Irene Sin Script", "Un enlace sin nombre en el pie.");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(page).toHaveURL(/\/accesibilidad#comunicar-barrera$/);
  await expect(page.getByText("Mensaje enviado", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Declaración de accesibilidad");
  await context.close();
});

test("a report sent once cannot be sent again while the page answers (a content page's form)", async ({
  page,
}) => {
  await gotoHydrated(page, "/accesibilidad");
  let posts = 0;
  await page.route(
    (url) => url.pathname === "/accesibilidad",
    async (route) => {
      if (route.request().method() === "POST") {
        posts += 1;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
      await route.continue();
    },
  );
  // While the answer is on its way (locators would wait for the next page): the form's state,
  // and a second press of its button.
  const seen: string[] = [];
  page.on("console", (message) => seen.push(message.text()));
  await page.evaluate(() =>
    document.addEventListener("submit", (event) => {
      const form = event.target as HTMLFormElement;
      setTimeout(() => {
        const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
        console.log(`busy=${form.getAttribute("aria-busy")} disabled=${button.disabled}`);
        button.click();
      }, 50);
    }),
  );
  await page
    .getByRole("form", { name: FORM })
    .getByRole("button", { name: "Enviar mensaje" })
    .click();
  // The server's answer: the page again, its messages in Spanish, the button usable.
  const form = page.getByRole("form", { name: FORM });
  await expect(form.getByText("Escribe tu nombre")).toBeVisible();
  await expect(form.getByRole("button", { name: "Enviar mensaje" })).toBeEnabled();
  expect(seen).toContain("busy=true disabled=true");
  expect(posts).toBe(1);
});
