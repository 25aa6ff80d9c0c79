import type { Page } from "@playwright/test";
import { expect, expectAccessible, gotoHydrated, signInAsAdmin, test } from "./fixtures";

const PAGES = [
  { path: "/", heading: /\S/ },
  { path: "/servicios", heading: "Servicios" },
  { path: "/servicios/terapia-individual", heading: "Terapia Individual" },
  { path: "/servicios/terapia-pareja", heading: "Terapia de Pareja" },
  { path: "/servicios/trabajo-grupos", heading: "Trabajo con Grupos" },
  { path: "/servicios/mindfulness", heading: "Mindfulness" },
  { path: "/sobre-mi", heading: "Sobre mí" },
  { path: "/blog", heading: "Blog" },
  { path: "/aviso-legal", heading: "Aviso legal" },
  { path: "/privacidad", heading: "Política de privacidad" },
  { path: "/cookies", heading: "Política de cookies" },
  { path: "/uso-web", heading: "Condiciones de uso" },
  // The older address of the sign-in page leads to /auth (tests/e2e/admin-forms.spec.ts).
  { path: "/login", heading: "Iniciar sesión" },
  { path: "/auth", heading: "Iniciar sesión" },
];

for (const { path, heading } of PAGES) {
  test(`${path} renders its heading, in Spanish, accessibly`, async ({ page, consoleErrors }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
    await expect(page).toHaveTitle(/\|/);
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });
}

