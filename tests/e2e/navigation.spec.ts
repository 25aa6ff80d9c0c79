import type { Page } from "@playwright/test";
import { expect, expectAccessible, gotoHydrated, test, useSettings, visitorPage } from "./fixtures";

/**
 * Issue #17, what a visitor touches: section links land on their section, nothing floats over the
 * content, the header at every width, one accent colour per view, and the two 404 pages.
 */

const SECTIONS = [
  // Far down first: a phone used to stop 2,500 px short of 'Contacto' on the first scroll.
  { id: "contacto", label: "Contacto" },
  { id: "reseñas", label: "Reseñas" },
  { id: "colaboraciones", label: "Colaboraciones" },
  { id: "blog-destacados", label: "Blog" },
  { id: "servicios", label: "Servicios" },
  { id: "sobre-mi", label: "Sobre mí" },
  { id: "inicio", label: "Inicio" },
];
const PHONE = { width: 390, height: 844 };
/** How long a scroll may take, checked every 200 ms. */
const SETTLE = { timeout: 10_000, intervals: [200] };
const DESKTOP = { width: 1280, height: 800 };

/** Distance from the sticky header's bottom to the section's top, once the page stops scrolling. */
async function settledOffset(page: Page, id: string) {
  const read = () =>
    page.evaluate((id) => {
      const section = document.getElementById(id);
      if (!section) return null;
      const header = document.querySelector("header")!.getBoundingClientRect().bottom;
      return { y: window.scrollY, offset: section.getBoundingClientRect().top - header };
    }, id);
  const first = await read();
  await page.waitForTimeout(150);
  const second = await read();
  // Still scrolling (or not on the landing page yet): not an answer.
  if (!first || !second || first.y !== second.y) return Number.NaN;
  return Math.abs(second.offset);
}

/** Chooses a section from the header, as a visitor at this width would. */
async function chooseSection(page: Page, label: string, js: boolean) {
  const wide = await page.getByRole("navigation", { name: "Principal" }).isVisible();
  if (wide) {
    await page
      .getByRole("navigation", { name: "Principal" })
      .getByRole("link", { name: label, exact: true })
      .click();
  } else if (js) {
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page
      .getByRole("dialog", { name: "Menú" })
      .getByRole("link", { name: label, exact: true })
      .click();
  } else {
    await page.getByRole("link", { name: "Abrir menú" }).click();
    await page
      .getByRole("navigation", { name: "Menú", exact: true })
      .getByRole("link", { name: label, exact: true })
      .click();
  }
}

/** A real booking site (example values in Ajustes are never shown publicly). */
const BOOKING_URL = "https://reservas.example.org/ribera";
useSettings({ bookingUrl: BOOKING_URL });

for (const viewport of [PHONE, DESKTOP]) {
  for (const js of [true, false]) {
    for (const from of ["/", "/blog"]) {
      test(`section links from ${from} land on their section at ${viewport.width} px ${js ? "with" : "without"} JavaScript`, async ({
        browser,
      }) => {
        test.setTimeout(90_000);
        const { context, page } = await visitorPage(browser, viewport, js);
        for (const { id, label } of SECTIONS) {
          await test.step(label, async () => {
            if (js) await gotoHydrated(page, from);
            else await page.goto(from);
            await chooseSection(page, label, js);
            await expect(page).toHaveURL(new RegExp(`/#${encodeURIComponent(id)}$`));
            await expect
              .poll(() => settledOffset(page, id), {
                ...SETTLE,
                message: `la sección #${id} queda justo bajo la cabecera`,
              })
              .toBeLessThanOrEqual(8);
          });
        }
        await context.close();
      });
    }
  }
}

