import type { Browser, Locator, Page } from "@playwright/test";
import { expect, expectAccessible, gotoHydrated, signInAsAdmin, test } from "./fixtures";
import { guessPlatform } from "../../app/utils/format";
import { linkInMail } from "./mail";

/**
 * What the psychologist and her staff touch every day in the admin area (issue #17, items 9, 10,
 * 13 and 14): moderation at a glance, tables that fit, the dashboard by role, and live counts.
 */

test.describe.configure({ mode: "serial" });

const LONG_REVIEW =
  "Llegué a consulta en un momento muy complicado, con mucha ansiedad y sin saber por dónde " +
  "empezar. Desde la primera sesión me sentí escuchada y sin juicios. Poco a poco entendimos qué " +
  "me pasaba y aprendí herramientas que hoy uso cada día: respirar, poner nombre a lo que siento " +
  "y pedir ayuda cuando la necesito. Lo recomiendo de corazón a quien pase por algo parecido, " +
  "sobre todo si, como yo, pensaba que tenía que poder con todo sola.";

const CONTRIBUTOR = {
  name: "Carmen Colaboradora",
  email: "carmen.diario@example.com",
  password: "una frase para el día a día",
};

/**
 * A draft review typed in by staff (visitors' reviews are limited to 3 an hour per address, and
 * reviews.spec.ts sends its own from the same one).
 */
async function draftReview(page: Page, name: string, content: string) {
  await gotoHydrated(page, "/admin/resenas?estado=todas");
  await page.getByRole("button", { name: "Nueva reseña" }).click();
  const dialog = page.getByRole("dialog", { name: "Nueva reseña" });
  await dialog.getByRole("textbox", { name: "Nombre" }).fill(name);
  await dialog.getByRole("textbox", { name: "Servicio" }).fill("Terapia individual");
  await dialog.getByRole("textbox", { name: "Reseña" }).fill(content);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Reseña creada correctamente")).toBeVisible();
}

async function sendMessage(page: Page, email: string) {
  // The landing page's contact form, as a browser without JavaScript sends it.
  const res = await page.request.post("/?index", {
    form: {
      intent: "contact",
      name: "Persona Diaria",
      email,
      message: "Hola, quería pedir información.",
      consent: "on",
    },
  });
  expect(res.status()).toBe(200);
}

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Área de gestión" });

/** The number on a sidebar link (0 when there is no badge). */
async function badge(page: Page, label: "Reseñas" | "Mensajes") {
  const text = (await sidebar(page)
    .getByRole("link", { name: new RegExp(`^${label}`) })
    .textContent())!;
  const match = /(\d+)/.exec(text);
  return match ? Number(match[1]) : 0;
}

/** Every row of the stat cards is filled: no card left alone with empty columns beside it. */
async function expectCardRowsFilled(page: Page) {
  const grid = page.getByTestId("tarjetas");
  const box = (await grid.boundingBox())!;
  const cards = await grid.locator(":scope > *").evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { top: Math.round(r.top), left: r.left, right: r.right };
    }),
  );
  const rows = new Map<number, Array<{ left: number; right: number }>>();
  for (const c of cards) rows.set(c.top, [...(rows.get(c.top) ?? []), c]);
  expect(rows.size).toBeGreaterThan(0);
  for (const row of rows.values()) {
    expect(Math.min(...row.map((c) => c.left))).toBeCloseTo(box.x, 0);
    expect(Math.max(...row.map((c) => c.right))).toBeCloseTo(box.x + box.width, 0);
  }
}

/** A table that shows all its columns: nothing to scroll sideways, the last column on screen. */
async function expectTableFits(page: Page, region: Locator, lastHeader: string) {
  const { scrollWidth, clientWidth } = await region.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth + 1);
  const viewport = page.viewportSize()!.width;
  const header = (await region.getByRole("columnheader", { name: lastHeader }).boundingBox())!;
  expect(header.x + header.width).toBeLessThanOrEqual(viewport);
}

/** An invited member of staff with this role, signed in in a browser of their own. */
async function invitedStaff(admin: Page, browser: Browser) {
  await gotoHydrated(admin, "/admin/usuarios");
  await admin.getByRole("textbox", { name: "Nombre", exact: true }).fill(CONTRIBUTOR.name);
  await admin.getByRole("textbox", { name: "Email", exact: true }).fill(CONTRIBUTOR.email);
  await admin.getByRole("combobox", { name: "Rol", exact: true }).selectOption("contributor");
  await admin.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(admin.getByText("Invitación enviada")).toBeVisible();

  const page = await (await browser.newContext({ locale: "es-ES" })).newPage();
  await page.goto(await linkInMail(CONTRIBUTOR.email, "/auth/restablecer"));
  await page.getByLabel("Contraseña nueva").fill(CONTRIBUTOR.password);
  await page.getByLabel("Repite la contraseña").fill(CONTRIBUTOR.password);
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page).toHaveURL("/auth");
  return page;
}