/** The heading font's state on the page: absent, or the FontFace's status. */
function headingFont(page: Page) {
  return page.evaluate(
    () => [...document.fonts].find((face) => face.family.replace(/"/g, "") === "Fraunces")?.status,
  );
}

test("the heading font and the manifest wait until the loaded page is painted; from a page of the site the font is used at once", async ({
  page,
  baseURL,
}) => {
  // Whether the page had the font (app/utils/after-first-screen.ts) when the document was parsed.
  await page.addInitScript(() =>
    document.addEventListener("DOMContentLoaded", () => {
      (window as { fontAtStart?: boolean }).fontAtStart = [...document.fonts].some(
        (face) => face.family.replace(/"/g, "") === "Fraunces",
      );
    }),
  );
  const fontAtStart = () => page.evaluate(() => (window as { fontAtStart?: boolean }).fontAtStart);

  await page.goto("/");
  await expect.poll(() => headingFont(page)).toBe("loaded");
  expect(await fontAtStart()).toBe(false);
  const times = await page.evaluate(() => {
    const font = performance.getEntriesByType("resource").find((e) => e.name.endsWith(".woff2"));
    const [nav] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    return { font: font?.startTime ?? 0, load: nav!.loadEventEnd, fcp: fcp?.startTime ?? Infinity };
  });
  expect(times.font).toBeGreaterThan(times.load);
  expect(times.font).toBeGreaterThan(times.fcp);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveCSS("font-family", /^Fraunces,/);
  await expect(heading).toHaveCSS("font-weight", "600");
  // The web app manifest is linked at that same moment.
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute(
    "href",
    "/site.webmanifest",
  );

  await page.goto("/blog", { referer: `${baseURL}/` });
  expect(await fontAtStart()).toBe(true);
  await expect.poll(() => headingFont(page)).toBe("loaded");
});

test("an article ships no framework: its one script is the site script, and it works", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/.*\.js$/.test(request.url())) scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/blog/duelo-como-abordarlo");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("button", { name: "Copiar enlace" })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).not.toMatch(/framework|entry\.client|root-/);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
});

test("unknown paths show the 404 page with a link home", async ({ page }) => {
  const response = await page.goto("/esta-pagina-no-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL("/");
});

test("the admin area sends visitors to sign in, remembering where they were going", async ({
  page,
}) => {
  await page.goto("/admin/blog");
  await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin%2Fblog");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu drawer opens and closes with the keyboard and gives focus back", async ({
    page,
  }) => {
    await page.goto("/sobre-mi");
    const trigger = page.getByRole("button", { name: "Abrir menú" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Menú" });
    await expect(drawer).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("before the scripts arrive the menu is a link; it becomes the button, keeping focus", async ({
    page,
  }) => {
    // Hold the page's JavaScript until the visitor has reached the menu control with the keyboard.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/sobre-mi", { waitUntil: "domcontentloaded" });
    const link = page.getByRole("link", { name: "Abrir menú" });
    await link.focus();
    await expect(link).toHaveAttribute("href", "#menu");
    release();
    const button = page.getByRole("button", { name: "Abrir menú" });
    await expect(button).toBeFocused();
    await expect(link).toHaveCount(0);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Menú" })).toBeVisible();
  });

  test("choosing a section from another page goes home and scrolls to it", async ({ page }) => {
    await page.goto("/sobre-mi");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page
      .getByRole("dialog", { name: "Menú" })
      .getByRole("link", { name: "Contacto" })
      .click();
    await expect(page).toHaveURL(/\/#contacto$/);
    await expect(page.locator("#contacto")).toBeInViewport();
  });
});

test("without JavaScript, section links are plain links that work", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // The phone menu's list stays out of the way on a wide screen, even when pointed at.
  await page.goto("/sobre-mi#menu");
  await expect(page.getByRole("navigation", { name: "Menú" })).toBeHidden();
  await page
    .getByRole("navigation", { name: "Principal" })
    .getByRole("link", { name: "Servicios" })
    .click();
  await expect(page).toHaveURL(/\/#servicios$/);
  await expect(page.locator("#servicios")).toBeInViewport();
  // The heading font, declared by app.css where no script runs.
  await expect.poll(() => headingFont(page)).toBe("loaded");
  await context.close();
});

test("on a phone without JavaScript, the menu link shows the section list", async ({
  browser,
  settings,
}) => {
  // The booking link shows once Ajustes holds a real booking URL (never the example's).
  await settings.set({ bookingUrl: "https://reservas.example.org/ribera" });
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto("/sobre-mi");
  const list = page.getByRole("navigation", { name: "Menú" });
  await expect(list).toBeHidden();
  await page.getByRole("link", { name: "Abrir menú" }).click();
  await expect(page).toHaveURL(/\/sobre-mi#menu$/);
  await expect(list).toBeVisible();
  // The staff entrance too (the booking link stays in the header at every width).
  await expect(page.getByRole("banner").getByRole("link", { name: /^Pedir cita/ })).toBeVisible();
  await expect(list.getByRole("link", { name: "Acceder" })).toHaveAttribute("href", "/auth");
  await list.getByRole("link", { name: "Contacto" }).click();
  await expect(page).toHaveURL(/\/#contacto$/);
  await expect(page.locator("#contacto")).toBeInViewport();
  await context.close();
});

test("from the admin area, a link to a public page loads it as a document", async ({ page }) => {
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/citas/ajustes");
  const loaded = page.waitForResponse(
    (r) => r.request().resourceType() === "document" && new URL(r.url()).pathname === "/cita",
  );
  await page.getByRole("link", { name: "/cita", exact: true }).click();
  await loaded;
  await expect(page.locator("html")).toHaveAttribute("data-kind", "content");
});

test("resting on a link to a public page prepares it; links to sign in are never prepared", async ({
  page,
}) => {
  const prepared: string[] = [];
  page.on("request", (request) => {
    if (/prefetch|prerender/.test(request.headers()["sec-purpose"] ?? "")) {
      prepared.push(new URL(request.url()).pathname);
    }
  });
  await gotoHydrated(page, "/blog");
  const article = page.locator("main article h2 a").first();
  const path = (await article.getAttribute("href"))!;
  await page.getByRole("contentinfo").getByRole("link", { name: "Acceder" }).hover();
  await page.waitForTimeout(500);
  await article.hover();
  await expect.poll(() => prepared).toContain(path);
  expect(prepared.filter((p) => p.startsWith("/auth"))).toEqual([]);
});

test("'Copiar enlace' under an article copies its address and says so", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  await gotoHydrated(page, "/blog/duelo-como-abordarlo");
  await page.getByRole("button", { name: "Copiar enlace" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Enlace copiado" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /\/blog\/duelo-como-abordarlo$/,
  );
  await context.close();
});
