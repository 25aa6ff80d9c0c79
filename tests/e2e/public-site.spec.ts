import { expect, expectAccessible, gotoHydrated, test, useSettings } from "./fixtures";

// Example values in Ajustes are never shown (tests/e2e/visitor-content.spec.ts): these pages are
// checked with a practice's real data.
useSettings({
  collegeNumber: "M-13579",
  contactPhone: "+34 611 222 333",
  nif: "12345678Z",
  partnerCentreName: "Centro Sanitario Ribera",
  partnerCentreUrl: "https://centro-ribera.example.org/",
  bookingUrl: "https://reservas.example.org/ribera",
});

test("the landing page has every section, in the product's order", async ({ page }) => {
  await page.goto("/");
  const ids = await page.locator("main section[id]").evaluateAll((els) => els.map((e) => e.id));
  const expected = [
    "inicio",
    "sobre-mi",
    "servicios",
    "reseñas",
    "blog-destacados",
    "contacto",
    "colaboraciones",
  ];
  expect(ids.filter((id) => expected.includes(id))).toEqual(expected);

  const hero = page.locator("#inicio");
  // No invented figure: the hero shows only the ones she writes in Textos de la web
  // (her-texts.spec.ts).
  await expect(hero.getByText("+25", { exact: true })).toHaveCount(0);
  await expect(hero.getByText("pacientes y alumnos")).toHaveCount(0);
  await expect(hero.getByText(/Nº de colegiada/)).toBeVisible();
  await expect(hero.getByRole("link", { name: "Contactar ahora" })).toHaveAttribute(
    "href",
    "#contacto",
  );
  await expect(hero.getByText("Profesional sanitaria colegiada y registrada")).toBeVisible();

  const services = page.locator("#servicios");
  await expect(services.getByRole("heading", { level: 2 })).toHaveText("Servicios profesionales");
  await expect(services.getByRole("link", { name: /Leer más/ })).toHaveCount(4);

  const contact = page.locator("#contacto");
  await expect(contact.locator('a[href^="tel:"]').first()).toBeVisible();
  await expect(contact.locator('a[href^="mailto:"]').first()).toBeVisible();
  await expect(page.locator("#colaboraciones li")).toHaveCount(4);
  await expect(
    page.locator("main").getByRole("link", { name: "Pedir cita" }).first(),
  ).toHaveAttribute("rel", "noopener noreferrer");
  await expectAccessible(page);
});

test("services: cards lead to each service page with its content and calls to action", async ({
  page,
}) => {
  await page.goto("/servicios");
  await expectAccessible(page);
  for (const [slug, title] of [
    ["terapia-individual", "Terapia Individual"],
    ["terapia-pareja", "Terapia de Pareja"],
    ["trabajo-grupos", "Trabajo con Grupos"],
    ["mindfulness", "Mindfulness"],
  ] as const) {
    await page.goto("/servicios");
    await page.getByRole("link", { name: `Leer más sobre ${title}` }).click();
    await expect(page).toHaveURL(`/servicios/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { name: "Preguntas frecuentes" })).toBeVisible();
    await expect(
      page
        .locator("main")
        .getByRole("link", { name: /Pedir cita/ })
        .last(),
    ).toBeVisible();
    await expectAccessible(page);
  }
  // An FAQ opens with the keyboard.
  const question = page.locator("details summary").first();
  await question.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("details").first()).toHaveAttribute("open", "");
});

test("the about page shows profile, training, approach and credentials", async ({ page }) => {
  await page.goto("/sobre-mi");
  for (const name of ["Mi forma de trabajar", "Formación", "Credenciales"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /Retrato ilustrado/ })).toBeVisible();
  await expectAccessible(page);
});

test("the footer links the four legal pages, which are complete and built from the settings", async ({
  page,
}) => {
  // A visitor who has made the cookie choice: until then the banner (consent.spec.ts) covers the
  // foot of the page, and it may appear before or after a click depending on how fast the page is.
  await page.addInitScript(() =>
    window.localStorage.setItem(
      "cookie_consent",
      JSON.stringify({ analytics: false, at: new Date().toISOString() }),
    ),
  );
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("llama al 024 o al 112", { exact: false })).toBeVisible();
  await expect(footer.getByText(`© ${new Date().getFullYear()}`, { exact: false })).toBeVisible();
  const pages: Array<[string, string, RegExp[]]> = [
    ["Aviso legal", "/aviso-legal", [/NIF/, /Colegio/, /registro/i]],
    ["Política de privacidad", "/privacidad", [/Agencia Española de Protección de Datos/, /meses/]],
    ["Política de cookies", "/cookies", [/cookie_consent/, /Configurar cookies/]],
    ["Condiciones de uso", "/uso-web", [/024/]],
  ];
  for (const [label, path, texts] of pages) {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label);
    await expect(page.getByText("Última actualización: abril de 2025")).toBeVisible();
    for (const text of texts) await expect(page.locator("main")).toContainText(text);
    await expectAccessible(page);
  }
  await page.goto("/uso-web");
  const sections = await page.locator("main h2").allTextContents();
  expect(sections.filter((t) => /^[1-7]\. /.test(t))).toHaveLength(7);
});

test("desktop navigation scrolls to a section on the landing page", async ({ page }) => {
  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Principal" })
    .getByRole("link", { name: "Colaboraciones" })
    .click();
  await expect(page.locator("#colaboraciones")).toBeInViewport();
  await expect(page).toHaveURL(/#colaboraciones$/);
});

test("the landing page's share control offers plain share links with the page URL", async ({
  page,
  baseURL,
}) => {
  await gotoHydrated(page, "/");
  await page.evaluate(() => {
    // Force the menu (headless Chromium may expose a native share sheet).
    Object.defineProperty(navigator, "share", { value: undefined });
  });
  // In the hero, under its actions, in the page's flow: it no longer floats over the content.
  const share = page.locator("#inicio").getByText("Compartir", { exact: true });
  expect(await share.evaluate((el) => getComputedStyle(el.closest("details")!).position)).toBe(
    "static",
  );
  await share.click();
  const whatsapp = page.getByRole("link", { name: /WhatsApp/ });
  await expect(whatsapp).toBeVisible();
  expect(await whatsapp.getAttribute("href")).toContain(encodeURIComponent(`${baseURL}/`));
  await expect(page.getByRole("button", { name: "Copiar enlace" })).toBeVisible();
});

test("public pages work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of ["/", "/servicios/mindfulness", "/sobre-mi", "/privacidad"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await page.goto("/servicios");
  await page.getByRole("link", { name: "Leer más sobre Mindfulness" }).click();
  await expect(page).toHaveURL("/servicios/mindfulness");
  await context.close();
});