async function signInContributor(page: Page) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(CONTRIBUTOR.email);
  await page.getByLabel("Contraseña").fill(CONTRIBUTOR.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL("/admin");
}

test("moderation at a glance: drafts first, the full text in the list, counts on the dashboard and the menu, 'Publicar' on a phone", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const before = await badge(page, "Reseñas");
  await draftReview(page, "Marta L.", LONG_REVIEW);
  await draftReview(page, "Jon D.", "Muy buena experiencia, gracias.");
  const pending = before + 2;

  // Dashboard: the pending count, the same in the menu.
  await gotoHydrated(page, "/admin");
  const counted = page.getByRole("link", {
    name: `${pending} reseñas pendientes de publicar: ver Reseñas`,
  });
  await expect(counted).toBeVisible();
  expect(await badge(page, "Reseñas")).toBe(pending);
  await expect(
    sidebar(page).getByRole("link", { name: `Reseñas ${pending} pendientes de publicar` }),
  ).toBeVisible();
  await expectAccessible(page);

  // The list opens on 'Borradores' while some wait.
  await page.goto("/admin/resenas");
  await expect(page).toHaveURL("/admin/resenas");
  await expect(
    page.getByRole("navigation", { name: "Filtrar por estado" }).locator("[aria-current]"),
  ).toHaveText(`Borradores (${pending})`);
  await expect(page.getByText("Publicada", { exact: true })).toHaveCount(0);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // A long review: three lines, then the whole text on request.
  const marta = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Marta L." }) });
  const text = marta.getByText(/^Llegué a consulta/);
  const clipped = () => text.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  expect(await clipped()).toBe(true);
  await marta.getByText("Leer reseña completa").click();
  expect(await clipped()).toBe(false);
  await expect(marta.getByText("Mostrar menos")).toBeVisible();
  // A short one needs no disclosure.
  const jon = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Jon D." }) });
  await expect(jon.getByText("Muy buena experiencia, gracias.")).toBeVisible();
  await expect(jon.getByText("Leer reseña completa")).toBeHidden();
  await expectAccessible(page);

  // On a phone: cards, and 'Publicar' across the card, big enough to tap.
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/admin/resenas");
  const publish = jon.getByRole("button", { name: "Publicar la reseña de Jon D." });
  const button = (await publish.boundingBox())!;
  const card = (await jon.boundingBox())!;
  expect(button.height).toBeGreaterThanOrEqual(44);
  expect(button.width).toBeGreaterThan(card.width * 0.8);
  expect(card.x + card.width).toBeLessThanOrEqual(390);
  await expect(marta.getByText("Leer reseña completa")).toBeVisible();
  await expectAccessible(page);
  await publish.click();
  await expect(page.getByText("Reseña publicada correctamente")).toBeVisible();
  // Still on the drafts, one fewer, in the list and in the menu.
  await expect(page).toHaveURL("/admin/resenas?estado=borradores");
  await expect(jon).toHaveCount(0);
  const left = pending - 1;
  await expect(page.getByText(/· \d+ pendientes? de publicar$/)).toHaveText(
    new RegExp(`· ${left === 1 ? "1 pendiente de publicar" : `${left} pendientes de publicar`}$`),
  );
  await page.getByRole("button", { name: "Abrir menú de gestión" }).click();
  await expect(
    page.getByRole("dialog").getByRole("link", {
      name: `Reseñas ${left} ${left === 1 ? "pendiente" : "pendientes"} de publicar`,
    }),
  ).toBeVisible();
});