for (const viewport of [PHONE, DESKTOP]) {
  for (const js of [true, false]) {
    test(`other links to the contact section land on it at ${viewport.width} px ${js ? "with" : "without"} JavaScript`, async ({
      browser,
    }) => {
      const { context, page } = await visitorPage(browser, viewport, js);
      // The hero's 'Contactar ahora' (#contacto) and an inner page's 'Escribirme' (/#contacto).
      for (const [from, name] of [
        ["/", "Contactar ahora"],
        ["/servicios/mindfulness", "Escribirme"],
      ] as const) {
        if (js) await gotoHydrated(page, from);
        else await page.goto(from);
        await page.getByRole("link", { name, exact: true }).click();
        await expect(page).toHaveURL(/\/#contacto$/);
        await expect
          .poll(() => settledOffset(page, "contacto"), { ...SETTLE, message: name })
          .toBeLessThanOrEqual(8);
      }
      await context.close();
    });
  }
}

test.describe("nothing floats over the content", () => {
  test.use({ viewport: PHONE });

  test("on a phone the crisis lines (024, 112) can be tapped at the bottom of every page", async ({
    browser,
  }) => {
    const { context, page } = await visitorPage(browser, PHONE);
    for (const path of ["/", "/blog", "/blog/duelo-como-abordarlo", "/servicios/mindfulness"]) {
      await gotoHydrated(page, path);
      // Nothing is fixed over the page (the sticky header scrolls with it and stays at the top).
      const fixed = await page.evaluate(() =>
        [...document.body.querySelectorAll("*")]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return getComputedStyle(el).position === "fixed" && box.width > 0 && box.height > 0;
          })
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(fixed, `${path}: elementos fijos sobre el contenido`).toEqual([]);
      for (const number of ["024", "112"]) {
        const link = page.getByRole("contentinfo").getByRole("link", { name: number, exact: true });
        // Scrolled to the end as a visitor would, again while the page may still grow (the
        // footer staying put after the scroll: scroll-stability.spec.ts).
        await expect
          .poll(async () => {
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            return link.evaluate((el) => {
              const box = el.getBoundingClientRect();
              return box.top >= 0 && box.bottom <= window.innerHeight;
            });
          })
          .toBe(true);
        const box = (await link.boundingBox())!;
        const hit = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.getAttribute("href"),
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        );
        expect(hit, `${path}: lo que hay en el centro del enlace ${number}`).toBe(`tel:${number}`);
      }
    }
    await context.close();
  });
});

