import type { BrowserContext, Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  gotoHydrated,
  signInAsAdmin,
  test,
  useSettings,
  waitUntilSettled,
} from "./fixtures";

/**
 * A stand-in for the analytics host (no internet here, and none is wanted in tests): the script
 * reports each page_view it receives to the collection host, which the test counts.
 */
const FAKE_GTAG = `(function () {
  var dl = (window.dataLayer = window.dataLayer || []);
  function handle(a) {
    if (a && a[0] === "event" && a[1] === "page_view") {
      fetch("https://www.google-analytics.com/g/collect?dp=" + encodeURIComponent(a[2].page_path), {
        method: "POST",
        mode: "no-cors",
      });
    }
  }
  for (var i = 0; i < dl.length; i++) handle(dl[i]);
  var push = dl.push.bind(dl);
  dl.push = function (a) { handle(a); return push(a); };
})();`;

async function watchAnalytics(context: BrowserContext) {
  const requests: string[] = [];
  await context.route(
    /googletagmanager\.com|google-analytics\.com|analytics\.google\.com/,
    (route) => {
      const url = route.request().url();
      requests.push(url);
      return url.includes("googletagmanager.com")
        ? route.fulfill({ contentType: "text/javascript", body: FAKE_GTAG })
        : route.fulfill({ status: 204 });
    },
  );
  const pageViews = () =>
    requests
      .filter((u) => u.includes("/g/collect"))
      .map((u) => decodeURIComponent(new URL(u).searchParams.get("dp") ?? ""));
  return { requests, pageViews };
}

const banner = (page: Page) => page.getByRole("region", { name: "Tu privacidad" });

// Analytics configured, so a visitor is asked; put back as it was after the file.
useSettings({ analyticsEnabled: true, analyticsMeasurementId: "G-PRUEBA123" });

test("analytics are configured in Ajustes", async ({ page, settings }) => {
  await settings.keep("analyticsEnabled", "analyticsMeasurementId");
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/ajustes");
  await page.getByLabel("ID de medición de analítica").fill("G-PRUEBA123");
  const toggle = page.getByRole("switch", { name: "Analítica de terceros" });
  if ((await toggle.getAttribute("aria-checked")) !== "true") await toggle.click();
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Configuración guardada")).toBeVisible();
});

test("nothing is requested before consent, nor after 'Rechazar'", async ({ browser }) => {
  const context = await browser.newContext();
  const { requests } = await watchAnalytics(context);
  const page = await context.newPage();
  await gotoHydrated(page, "/");
  const notice = banner(page);
  await expect(notice).toBeVisible();
  // Equal prominence: the three choices look the same.
  const buttons = ["Aceptar", "Rechazar", "Configurar"].map((name) =>
    notice.getByRole("button", { name, exact: true }),
  );
  const classes = await Promise.all(buttons.map((b) => b.getAttribute("class")));
  expect(new Set(classes).size).toBe(1);
  await expectAccessible(page);
  await waitUntilSettled(page);
  expect(requests).toEqual([]);

  await notice.getByRole("button", { name: "Rechazar" }).click();
  await expect(notice).toBeHidden();
  await page
    .getByRole("navigation", { name: "Principal" })
    .getByRole("link", { name: "Blog" })
    .click();
  await gotoHydrated(page, "/sobre-mi");
  await waitUntilSettled(page);
  await expect(banner(page)).toHaveCount(0);
  expect(requests).toEqual([]);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cookie_consent")!));
  expect(stored.analytics).toBe(false);
  await context.close();
});

test("after 'Aceptar', a page view per navigation; withdrawing is as easy", async ({ browser }) => {
  const context = await browser.newContext();
  const { pageViews } = await watchAnalytics(context);
  const page = await context.newPage();
  await page.goto("/sobre-mi");
  await banner(page).getByRole("button", { name: "Aceptar" }).click();
  await expect.poll(pageViews).toEqual(["/sobre-mi"]);

  // Client-side navigations are reported too.
  await page.getByRole("link", { name: "Política de cookies" }).first().click();
  await expect(page).toHaveURL("/cookies");
  await expect.poll(pageViews).toEqual(["/sobre-mi", "/cookies"]);
  await expect(page.getByRole("cell", { name: "_ga", exact: true })).toBeVisible();

  // Only the path leaves the site: a search can speak of a person's health.
  await page.goto("/blog?q=ansiedad");
  await expect.poll(pageViews).toEqual(["/sobre-mi", "/cookies", "/blog"]);

  // Pages whose address carries a key are never reported, however the address is written.
  for (const path of [
    "/vista-previa?token=abc",
    "/Vista%2DPrevia?token=abc",
    "/resenas/RETIRAR?token=abc",
  ]) {
    await gotoHydrated(page, path);
    await waitUntilSettled(page);
  }
  expect(pageViews()).toEqual(["/sobre-mi", "/cookies", "/blog"]);

  // 'Configurar cookies' in the footer reopens the choice with focus on it.
  await page.getByRole("link", { name: "Configurar cookies" }).click();
  const notice = banner(page);
  await expect(notice.getByRole("heading", { name: "Tu privacidad" })).toBeFocused();
  const analytics = notice.getByRole("checkbox", { name: "Analítica (estadísticas de visitas)" });
  await expect(analytics).toBeChecked();
  await analytics.uncheck();
  await notice.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(notice).toBeHidden();
  await gotoHydrated(page, "/blog");
  await page.getByRole("link", { name: "Servicios" }).first().click();
  await expect(page).toHaveURL(/\/servicios|#servicios/);
  await waitUntilSettled(page);
  expect(pageViews()).toEqual(["/sobre-mi", "/cookies", "/blog"]);
  await context.close();
});

test("on a phone the notice leaves most of the page visible", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
  const box = await banner(page).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.height).toBeLessThan(740 * 0.5);
  await context.close();
});

test("without a measurement ID there is nothing to ask", async ({ page, settings }) => {
  await settings.set({ analyticsMeasurementId: "" });
  await gotoHydrated(page, "/");
  await waitUntilSettled(page);
  await expect(banner(page)).toHaveCount(0);
  // The footer link still opens an explanation.
  await page.getByRole("link", { name: "Configurar cookies" }).click();
  await expect(banner(page)).toContainText("no hay cookies opcionales");
  await banner(page).getByRole("button", { name: "Cerrar" }).click();
  await expect(banner(page)).toHaveCount(0);
});
