import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, gotoHydrated, signInAsAdmin, test } from "./fixtures";
import { DEFAULT_SETTINGS, SHOWN_ONLY_WHEN_REAL } from "../../app/modules/settings/defaults";
import { SOCIAL_NETWORKS } from "../../app/modules/settings/social";

// Issue #17, items 4–7 and 16: what a visitor reads on the landing page, the blog and the
// legal pages, at a phone's width and a desktop's.
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1024, height: 768 };
const DESKTOP = { width: 1280, height: 900 };

async function open(page: Page, size: { width: number; height: number }, url: string) {
  await page.setViewportSize(size);
  await gotoHydrated(page, url);
}

// ─── 16. The landing page reaches network idle ──────────────────────────────────────────────────

for (const size of [PHONE, DESKTOP]) {
  test(`the landing page reaches network idle (${size.width} px)`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/");
    // The contact form's connection check reads its response to the end.
    await page.waitForLoadState("networkidle", { timeout: 10_000 });
    await expect(page.getByText("Error de conexión", { exact: false })).toHaveCount(0);
  });
}

// ─── 4. Testimonials ────────────────────────────────────────────────────────────────────────────

/** The blank space under each review's text (between the quote and the name). */
async function blankUnderReviews(cards: Locator) {
  return cards.evaluateAll((figures) =>
    figures.map((figure) => {
      const quote = figure.querySelector("blockquote")!.getBoundingClientRect();
      const caption = figure.querySelector("figcaption")!.getBoundingClientRect();
      return caption.top - quote.bottom;
    }),
  );
}

/** The blank band between the reviews in view and the strip's end (the controls sit below). */
async function bandUnderStrip(carousel: Locator) {
  return carousel.getByRole("list").evaluate((list) => {
    const strip = list.getBoundingClientRect();
    let bottom = strip.top;
    for (const figure of list.querySelectorAll("figure")) {
      const box = figure.getBoundingClientRect();
      if (box.right > strip.left + 1 && box.left < strip.right - 1) {
        bottom = Math.max(bottom, box.bottom);
      }
    }
    return strip.bottom - bottom;
  });
}

for (const size of [LAPTOP, DESKTOP]) {
  test(`reviews at ${size.width} px: cards as tall as their text, a dot button per page, arrows off at the ends`, async ({
    page,
  }) => {
    await open(page, size, "/#reseñas");
    const carousel = page.getByRole("region", { name: "Reseñas de pacientes" });
    const count = await carousel.locator(`[aria-roledescription="diapositiva"]`).count();
    expect(count).toBeGreaterThan(6);
    const pages = Math.ceil(count / 3);

    expect(Math.max(...(await blankUnderReviews(carousel.locator("figure"))))).toBeLessThanOrEqual(
      20,
    );
    // Nor a band under the strip sized for the longest review of all, off to the side.
    await expect.poll(() => bandUnderStrip(carousel)).toBeLessThanOrEqual(24);

    const previous = carousel.getByRole("button", { name: "Anterior" });
    const next = carousel.getByRole("button", { name: "Siguiente" });
    const dots = carousel.getByRole("button", { name: /^Ir a las reseñas/ });
    await expect(dots).toHaveCount(pages);
    await expect(dots.first()).toHaveAccessibleName(`Ir a las reseñas 1 a 3 de ${count}`);
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expectAccessible(page);

    // A dot is a real button: it moves the strip and becomes the current one.
    await dots.nth(1).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(dots.first()).not.toHaveAttribute("aria-current", "true");
    await expect(
      carousel.getByRole("group", { name: `4 de ${count}`, exact: true }),
    ).toBeInViewport();
    await expect(previous).toBeEnabled();

    await dots.last().click();
    await expect(dots.last()).toHaveAttribute("aria-current", "true");
    await expect(next).toBeDisabled();
    await expect(
      carousel.getByRole("group", { name: `${count} de ${count}`, exact: true }),
    ).toBeInViewport();

    // With the keyboard, back to the start: the arrow that runs out hands focus to the other one.
    await previous.focus();
    for (let i = 1; i < pages; i++) {
      await page.keyboard.press("Enter");
      await expect(dots.nth(pages - 1 - i)).toHaveAttribute("aria-current", "true");
    }
    await expect(previous).toBeDisabled();
    await expect(next).toBeFocused();
  });
}

