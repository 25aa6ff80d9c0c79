import { expect, expectAccessible, test } from "./fixtures";

test("search as you type → category → page 2 → article → related article", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  await expect(page.getByRole("status")).toHaveText("26 artículos");
  await expectAccessible(page);

  const search = page.getByRole("searchbox", { name: "Buscar artículos" });
  await search.click();
  await search.pressSequentially("ESTRES", { delay: 30 });
  await expect(page).toHaveURL(/\?q=ESTRES$/);
  await expect(search).toBeFocused();
  await expect(page.getByRole("status")).toContainText("para «ESTRES»");
  const firstHit = page.locator("main article h2").first();
  await expect(firstHit).toContainText(/estrés|burnout/i);

  // A category chip toggles a filter and keeps the search.
  const categories = page.getByRole("navigation", { name: "Categorías" });
  await categories.getByRole("link", { name: "Estrés" }).click();
  await expect(page).toHaveURL(/q=ESTRES&categoria=estres/);
  await expect(page.locator("main article")).toHaveCount(2);
  await categories.getByRole("link", { name: /Estrés/ }).click();
  await expect(page).toHaveURL(/\?q=ESTRES$/);

  // Nothing found.
  await search.fill("xilófono");
  await expect(
    page.getByText("No se encontraron artículos que coincidan con tu búsqueda."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Mostrar todos los artículos" }).click();
  await expect(page).toHaveURL("/blog");
  // The old words leave the box with the search (issue #34, item 15).
  await expect(search).toHaveValue("");
  await expect(page.getByRole("status")).toHaveText("26 artículos");

  // Page 2 from the bottom of page 1 starts at the top.
  const pagination = page.getByRole("navigation", { name: "Paginación" });
  await pagination.getByRole("link", { name: "Página 2" }).click();
  await expect(page).toHaveURL("/blog?pagina=2");
  await expect(pagination.getByRole("link", { name: "Página 2" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(200);

  const card = page.locator("main article h2 a").first();
  const title = (await card.textContent())!.trim();
  await card.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("img").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Compartir este artículo" })).toBeVisible();
  const whatsapp = page.getByRole("link", { name: /WhatsApp/ });
  expect(decodeURIComponent((await whatsapp.getAttribute("href"))!)).toContain(title);
  await expectAccessible(page);

  const related = page.getByRole("region", { name: "Artículos relacionados" });
  const relatedLink = related.locator("h3 a").first();
  const relatedTitle = (await relatedLink.textContent())!.trim();
  await relatedLink.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(relatedTitle);
});

test("an unknown article answers 404 with a way back to the blog", async ({ page }) => {
  const response = await page.goto("/blog/no-existe-este-articulo");
  expect(response?.status()).toBe(404);
  // The site's 404 page ('Error 404: ' is read before the title by screen readers).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Artículo no encontrado$/);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Volver al blog" }).click();
  await expect(page).toHaveURL("/blog");
});

test("the landing page features the three newest articles", async ({ page }) => {
  await page.goto("/");
  const featured = page.locator("#blog-destacados article");
  await expect(featured).toHaveCount(3);
  await page
    .locator("#blog-destacados")
    .getByRole("link", { name: "Ver todos los artículos" })
    .click();
  await expect(page).toHaveURL("/blog");
});

test("the blog works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/blog");
  await page.getByRole("searchbox", { name: "Buscar artículos" }).fill("duelo");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/blog\?q=duelo/);
  await expect(page.locator("main article").first()).toBeVisible();
  await context.close();
});
