import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, gotoHydrated, signInAsAdmin, test } from "./fixtures";

/**
 * Issue #34, item 9: on a phone (below 640 px) each row of the Blog and Usuarios tables is a card,
 * as in Reseñas, with nothing scrolling sideways; from 640 px they are tables. The markup stays
 * one table (the cells are stacked by CSS), so every control exists once.
 */

async function newPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 844 }, locale: "es-ES" });
  return { context, page: await context.newPage() };
}

const PAGES = [
  {
    path: "/admin/blog",
    table: "Tabla de artículos",
    control: { role: "link", name: /^Editar «/ },
  },
  {
    path: "/admin/usuarios",
    table: "Tabla de usuarios",
    control: { role: "combobox", name: /^Rol de / },
  },
] as const;

/** How the table is laid out: its display, its first row's, whether its header shows, widths. */
function layout(page: Page, name: string) {
  return page.getByRole("region", { name }).evaluate((region) => {
    const table = region.querySelector("table")!;
    const row = table.querySelector("tbody tr")!;
    const head = table.querySelector("thead")!.getBoundingClientRect();
    return {
      table: getComputedStyle(table).display,
      row: getComputedStyle(row).display,
      headerShown: head.width > 1 && head.height > 1,
      fits: region.scrollWidth <= region.clientWidth + 1,
      pageFits: document.documentElement.scrollWidth <= window.innerWidth,
    };
  });
}

for (const { path, table, control: wanted } of PAGES) {
  test(`${path}: cards at 390 px, a table at 1280 px`, async ({ browser }) => {
    const phone = await newPage(browser, 390);
    await signInAsAdmin(phone.page);
    await gotoHydrated(phone.page, path);
    expect(await layout(phone.page, table)).toEqual({
      table: "block",
      row: "flex",
      headerShown: false,
      fits: true,
      pageFits: true,
    });
    // Each card holds its controls, on the screen without scrolling sideways.
    const row = phone.page.getByRole("region", { name: table }).locator("tbody tr").first();
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole(wanted.role, { name: wanted.name })).toBeInViewport({ ratio: 1 });
    await expectAccessible(phone.page);
    await phone.context.close();

    const desktop = await newPage(browser, 1280);
    await signInAsAdmin(desktop.page);
    await gotoHydrated(desktop.page, path);
    const wide = await layout(desktop.page, table);
    expect(wide.table).toBe("table");
    expect(wide.row).toBe("table-row");
    expect(wide.headerShown).toBe(true);
    await expectAccessible(desktop.page);
    await desktop.context.close();
  });
}
