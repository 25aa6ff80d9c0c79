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

/** Signs in as the E2E administrator (created with `user:create` by tests/support/e2e-server.js). */
export async function signInAsAdmin(page: Page) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Contraseña").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL("/admin");
}