test.describe("the header at every width", () => {
  for (const width of [1024, 1280]) {
    test(`at ${width} px the seven sections, 'Pedir cita' and the name fit in the bar`, async ({
      browser,
    }) => {
      const { context, page } = await visitorPage(browser, { width, height: 800 });
      await gotoHydrated(page, "/blog");
      const header = page.getByRole("banner");
      await expect(page.getByRole("button", { name: "Abrir menú" })).toBeHidden();
      const nav = header.getByRole("navigation", { name: "Principal" });
      await expect(nav.getByRole("link")).toHaveCount(7);
      for (const { label } of SECTIONS) {
        await expect(nav.getByRole("link", { name: label, exact: true })).toBeInViewport({
          ratio: 1,
        });
      }
      const book = header.getByRole("link", { name: /^Pedir cita/ });
      await expect(book).toBeInViewport({ ratio: 1 });
      await expect(book).toHaveAttribute("href", BOOKING_URL);
      // Side by side, in one row: logo, menu, main action; nothing cut or overlapping.
      const logo = (await header.locator('a[href="/#inicio"]').first().boundingBox())!;
      const menu = (await nav.boundingBox())!;
      const action = (await book.boundingBox())!;
      expect(logo.x + logo.width).toBeLessThanOrEqual(menu.x);
      expect(menu.x + menu.width).toBeLessThanOrEqual(action.x);
      expect(menu.height).toBeLessThanOrEqual(64);
      await expectNameNotCut(page);
      await expectAccessible(page);
      await context.close();
    });
  }

  for (const width of [390, 800]) {
    test(`at ${width} px the header keeps 'Pedir cita' beside the menu button`, async ({
      browser,
    }) => {
      const { context, page } = await visitorPage(browser, { width, height: 844 });
      await gotoHydrated(page, "/sobre-mi");
      const header = page.getByRole("banner");
      await expect(header.getByRole("navigation", { name: "Principal" })).toBeHidden();
      await expect(page.getByRole("button", { name: "Abrir menú" })).toBeInViewport({ ratio: 1 });
      const book = header.getByRole("link", { name: /^Pedir cita/ });
      await expect(book).toBeInViewport({ ratio: 1 });
      await expect(book).toHaveAttribute("href", BOOKING_URL);
      await expect(book).toHaveAttribute("target", "_blank");
      expect((await book.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await expectNameNotCut(page);
      await expectAccessible(page);
      await context.close();
    });
  }

  test("without a booking site, 'Pedir cita' leads to the contact section", async ({
    browser,
    settings,
  }) => {
    test.setTimeout(90_000);
    await settings.set({ bookingUrl: "" });
    const { context, page: visitor } = await visitorPage(browser, PHONE);
    await gotoHydrated(visitor, "/blog");
    const book = visitor.getByRole("banner").getByRole("link", { name: "Pedir cita" });
    await expect(book).toHaveAttribute("href", "/#contacto");
    await book.click();
    await expect(visitor).toHaveURL(/\/#contacto$/);
    await expect.poll(() => settledOffset(visitor, "contacto"), SETTLE).toBeLessThanOrEqual(8);
    await context.close();
  });
});

/** The professional's name and title in the header are shown whole (no ellipsis). */
async function expectNameNotCut(page: Page) {
  const cut = await page
    .getByRole("banner")
    .locator('a[href="/#inicio"]')
    .first()
    .evaluate(
      (link) =>
        [...link.querySelectorAll("span")].filter((s) => s.scrollWidth > s.clientWidth).length,
    );
  expect(cut, "nombre o título recortado en la cabecera").toBe(0);
}

/** Visible, filled terracotta actions in the first screen. */
async function accentActionsInFirstScreen(page: Page) {
  return page.evaluate(() => {
    const probe = document.createElement("span");
    probe.style.color = "var(--color-accent)";
    document.body.append(probe);
    const accent = getComputedStyle(probe).color;
    probe.remove();
    return [...document.querySelectorAll("a, button, summary")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return (
          getComputedStyle(el).backgroundColor === accent &&
          box.width > 0 &&
          box.bottom > 0 &&
          box.top < window.innerHeight
        );
      })
      .map((el) => el.textContent?.trim());
  });
}

test.describe("one accent colour per view", () => {
  for (const viewport of [PHONE, { width: 1024, height: 800 }, DESKTOP]) {
    test(`at ${viewport.width} px the first screen has one terracotta action at most`, async ({
      browser,
    }) => {
      const { context, page } = await visitorPage(browser, viewport);
      await gotoHydrated(page, "/");
      expect(await accentActionsInFirstScreen(page)).toEqual(["Contactar ahora"]);
      for (const path of ["/servicios", "/sobre-mi", "/blog", "/blog/duelo-como-abordarlo"]) {
        await gotoHydrated(page, path);
        expect(
          (await accentActionsInFirstScreen(page)).length,
          `${path}: acciones en terracota`,
        ).toBeLessThanOrEqual(1);
      }
      await context.close();
    });
  }
});

test.describe("the two 404 pages look alike and suggest a search and recent articles", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px`, async ({ browser }) => {
      test.setTimeout(60_000);
      const { context, page } = await visitorPage(browser, viewport);
      // The newest public articles, as the landing page features them.
      await page.goto("/");
      const newest = (await page.locator("#blog-destacados h3").allTextContents()).map((t) =>
        t.trim(),
      );
      expect(newest).toHaveLength(3);

      for (const { path, title } of [
        { path: "/esta-pagina-no-existe", title: "Página no encontrada" },
        { path: "/blog/no-existe-este-articulo", title: "Artículo no encontrado" },
      ]) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.getByText("404", { exact: true })).toBeVisible();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`${title}$`));
        await expect(page.getByRole("link", { name: "Volver al inicio" })).toBeVisible();
        const search = page.getByRole("search", { name: "Buscar en el blog" });
        await expect(search.getByRole("searchbox")).toBeVisible();
        const recent = page.getByRole("region", { name: "Artículos recientes" }).getByRole("link");
        await expect(recent).toHaveCount(3);
        for (const [i, name] of newest.entries()) {
          await expect(recent.nth(i)).toContainText(name);
        }
        await expectAccessible(page);
      }

      // The search works (the form is a plain GET to /blog) …
      await page.getByRole("searchbox").fill("ansiedad");
      await page.getByRole("searchbox").press("Enter");
      await expect(page).toHaveURL("/blog?q=ansiedad");
      await expect(page.locator("main article").first()).toBeVisible();
      // … and so does a suggested article.
      await page.goto("/esta-pagina-no-existe");
      await page
        .getByRole("region", { name: "Artículos recientes" })
        .getByRole("link")
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest[0]!);
      await context.close();
    });
  }

  test("without JavaScript the 404 page's search still works", async ({ browser }) => {
    const { context, page } = await visitorPage(browser, PHONE, false);
    await page.goto("/blog/no-existe-este-articulo");
    await page.getByRole("searchbox").fill("duelo");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL("/blog?q=duelo");
    await expect(page.locator("main article").first()).toBeVisible();
    await context.close();
  });
});
