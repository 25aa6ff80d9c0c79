import type { Page } from "@playwright/test";
import { expect, signInAsAdmin, test, waitUntilSettled } from "./fixtures";

/**
 * No click or key press is lost before the page's JavaScript has run. Each control is used as soon
 * as the page can be seen (the document parsed, `domcontentloaded`: earlier than `load`, which
 * waits for the scripts), on a CPU slowed down four times as on a modest phone, so React is still
 * downloading or hydrating when the click arrives. A control either works without JavaScript (a
 * link, a form) or its click is kept and replayed once React has taken over; what is typed is kept too.
 */

async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/**
 * Opens a page and returns as soon as its document is parsed, with the page's scripts held back
 * for a moment as on a slow connection: the clicks that follow arrive before React is there.
 */
async function openEarly(page: Page, url: string) {
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue();
  });
  await page.goto(url, { waitUntil: "domcontentloaded" });
}

const SCRIPT_DELAY_MS = 1_500;

// Slowed down on purpose: twice the usual time per test.
test.describe.configure({ timeout: 60_000 });

// Run twice (playwright.config.ts): after the first paint (HYDRATION=deferred, the default) and
// with React Router's plain hydration (project `hydration-immediate`), early input kept in both.
// Content pages hydrate in neither: they ship the site script only (docs/decisions/020).
test("the application hydrates in this project's mode; public pages ship no framework", async ({
  request,
}) => {
  const mode = test.info().project.metadata.hydration ?? "deferred";
  const app = await (await request.get("/auth")).text();
  expect(app.includes('type="text/x-hydrate"'), "hidratación tras la primera pintura").toBe(
    mode === "deferred",
  );
  expect(/<script[^>]*type="module"/.test(app), "hidratación directa").toBe(mode === "immediate");
  expect(app).toContain("__replayEarlyInput");

  // Every public page, forms included (the landing page, /cita, the review form).
  for (const path of ["/", "/sobre-mi", "/cita", "/resenas/nueva"]) {
    const content = await (await request.get(path)).text();
    expect(content, path).not.toContain("__reactRouterContext");
    expect(content, path).not.toContain("__replayEarlyInput");
    expect(content, path).not.toMatch(/modulepreload|text\/x-hydrate|<script[^>]*type="module"/);
    expect(content, path).toMatch(/\/assets\/sitio-[\w-]+\.js/);
  }
});

test.describe("a visitor on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens", async ({ page }) => {
    await slowCpu(page);
    await openEarly(page, "/sobre-mi");
    await page
      .getByRole("link", { name: "Menú" })
      .or(page.getByRole("button", { name: "Menú" }))
      .first()
      .click();
    await expect(
      page.getByRole("navigation", { name: /Menú/ }).getByRole("link", { name: "Blog" }),
    ).toBeVisible();
  });

  test("'Dejar una reseña' opens the review form", async ({ page }) => {
    await slowCpu(page);
    await openEarly(page, "/");
    await page.getByRole("link", { name: "Dejar una reseña" }).click();
    await expect(page.getByRole("heading", { name: "Dejar una reseña" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Nombre", exact: true })).toBeVisible();
  });

  test("a blog search typed at once is searched", async ({ page }) => {
    await slowCpu(page);
    await openEarly(page, "/blog");
    const box = page.getByRole("searchbox").first();
    await box.fill("duelo");
    await box.press("Enter");
    await expect(page).toHaveURL(/[?&]q=duelo/);
    await expect(page.getByRole("searchbox").first()).toHaveValue("duelo");
    await expect(
      page
        .getByRole("heading", { level: 2 })
        .or(page.getByRole("heading", { level: 3 }))
        .first(),
    ).toBeVisible();
  });
});

test.describe("the psychologist in the admin area", () => {
  test("'Analítica de terceros' in Ajustes switches at once", async ({ page, settings }) => {
    await settings.keep("analyticsEnabled", "analyticsMeasurementId");
    await signInAsAdmin(page);
    await slowCpu(page);
    await openEarly(page, "/admin/ajustes");
    const toggle = page.getByRole("switch", { name: "Analítica de terceros" });
    const before = await toggle.getAttribute("aria-checked");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", before === "true" ? "false" : "true");
    // Turned on with an ID, the choice is saved (and put back by `settings` after the test).
    if (before === "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await page.getByLabel("ID de medición de analítica").fill("G-PRUEBA123");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Configuración guardada")).toBeVisible();
  });

  test("'Nueva reseña' opens its dialog", async ({ page }) => {
    await signInAsAdmin(page);
    await slowCpu(page);
    await openEarly(page, "/admin/resenas");
    await page.getByRole("button", { name: "Nueva reseña" }).click();
    await expect(page.getByRole("dialog", { name: "Nueva reseña" })).toBeVisible();
  });

  test("the article editor keeps what is typed before its visual editor arrives", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await slowCpu(page);

    // The Markdown text area works at once; the visual editor (a chunk loaded after hydration)
    // starts from what it holds, and someone still typing there stays there.
    await openEarly(page, "/admin/blog/nuevo");
    await page.getByLabel("Título").fill("Escrito antes de tiempo");
    await page.getByRole("textbox", { name: "Contenido" }).fill("## Un subtítulo temprano");
    await page.getByRole("button", { name: "Visual" }).click();
    await expect(
      page
        .getByRole("textbox", { name: "Contenido del artículo" })
        .getByRole("heading", { level: 2, name: "Un subtítulo temprano" }),
    ).toBeVisible();
    await expect(page.getByLabel("Título")).toHaveValue("Escrito antes de tiempo");
    await expect(page.getByLabel("URL")).toHaveValue("escrito-antes-de-tiempo");

    await openEarly(page, "/admin/blog/nuevo");
    await page.getByRole("button", { name: "Publicar" }).click();
    await expect(page.getByText("El título es requerido")).toBeVisible();
  });

  test("a cookie choice made as soon as the banner shows is kept", async ({
    browser,
    settings,
  }) => {
    // Analytics configured, so the visitor is asked.
    await settings.set({ analyticsEnabled: true, analyticsMeasurementId: "G-PRUEBA123" });
    const context = await browser.newContext({ locale: "es-ES", timezoneId: "Europe/Madrid" });
    await context.route(/googletagmanager\.com|google-analytics\.com/, (route) =>
      route.fulfill({ status: 204 }),
    );
    const page = await context.newPage();
    await slowCpu(page);
    await openEarly(page, "/");
    const banner = page.getByRole("region", { name: "Tu privacidad" });
    await banner.getByRole("button", { name: "Rechazar" }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    // The banner is a lazy chunk shown after hydration: look once the page has settled.
    await waitUntilSettled(page);
    await expect(banner).toHaveCount(0);
    await context.close();
  });
});