test("reviews at 390 px: one card at a time, a position counter, arrows off at the ends", async ({
  page,
}) => {
  await open(page, PHONE, "/#reseñas");
  const carousel = page.getByRole("region", { name: "Reseñas de pacientes" });
  const count = await carousel.locator(`[aria-roledescription="diapositiva"]`).count();
  const position = carousel.getByTestId("posicion-resenas");
  // Too many pages for dots on a phone: a counter says where the visitor is.
  await expect(carousel.getByRole("button", { name: /^Ir a la/ })).toHaveCount(0);
  await expect(position).toHaveText(`Mostrando la reseña 1 de ${count}`);
  const previous = carousel.getByRole("button", { name: "Anterior" });
  const next = carousel.getByRole("button", { name: "Siguiente" });
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(position).toHaveText(`Mostrando la reseña 2 de ${count}`);
  await expect(previous).toBeEnabled();
  await expect(
    carousel.getByRole("group", { name: `2 de ${count}`, exact: true }),
  ).toBeInViewport();
  // The card in view is as tall as its own text.
  const [blank] = await blankUnderReviews(
    carousel.getByRole("group", { name: `2 de ${count}`, exact: true }).locator("figure"),
  );
  expect(blank).toBeLessThanOrEqual(20);
  await expect.poll(() => bandUnderStrip(carousel)).toBeLessThanOrEqual(24);
  // The end: the last review, 'Siguiente' disabled.
  await carousel.getByRole("list").evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
  await expect(position).toHaveText(`Mostrando la reseña ${count} de ${count}`);
  await expect(next).toBeDisabled();
  await expectAccessible(page);
});

// ─── 5. The blog on a phone ─────────────────────────────────────────────────────────────────────

