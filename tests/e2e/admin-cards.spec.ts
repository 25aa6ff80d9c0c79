import type { Browser } from "@playwright/test";
import { expect, expectAccessible, gotoHydrated, signInAsAdmin, test } from "./fixtures";

/**
 * Issue #34, item 9: on a phone (below 640 px) the Blog and Usuarios lists are cards, as Reseñas
 * already is, with nothing scrolling sideways; from 640 px they are tables.
 */

async function newPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 844 }, locale: "es-ES" });
  return { context, page: await context.newPage() };
}

const PAGES = [
  {
    path: "/admin/blog",
    list: "Artículos",
    table: "Tabla de artículos",
    control: { role: "link", name: /^Editar «/ },
  },
  {
    path: "/admin/usuarios",
    list: "Usuarios",
    table: "Tabla de usuarios",
    control: { role: "combobox", name: /^Rol de / },
  },
] as const;

for (const { path, list, table, control: wanted } of PAGES) {
  test(`${path}: cards at 390 px, a table at 1280 px`, async ({ browser }) => {
    const phone = await newPage(browser, 390);
    await signInAsAdmin(phone.page);
    await gotoHydrated(phone.page, path);
    const cards = phone.page.getByRole("list", { name: list, exact: true });
    await expect(cards).toBeVisible();
    await expect(phone.page.getByRole("region", { name: table })).toBeHidden();
    expect(await cards.getByRole("listitem").count()).toBeGreaterThan(0);
    // Each card holds its controls, on the screen without scrolling sideways.
    const control = cards
      .getByRole("listitem")
      .first()
      .getByRole(wanted.role, { name: wanted.name });
    await expect(control).toBeInViewport();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      "nada se sale de la pantalla a lo ancho",
    ).toBe(true);
    await expectAccessible(phone.page);
    await phone.context.close();

    const desktop = await newPage(browser, 1280);
    await signInAsAdmin(desktop.page);
    await gotoHydrated(desktop.page, path);
    await expect(desktop.page.getByRole("region", { name: table })).toBeVisible();
    await expect(desktop.page.getByRole("list", { name: list, exact: true })).toBeHidden();
    await expectAccessible(desktop.page);
    await desktop.context.close();
  });
}
