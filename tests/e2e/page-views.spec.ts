import { expect, expectAccessible, signInAsAdmin, test } from "./fixtures";

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
  await visitor.goto("/blog", { waitUntil: "networkidle" });
  const link = visitor.locator('main article a[href^="/blog/"]').first();
  const articlePath = (await link.getAttribute("href"))!.split(/[?#]/)[0]!;
  // A client-side navigation: React Router fetches `${articlePath}.data`.
  const data = visitor.waitForResponse((r) => r.url().includes(".data"));
  await link.click();
  await expect(visitor).toHaveURL(articlePath);
  expect((await data).status()).toBe(200);
  // Nothing stored in the browser.
  expect(await context.cookies()).toEqual([]);
  expect(await visitor.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  await context.close();

  await signInAsAdmin(page);
  await page.goto("/admin");
  const section = page.getByRole("region", { name: "Visitas (últimos 30 días)" });
  await expect(section).toBeVisible();
  await expect(section.getByText(/sin cookies/)).toBeVisible();
  const top = section.getByRole("table", { name: "Páginas más visitadas" });
  await expect(top.getByRole("row", { name: /^\/blog 1$/ })).toBeVisible();
  await expect(top.getByRole("row", { name: new RegExp(`^${articlePath} 1$`) })).toBeVisible();
  const perDay = section.getByRole("table", { name: "Visitas por día" });
  await expect(perDay.getByRole("row")).toHaveCount(31);
  await expectAccessible(page);
});
