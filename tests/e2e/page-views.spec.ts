import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInAsAdmin, test } from "./fixtures";

/** The dashboard's count for a path (0 when it is not listed). Other specs visit pages too. */
async function viewsOf(page: Page, path: string) {
  await page.goto("/admin");
  const top = page
    .getByRole("region", { name: "Visitas (últimos 30 días)" })
    .getByRole("table", { name: "Páginas más visitadas" });
  const row = top
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: path, exact: true }) });
  if ((await row.count()) === 0) return 0;
  return Number(await row.getByRole("cell").nth(1).textContent());
}

// Headless Chromium says "HeadlessChrome", which counts as a bot: the visitor uses a normal UA.
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

test("public visits are counted without cookies and shown on the dashboard", async ({
  page,
  browser,
}) => {
  const context = await browser.newContext({
    userAgent: BROWSER_UA,
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
  });
  const visitor = await context.newPage();
  await signInAsAdmin(page);
  const blogBefore = await viewsOf(page, "/blog");
  await visitor.goto("/blog", { waitUntil: "networkidle" });
  const link = visitor.locator('main article a[href^="/blog/"]').first();
  const articlePath = (await link.getAttribute("href"))!.split(/[?#]/)[0]!;
  const articleBefore = await viewsOf(page, articlePath);
  // A full navigation between public pages (docs/decisions/020), answered by the page cache.
  const article = visitor.waitForResponse(
    (r) => r.request().resourceType() === "document" && r.url().endsWith(articlePath),
  );
  await link.click();
  await expect(visitor).toHaveURL(articlePath);
  expect((await article).status()).toBe(200);
  // Nothing stored in the browser.
  await visitor.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(await context.cookies()).toEqual([]);
  expect(await visitor.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  // Once each (a page the browser prerendered on the way counts when it is shown).
  await expect.poll(() => viewsOf(page, articlePath)).toBe(articleBefore + 1);
  expect(await viewsOf(page, "/blog")).toBe(blogBefore + 1);
  await context.close();
  const section = page.getByRole("region", { name: "Visitas (últimos 30 días)" });
  await expect(section).toBeVisible();
  await expect(section.getByText(/sin cookies/)).toBeVisible();
  const perDay = section.getByRole("table", { name: "Visitas por día" });
  await expect(perDay.getByRole("row")).toHaveCount(31);
  await expectAccessible(page);
});