test("blog at 390 px: the categories are one row, the first article is on the first screen", async ({
  page,
}) => {
  await open(page, PHONE, "/blog");
  const categories = page.getByRole("navigation", { name: "Categorías" });
  const chips = categories.getByRole("link");
  expect(await chips.count()).toBeGreaterThan(10);
  const tops = await chips.evaluateAll((links) =>
    links.map((link) => Math.round(link.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size).toBe(1);
  const row = categories.getByRole("list");
  expect(await row.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
  // The first article starts within the first screen (the wrapped chips took eight rows).
  const first = page.locator("main article").first();
  expect((await first.boundingBox())!.y).toBeLessThan(PHONE.height);

  // The search placeholder fits in its box.
  const search = page.getByRole("searchbox", { name: "Buscar artículos" });
  const fits = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });
  expect(fits).toBe(true);
  await expectAccessible(page);

  // A chip past the phone's edge: chosen, and still in view in the row afterwards.
  const last = chips.last();
  const name = (await last.textContent())!.trim();
  await last.click();
  await expect(page).toHaveURL(/categoria=/);
  const chosen = categories.getByRole("link", { name: new RegExp(name) });
  await expect(chosen).toHaveAttribute("aria-current", "true");
  await expect(chosen).toBeInViewport();
});

test("blog at 1280 px: the categories wrap and every chip is visible", async ({ page }) => {
  await open(page, DESKTOP, "/blog");
  const row = page.getByRole("navigation", { name: "Categorías" }).getByRole("list");
  expect(await row.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
  await expect(row.getByRole("link").last()).toBeInViewport();
});

/** The motif of each card's generated cover, in the order the cards are shown. */
async function coverMotifs(page: Page, cards: Locator) {
  const sources = await cards
    .locator("img")
    .evaluateAll((images) =>
      images.map((image) => (image as HTMLImageElement).getAttribute("src")!),
    );
  return Promise.all(
    sources.map(async (src) => {
      const svg = await (await page.request.get(src)).text();
      return /data-motif="([a-z]+)"/.exec(svg)?.[1];
    }),
  );
}

for (const size of [PHONE, DESKTOP]) {
  test(`covers differ between neighbouring articles (${size.width} px)`, async ({ page }) => {
    await open(page, size, "/");
    const featured = await coverMotifs(page, page.locator("#blog-destacados article"));
    expect(featured).toHaveLength(3);
    expect(new Set(featured).size).toBe(3);

    await open(page, size, "/blog");
    const listed = await coverMotifs(page, page.locator("main article"));
    expect(listed.length).toBeGreaterThan(3);
    for (let i = 1; i < listed.length; i++) expect(listed[i]).not.toBe(listed[i - 1]);
  });
}

// ─── 6. Contact ─────────────────────────────────────────────────────────────────────────────────

async function fillContact(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Envíame un mensaje" });
  await form.getByLabel("Nombre").fill("Elena Prieto");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Mensaje").fill("Quería saber si hay horario de tarde para la terapia.");
  await form.getByRole("checkbox").check();
  return form;
}

for (const size of [PHONE, LAPTOP, DESKTOP]) {
  test(`after sending, the result is by the button, in view (${size.width} px)`, async ({
    page,
  }) => {
    await open(page, size, "/#contacto");
    const email = `elena.${size.width}@example.com`;
    const form = await fillContact(page, email);
    const button = form.getByRole("button", { name: "Enviar mensaje" });
    await button.click();
    const result = page
      .getByRole("status")
      .filter({ hasText: `Gracias, he recibido tu mensaje. Te responderé a ${email}` });
    await expect(result).toBeVisible();
    await expect(result).toBeInViewport();
    // Right below the button the visitor pressed, not a screen above it.
    const buttonBox = (await button.boundingBox())!;
    const resultBox = (await result.boundingBox())!;
    expect(resultBox.y).toBeGreaterThan(buttonBox.y);
    expect(resultBox.y - (buttonBox.y + buttonBox.height)).toBeLessThan(40);
    await expect(page.getByText(/Mensaje enviado correctamente a/)).toHaveCount(0);
    await expectAccessible(page);
  });
}

test("without JavaScript at 390 px the post returns to #contacto with the result in view", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto("/#contacto");
  const form = page.getByRole("form", { name: "Envíame un mensaje" });
  // A mistake first: the page comes back at the section, the error in view, the fields kept.
  await form.getByLabel("Nombre").fill("Elena Prieto");
  await form.getByLabel("Email").fill("elena.nojs@example.com");
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(page).toHaveURL(/\/\?index#contacto$/);
  const error = page.getByRole("alert").filter({ hasText: "No se pudo enviar el mensaje" });
  await expect(error).toBeInViewport();
  await expect(error.getByRole("link", { name: "Ir al formulario" })).toHaveAttribute(
    "href",
    "#formulario-contacto",
  );
  await expect(
    page.getByRole("form", { name: "Envíame un mensaje" }).getByLabel("Email"),
  ).toHaveValue("elena.nojs@example.com");

  await fillContact(page, "elena.nojs@example.com");
  await page
    .getByRole("form", { name: "Envíame un mensaje" })
    .getByRole("button", { name: "Enviar mensaje" })
    .click();
  await expect(page).toHaveURL(/#contacto$/);
  const result = page.getByRole("status").filter({
    hasText: "Gracias, he recibido tu mensaje. Te responderé a elena.nojs@example.com",
  });
  await expect(result).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await context.close();
});

// ─── 7. Placeholder content is never shown as if real ───────────────────────────────────────────

/** Ajustes as a new install has them (the example values). */
const EXAMPLES: Record<string, string> = {
  ...Object.fromEntries(SHOWN_ONLY_WHEN_REAL.map((key) => [key, DEFAULT_SETTINGS[key]])),
  ...Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [
      `socialLinks.${network}`,
      DEFAULT_SETTINGS.socialLinks[network],
    ]),
  ),
  "publications.0.title": "",
  "publications.0.url": "",
};

const EXAMPLE_TEXT = /00000|example\.com\/|Ejemplo|600 000 000/;

test("with the example Ajustes, no made-up number, link or block reaches a public page", async ({
  page,
  settings,
}) => {
  test.setTimeout(90_000);
  await settings.set(EXAMPLES);
  for (const size of [PHONE, DESKTOP]) {
    await open(page, size, "/");
    await expect(page.locator("body")).not.toContainText(EXAMPLE_TEXT);
    expect(await page.locator(`a[href*="example.com/"]`).count()).toBe(0);
    await expect(page.locator("#inicio")).not.toContainText("Nº de colegiada");
    await expect(page.locator("main").getByRole("link", { name: /Pedir cita/ })).toHaveCount(0);
    const contact = page.locator("#contacto");
    await expect(contact.getByText("Redes sociales")).toHaveCount(0);
    await expect(contact.locator('a[href^="tel:"]')).toHaveCount(0);
    await expect(contact.getByText("Sesiones en un centro sanitario colaborador")).toBeVisible();
    await expect(page.locator("#publicaciones")).toHaveCount(0);
    await expect(page.locator("#colaboraciones li")).toHaveCount(3);
    await expect(page.getByRole("heading", { name: "Registro sanitario" })).toHaveCount(0);
    await expectAccessible(page);

    await open(page, size, "/sobre-mi");
    await expect(page.locator("body")).not.toContainText(EXAMPLE_TEXT);
    await expect(page.getByText("Registro sanitario")).toHaveCount(0);
    await expectAccessible(page);
  }

  // The legal pages still read as sentences, with the missing data left out.
  await page.goto("/aviso-legal");
  const notice = page.locator("main");
  await expect(notice).not.toContainText(EXAMPLE_TEXT);
  for (const term of ["NIF", "Teléfono", "Número de colegiada", "Domicilio"]) {
    await expect(notice.locator("dt", { hasText: term })).toHaveCount(0);
  }
  await expect(notice.locator("dt", { hasText: "Colegio profesional" })).toBeVisible();
  await expect(notice).not.toContainText("Las sesiones presenciales se realizan en");
  await page.goto("/privacidad");
  await expect(page.locator("main")).not.toContainText(EXAMPLE_TEXT);
  await expect(page.locator("main")).toContainText(
    "Para ejercerlos, escribe a consulta@example.com, indicando el derecho que quieres ejercer",
  );
  await page.goto("/uso-web");
  await expect(page.locator("main")).not.toContainText(EXAMPLE_TEXT);
  await expect(page.locator("main")).toContainText(
    // No 'con NIF …' after the title while the NIF is the example's.
    "Psicóloga General Sanitaria. Sus datos completos figuran en el aviso legal.",
  );
});

test("real values from Ajustes appear: numbers, social buttons, the partner centre and publications", async ({
  page,
  settings,
}) => {
  test.setTimeout(90_000);
  await settings.set({
    ...EXAMPLES,
    collegeNumber: "M-24680",
    healthRegistryNumber: "CS13579",
    nif: "12345678Z",
    partnerCentreName: "Centro Sanitario Ribera",
    partnerCentreAddress: "Calle Mayor 10, 28013 Madrid",
    partnerCentreUrl: "https://centro-ribera.example.org/",
    "socialLinks.instagram": "https://www.instagram.com/psicologia.ribera",
    "publications.0.title": "Cuidar lo que sientes",
    "publications.0.url": "https://editorial.example.org/cuidar-lo-que-sientes",
  });
  for (const size of [PHONE, DESKTOP]) {
    await open(page, size, "/");
    await expect(page.locator("#inicio")).toContainText("Nº de colegiada M-24680");
    await expect(page.getByText("registro autonómico con el nº CS13579")).toBeVisible();
    const contact = page.locator("#contacto");
    await expect(contact.getByRole("link", { name: /^Instagram/ })).toHaveAttribute(
      "href",
      "https://www.instagram.com/psicologia.ribera",
    );
    await expect(contact.getByRole("link", { name: /Facebook/ })).toHaveCount(0);
    const partner = page.locator("#colaboraciones li", { hasText: "Centro Sanitario Ribera" });
    await expect(partner.getByRole("link", { name: /Visitar el centro/ })).toHaveAttribute(
      "href",
      "https://centro-ribera.example.org/",
    );
    await expect(page.locator("#colaboraciones li")).toHaveCount(4);
    const publications = page.locator("#publicaciones");
    await expect(
      publications.getByRole("heading", { name: "Cuidar lo que sientes" }),
    ).toBeVisible();
    await expect(publications.getByRole("link", { name: /Ver la publicación/ })).toHaveAttribute(
      "href",
      "https://editorial.example.org/cuidar-lo-que-sientes",
    );
    await expectAccessible(page);
  }
  await page.goto("/aviso-legal");
  await expect(page.locator("main")).toContainText("12345678Z");
  await expect(page.locator("main")).toContainText(
    "Las sesiones presenciales se realizan en Centro Sanitario Ribera, situado en Calle Mayor 10, 28013 Madrid, centro",
  );
  await expect(page.locator("main")).toContainText("Número de inscripción CS13579");
});

test("Ajustes explains a publication without its link and keeps the others", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/ajustes");
  await page.locator('[name="publications.1.title"]').fill("Respirar antes de responder");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Falta el enlace de la publicación")).toBeVisible();
  await expect(
    page.getByRole("group", { name: "Publicación 2" }).getByLabel("Enlace al libro"),
  ).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
});
