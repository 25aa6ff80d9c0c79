import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, gotoHydrated, signInAsAdmin, test } from "./fixtures";

/**
 * Issue #34, items 8 and 10 and the panel at both widths: her own public texts (Textos de la web:
 * the claims check as she types, a save that the public page shows, versions she restores), and
 * plain language where she acts (Estado legal red first with a message for whoever runs the
 * server, Ajustes' index and example markers, the outbox card only when something failed).
 */

test.describe.configure({ mode: "serial" });

/**
 * The page's width, and the elements reaching past the screen's right edge (to name the culprit),
 * with every folded form (a `<details>`: cancel, decline, move) opened as she would open it.
 */
function overflow(page: Page, width: number) {
  return page.evaluate((width) => {
    for (const folded of document.querySelectorAll("details")) folded.open = true;
    const wider = [...document.querySelectorAll("body *")]
      .filter((e) => e.checkVisibility() && e.getBoundingClientRect().right > width + 0.5)
      // Inside a box that scrolls sideways on its own (the week grid) is fine.
      .filter((e) => !e.closest("[data-testid=agenda-semana]"))
      .map((e) =>
        `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} «${e.textContent?.trim()}»`.slice(
          0,
          160,
        ),
      );
    return { scrollWidth: document.documentElement.scrollWidth, wider: wider.slice(0, 5) };
  }, width);
}

async function adminAt(browser: Browser, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: 844 },
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
  });
  const page = await context.newPage();
  await signInAsAdmin(page);
  return { context, page };
}

