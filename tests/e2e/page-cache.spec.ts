import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * A page from the anonymous visitors' cache (docs/decisions/005-page-cache.md) carries a policy
 * with the hashes of its inline scripts instead of a nonce: the browser must run them all (no CSP
 * violation), hydrate, and the page must work.
 */

/** A visitor who already chose about cookies, reporting every CSP violation and console notice. */
async function visitor(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    viewport,
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
  });
  await context.addInitScript(() => {
    window.localStorage.setItem(
      "cookie_consent",
      JSON.stringify({ analytics: false, at: new Date().toISOString() }),
    );
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on("console", (msg) => {
    if (/Refused to|Content Security Policy/i.test(msg.text())) refused.push(msg.text());
  });
  return { context, page, refused };
}

/** Opens `path` a second time (the first fills the cache) and checks the document was a hit. */
async function openFromCache(page: Page, path: string) {
  await page.goto(path);
  const response = await page.goto(path);
  expect(response?.headers()["x-cache"], `${path} desde la caché`).toBe("HIT");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/'sha256-/);
  expect(csp).not.toMatch(/'nonce-/);
  // Hydrated, or a script refused (then the page would never hydrate: say why at once).
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-hydrated") ||
      (window as unknown as { cspViolations: string[] }).cspViolations.length > 0,
  );
  expect(await violations(page), "violaciones de la CSP").toEqual([]);
}

async function violations(page: Page) {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test("a cached home page hydrates with no CSP violation and its phone menu works", async ({
  browser,
}) => {
  const { context, page, refused } = await visitor(browser, { width: 390, height: 844 });
  await openFromCache(page, "/");

  await page.getByRole("button", { name: "Abrir menú" }).click();
  const menu = page.getByRole("dialog", { name: "Menú" });
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Reseñas", exact: true }).click();
  await expect(page).toHaveURL(/\/#rese%C3%B1as$/);
  await expect(menu).toBeHidden();

  expect(await violations(page)).toEqual([]);
  expect(refused).toEqual([]);
  await context.close();
});

test("a cached blog page ships no framework and its links load the next page from the cache", async ({
  browser,
}) => {
  const { context, page, refused } = await visitor(browser, { width: 1280, height: 800 });
  await openFromCache(page, "/blog");
  const link = page.getByRole("main").locator('a[href^="/blog/"]:not([href$=".xml"])').first();
  const href = (await link.getAttribute("href"))!;
  // The article, filled into the cache once.
  await page.request.get(href);

  const documents: Array<{ url: string; cache: string | undefined }> = [];
  const data: string[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "document")
      documents.push({ url: response.url(), cache: response.headers()["x-cache"] });
    if (response.url().includes(".data")) data.push(response.url());
  });
  const title = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // A full navigation (docs/decisions/020): a new document, from the cache, and no data request.
  expect(documents.map((d) => d.cache)).toEqual(["HIT"]);
  expect(data).toEqual([]);

  expect(await violations(page)).toEqual([]);
  expect(refused).toEqual([]);
  await context.close();
});
