import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** Every E2E test fails on a page error or console error, and can run axe (WCAG 2.2 AA). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await use(errors);
    expect(errors, "errores en la consola del navegador").toEqual([]);
  },
  page: async ({ browser }, use) => {
    // @axe-core/playwright needs pages created through browser.newContext().
    const context = await browser.newContext({ locale: "es-ES", timezoneId: "Europe/Madrid" });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

export { expect };

export async function expectAccessible(page: Page) {
  // Contrast is measured on the settled page: a toast still fading in is half transparent.
  // (Endless animations, such as a spinner, are not waited for.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, "violaciones de accesibilidad (axe)").toEqual([]);
}

export const E2E_ADMIN = {
  name: "Ana Ruiz",
  email: "ana.e2e@example.com",
  password: "un paseo largo por el parque",
};

/** Signs in as the E2E administrator, creating it first if this server has no account yet. */
export async function signInAsAdmin(page: Page) {
  await page.goto("/auth");
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  if (heading?.includes("Crear cuenta de administrador")) {
    await page.getByLabel("Nombre completo").fill(E2E_ADMIN.name);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Contraseña").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Crear cuenta de administrador" }).click();
  } else {
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Contraseña").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
  }
  await expect(page).toHaveURL("/admin");
}