test("a contributor's dashboard: no 'Nuevo artículo' (and the server refuses it), the previous sign-in as 'Último acceso', no card alone", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const carmen = await invitedStaff(page, browser);
  const firstSignIn = Date.now();
  await signInContributor(carmen);

  // First time in: 'Primer acceso'.
  const lastAccess = carmen.getByRole("heading", { name: "Último acceso" }).locator("xpath=../..");
  await expect(lastAccess).toContainText("Primer acceso");
  await expect(carmen.getByRole("link", { name: "Nuevo artículo" })).toHaveCount(0);
  await expect(carmen.getByRole("heading", { name: "Reseñas pendientes" })).toHaveCount(0);
  await expect(carmen.getByRole("heading", { name: "Mensajes sin leer" })).toHaveCount(0);
  expect(await badge(carmen, "Reseñas")).toBe(0);
  for (const width of [390, 1024, 1280]) {
    await carmen.setViewportSize({ width, height: 900 });
    await expectCardRowsFilled(carmen);
  }
  await expectAccessible(carmen);

  await carmen.goto("/admin/blog");
  await expect(carmen.getByRole("heading", { name: "Gestión del blog" })).toBeVisible();
  await expect(carmen.getByRole("link", { name: "Nuevo artículo" })).toHaveCount(0);
  const refused = await carmen.goto("/admin/blog/nuevo");
  expect(refused?.status()).toBe(403);
  await expect(carmen.getByRole("heading", { name: "Acceso Restringido" })).toBeVisible();
  const post = await carmen.request.post("/admin/blog/nuevo", {
    form: { title: "No debería guardarse", content: "Texto" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);

  // Signed out and in again: the dashboard shows the sign-in before this one, not now.
  await carmen.goto("/admin");
  await carmen.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(carmen).toHaveURL("/");
  const secondSignIn = Date.now();
  await signInContributor(carmen);
  const when = lastAccess.locator("time");
  await expect(when).toBeVisible();
  const at = Date.parse((await when.getAttribute("datetime"))!);
  expect(at).toBeGreaterThanOrEqual(firstSignIn - 1000);
  expect(at).toBeLessThan(secondSignIn);
  // From this browser's system, as the server read it at the first sign-in.
  const platform = guessPlatform(await carmen.evaluate(() => navigator.userAgent));
  await expect(lastAccess).toContainText(`Desde ${platform}`);
  await expect(lastAccess).not.toContainText("Primer acceso");
  await carmen.context().close();
});

test("the administrator's dashboard cards, the blog table and the users table fit at 1024 and 1280 px", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  for (const width of [390, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Último acceso" })).toBeVisible();
    await expectCardRowsFilled(page);
  }

  // Blog: titles of at most two lines, the actions on one line, and more than a handful per screen.
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/blog");
    const table = page.getByRole("region", { name: "Tabla de artículos" });
    await expectTableFits(page, table, "Acciones");
    const rows = table.getByRole("row").filter({ has: page.getByRole("switch") });
    await expect(rows.first()).toBeVisible();
    if (width === 1280) {
      const lines = await rows.evaluateAll((trs) =>
        trs.map((tr) => {
          const title = tr.querySelectorAll("td")[1]!.querySelector("span")!;
          return (
            title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight)
          );
        }),
      );
      expect(Math.max(...lines)).toBeLessThanOrEqual(2.05);
      const onScreen = await rows.evaluateAll(
        (trs) => trs.filter((tr) => tr.getBoundingClientRect().bottom <= window.innerHeight).length,
      );
      expect(onScreen).toBeGreaterThanOrEqual(5);
    }
    const tops = await rows
      .first()
      .locator("td")
      .last()
      .locator("a, button")
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(tops).toHaveLength(3);
    expect(new Set(tops).size).toBe(1);
  }
  await expectAccessible(page);

  // Users: the last column and the reason a removal is blocked, on screen.
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/usuarios");
    const table = page.getByRole("region", { name: "Tabla de usuarios" });
    await expectTableFits(page, table, "Acciones");
    const reason = table.getByText("No puedes eliminar tu propia cuenta.");
    const box = (await reason.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    // Other accounts than one's own can be removed (E2E_NEW_ADMIN at least exists).
    const removals = await table.getByRole("button", { name: /^Eliminar/ }).all();
    expect(removals.length).toBeGreaterThan(0);
    for (const b of removals) {
      const r = (await b.boundingBox())!;
      expect(r.x + r.width).toBeLessThanOrEqual(width);
    }
  }
  await expectAccessible(page);
});

test("the unread badge follows a message arriving and being read, here and in another tab, and counts say '1 mensaje'", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const address = `diario${Date.now()}@example.com`;
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/admin");
  const unread = await badge(page, "Mensajes");

  // Another tab stays on the dashboard, with the live connection open.
  const other = await page.context().newPage();
  await gotoHydrated(other, "/admin");
  expect(await badge(other, "Mensajes")).toBe(unread);

  // A message arriving shows up in both without reloading, with the right words.
  await sendMessage(page, address);
  await expect.poll(() => badge(page, "Mensajes"), { timeout: 10_000 }).toBe(unread + 1);
  await expect.poll(() => badge(other, "Mensajes"), { timeout: 10_000 }).toBe(unread + 1);
  await expect(
    page.getByRole("link", {
      name: `${unread + 1} ${unread + 1 === 1 ? "mensaje sin leer" : "mensajes sin leer"}: ver Mensajes`,
    }),
  ).toBeVisible();

  // One result for its address: the singular. Reading it lowers both badges.
  await gotoHydrated(page, `/admin/mensajes?q=${encodeURIComponent(address)}`);
  await expect(page.getByText(/^1 mensaje · \d+ sin leer\./)).toBeVisible();
  await page.getByRole("link", { name: new RegExp(address.replace(/\./g, "\\.")) }).click();
  await expect(page.getByText("Hola, quería pedir información.")).toBeVisible();
  await expect.poll(() => badge(page, "Mensajes"), { timeout: 10_000 }).toBe(unread);
  await expect.poll(() => badge(other, "Mensajes"), { timeout: 10_000 }).toBe(unread);
  await other.close();
});