test("a service's price, duration and text are hers: checked as she types, shown once saved, a version she can restore", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/textos");
  await expect(page.getByRole("heading", { level: 1, name: "Textos de la web" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Editar «Servicio: Mindfulness»" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Servicio: Mindfulness" }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Contenido del artículo" })).toHaveCount(0);

  await page.getByLabel("Precio").fill("55 € por sesión");
  await page.getByLabel("Duración").fill("50 minutos");
  // A promise of results is flagged while she types, before anything is saved.
  const summary = page.getByLabel("Resumen (bajo el título)");
  await summary.fill("Resultados garantizados en ocho semanas.");
  await expect(page.getByText("Revisa antes de guardar")).toBeVisible();
  await expectAccessible(page);
  await summary.fill("Cursos y grupos de mindfulness para vivir con más calma.");
  await expect(page.getByText("Revisa antes de guardar")).toHaveCount(0);
  await page.getByRole("button", { name: "Guardar y publicar" }).click();
  await expect(page.getByText("Textos guardados", { exact: true })).toBeVisible();
  await expect(page.getByText("(la que se ve ahora)")).toBeVisible();

  // The public page shows the facts she wrote, and no fact she left empty.
  await page.goto("/servicios/mindfulness");
  const facts = page.getByRole("heading", { name: "Datos prácticos" }).locator("..");
  await expect(facts).toContainText("Precio55 € por sesión");
  await expect(facts).toContainText("Duración50 minutos");
  await expect(facts).not.toContainText("Modalidad");
  await expect(
    page.getByText("Cursos y grupos de mindfulness para vivir con más calma."),
  ).toBeVisible();

  // Back to the example text: asked first, then the price is gone again.
  await gotoHydrated(page, "/admin/textos/servicio-mindfulness");
  await page.getByRole("button", { name: "Volver al texto de ejemplo" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Tus versiones se conservan");
  await dialog.getByRole("button", { name: "Volver al texto de ejemplo" }).click();
  await expect(page.getByText("Versión restaurada", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Precio")).toHaveValue("");
  await page.goto("/servicios/mindfulness");
  await expect(page.getByRole("heading", { name: "Datos prácticos" })).toHaveCount(0);
});

test("the home page's figures appear only once she writes them", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("años de consulta")).toHaveCount(0);
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/textos/inicio");
  await page.getByLabel("Cifra 1", { exact: true }).fill("+15");
  await page.getByLabel("Cifra 1: qué cuenta").fill("años de consulta");
  await page.getByRole("button", { name: "Guardar y publicar" }).click();
  await expect(page.getByText("Textos guardados", { exact: true })).toBeVisible();
  await page.goto("/");
  const hero = page.locator("#inicio");
  await expect(hero.getByText("+15")).toBeVisible();
  await expect(hero.getByText("años de consulta")).toBeVisible();
});

test("Estado legal lists what to resolve first, with a message she can copy for whoever runs the server", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/estado-legal");
  const statuses = await page
    .locator("main li h2 span span")
    .evaluateAll((els) => els.map((e) => e.textContent));
  const rank = { "(Falta)": 0, "(Revisar)": 1, "(Correcto)": 2 } as Record<string, number>;
  const ranks = statuses.map((s) => rank[s ?? ""]);
  expect(ranks.length).toBeGreaterThan(5);
  expect(ranks).toEqual([...ranks].sort((a, b) => a! - b!));
  // The test server answers on http://: a server item, worded for her, with its message.
  const https = page.locator("li").filter({ has: page.getByRole("heading", { name: /https/ }) });
  await expect(https).toContainText("quien mantiene el servidor");
  await expect(https.getByText(/^Hola: la web de mi consulta/)).toBeVisible();
  await expect(https.getByRole("button", { name: "Copiar el mensaje" })).toBeVisible();
  await expectAccessible(page);
});

test("Ajustes: an index of its sections, 'Valor de ejemplo' only on invented values; no outbox card while every e-mail went out", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/ajustes");
  const index = page.getByRole("navigation", { name: "En esta página" });
  await expect(index.getByRole("link")).toHaveText([
    "Sitio",
    "Contacto",
    "Datos profesionales y legales",
    "Preferencias",
    "Publicaciones",
  ]);
  await index.getByRole("link", { name: "Preferencias" }).click();
  await expect(page).toHaveURL(/#preferencias$/);
  await expect(page.locator("#preferencias")).toBeInViewport();
  // The professional title is a real title, not an invented example.
  await expect(page.getByLabel("Título profesional")).toHaveValue("Psicóloga General Sanitaria");
  await expect(
    page.locator("label", { hasText: "Título profesional" }).getByText("Valor de ejemplo"),
  ).toHaveCount(0);
  await gotoHydrated(page, "/admin/mensajes");
  await expect(
    page.getByRole("heading", { name: "Derechos de protección de datos" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Emails que no se han enviado" })).toHaveCount(0);
});

for (const width of [390, 1280]) {
  test(`the panel and the agenda's week at ${width} px: 'Para hoy' first, nothing wider than the screen, no axe finding`, async ({
    browser,
  }) => {
    const { context, page } = await adminAt(browser, width);
    if (width === 390) {
      // An appointment tomorrow, so the agenda has its folded forms (move, cancel) to measure.
      await gotoHydrated(page, "/admin/citas");
      const form = page.getByRole("form", { name: "Reservar una cita" });
      await form.getByLabel("Servicio").selectOption({ label: "Sesión de seguimiento (50 min)" });
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await form.getByLabel("Día").fill(tomorrow);
      await form.getByLabel("Hora").fill("07:10");
      await form.getByLabel("Nombre del cliente").fill("Inés Castro Villanueva");
      await form.getByLabel("Email del cliente").fill(`semana.${Date.now()}@example.com`);
      await form.getByRole("button", { name: "Reservar y avisar al cliente" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: /Reservada|Cita reservada/ }),
      ).toBeVisible();
    }
    await gotoHydrated(page, "/admin");
    const headings = page.getByRole("heading", { level: 2 });
    await expect(headings.first()).toHaveText("Para hoy");
    expect(await overflow(page, width)).toEqual({ scrollWidth: width, wider: [] });
    await expectAccessible(page);
    await gotoHydrated(page, "/admin/citas?vista=semana");
    const grid = page.getByTestId("agenda-semana");
    await expect(grid).toBeVisible();
    await expect(grid.getByRole("columnheader")).toHaveCount(8);
    // The grid scrolls inside its own box on a phone; the page itself does not.
    expect(await overflow(page, width)).toEqual({ scrollWidth: width, wider: [] });
    await expectAccessible(page);
    await context.close();
  });
}
