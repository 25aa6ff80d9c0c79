import { type Browser, chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../support/site.js";
import { expect, expectAccessible, signInAsAdmin, test } from "./fixtures";

/** Desktop notifications need the full Chromium: the suite's headless shell denies them all. */
const withDesktopBrowser = test.extend<{ desktopBrowser: Browser }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  desktopBrowser: async ({}, use) => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    await use(browser);
    await browser.close();
  },
});

withDesktopBrowser(
  "a visitor leaves a review; staff see it live, publish it, and it appears on the landing page",
  async ({ page, baseURL, desktopBrowser }) => {
    // Staff are already on the dashboard, with desktop notifications allowed (and recorded).
    const staffContext = await desktopBrowser.newContext({
      baseURL,
      locale: "es-ES",
      timezoneId: "Europe/Madrid",
      permissions: ["notifications"],
    });
    await staffContext.addInitScript(() => {
      const Real = window.Notification;
      const shown: string[] = [];
      Object.assign(window, { shownNotifications: shown });
      class Recorded extends Real {
        constructor(title: string, options?: NotificationOptions) {
          shown.push(title);
          super(title, options);
        }
      }
      window.Notification = Recorded;
    });
    const staff = await staffContext.newPage();
    await signInAsAdmin(staff);
    const notice = staff.getByRole("link", { name: "Nueva reseña recibida" });
    await expect(notice).toHaveCount(0);

    await page.goto("/#reseñas");
    const section = page.locator("#reseñas");
    // 25 built-in reviews: a carousel with real buttons, no autoplay.
    await expect(section.getByRole("region", { name: "Reseñas de pacientes" })).toBeVisible();
    await expect(section.getByRole("button", { name: "Siguiente" })).toBeVisible();
    await expect(
      section.getByRole("img", { name: "Valoración: 5 de 5 estrellas" }).first(),
    ).toBeVisible();

    await section.getByRole("link", { name: "Dejar una reseña" }).click();
    const dialog = page.getByRole("dialog", { name: "Dejar una reseña" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Enviar reseña" }).click();
    await expect(dialog.getByText("El nombre debe tener al menos 2 caracteres.")).toBeVisible();
    await expect(dialog.getByText("Tu opinión debe tener al menos 10 caracteres.")).toBeVisible();
    // No star is chosen for the visitor (issue #34): the rating is theirs to give.
    await expect(dialog.getByText("Elige una valoración de 1 a 5 estrellas.")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill("Sergio E.");
    await dialog
      .getByLabel("Tu opinión")
      .fill("Sesiones muy útiles y un trato cercano de principio a fin.");
    await dialog.getByRole("radio", { name: "4 estrellas" }).check({ force: true });
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Enviar reseña" }).click();
    await expect(dialog.getByText("¡Gracias por tu reseña!")).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5000 });
    await expect(section.getByText("Sesiones muy útiles")).toHaveCount(0); // unpublished

    // Live: the notice reaches the open dashboard without a reload (the fallback timer is 30 s).
    await expect(notice).toBeVisible({ timeout: 10_000 });
    await expect(staff.getByText("Ha llegado una reseña nueva.")).toBeVisible();
    expect(
      await staff.evaluate(
        () => (window as never as { shownNotifications: string[] }).shownNotifications,
      ),
    ).toEqual(["Nueva reseña recibida"]);
    expect(await staff.evaluate(() => localStorage.getItem("new_reviews_notification"))).toBe(
      "true",
    );
    // On the public site, signed in: a red dot on 'Reseñas'.
    await staff.goto("/");
    await expect(
      staff
        .getByRole("navigation", { name: "Principal" })
        .getByRole("link", { name: "Reseñas (hay reseñas nuevas)" }),
    ).toBeVisible();
    await staff.goto("/admin");
    // Opening Reseñas clears the notice by a POST once the page is shown: it is waited for before
    // leaving (a page left at once may leave before that POST is answered).
    const seen = staff.waitForResponse(
      (res) =>
        res.request().method() === "POST" &&
        new URL(res.url()).pathname.startsWith("/admin/resenas"),
    );
    await staff.getByRole("link", { name: "Nueva reseña recibida" }).click();
    await expect(staff).toHaveURL("/admin/resenas");
    await seen;
    await expect(notice).toHaveCount(0);
    await staff.goto("/admin");
    await expect(staff.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(notice).toHaveCount(0);
    expect(await staff.evaluate(() => localStorage.getItem("new_reviews_notification"))).toBeNull();

    await staff.goto("/admin/resenas?estado=borradores");
    await expect(staff.getByRole("heading", { name: "Gestión de reseñas" })).toBeVisible();
    // Desktop notifications are already allowed in this browser: no 'Activar notificaciones'.
    await expect(staff.getByRole("button", { name: "Actualizar" })).toBeVisible();
    await expect(staff.getByRole("button", { name: "Activar notificaciones" })).toHaveCount(0);
    await expectAccessible(staff);
    await staff.getByRole("button", { name: "Publicar la reseña de Sergio E." }).click();
    await expect(staff.getByText("Reseña publicada correctamente")).toBeVisible();
    await staff.context().close();

    await page.reload();
    await expect(
      page
        .locator("#reseñas")
        .getByText("Sesiones muy útiles y un trato cercano de principio a fin."),
    ).toBeVisible();
    await expect(
      page.locator("#reseñas").getByRole("img", { name: "Valoración: 4 de 5 estrellas" }),
    ).toBeVisible();
  },
);

test("without JavaScript, 'Dejar una reseña' is a plain form page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await page.locator("#reseñas").getByRole("link", { name: "Dejar una reseña" }).click();
  await expect(page).toHaveURL("/resenas/nueva");
  await page.getByRole("textbox", { name: "Nombre", exact: true }).fill("Irene P.");
  await page.getByLabel("Tu opinión").fill("Me ayudó a ordenar mis ideas con calma.");
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Enviar reseña" }).click();
  await expect(page.getByText("Acepto la política de privacidad")).toBeVisible();
  await expect(page.getByText("Elige una valoración de 1 a 5 estrellas.")).toBeVisible();
  await page.getByRole("radio", { name: "5 estrellas" }).check({ force: true });
  await expect(
    page.getByText(
      "Debes aceptar la política de privacidad y la publicación de tu reseña con el nombre indicado.",
    ),
  ).toBeVisible();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Enviar reseña" }).click();
  await expect(page.getByText("¡Gracias por tu reseña!")).toBeVisible();
  await context.close();
});

test("in the dialog, a review the server cannot receive says so and keeps what was typed", async ({
  page,
}) => {
  await page.route(
    (url) => url.pathname === "/resenas/nueva",
    (route) =>
      route.request().method() === "POST" ? route.abort("connectionrefused") : route.continue(),
  );
  await page.goto("/#reseñas");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.locator("#reseñas").getByRole("link", { name: "Dejar una reseña" }).click();
  const dialog = page.getByRole("dialog", { name: "Dejar una reseña" });
  await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill("Rosa V.");
  await dialog.getByLabel("Tu opinión").fill("Un espacio tranquilo donde me sentí escuchada.");
  await dialog.getByRole("radio", { name: "5 estrellas" }).check({ force: true });
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Enviar reseña" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Hubo un problema al enviar tu reseña. Por favor, inténtalo de nuevo.",
  );
  await expect(dialog.getByLabel("Tu opinión")).toHaveValue(
    "Un espacio tranquilo donde me sentí escuchada.",
  );
  await expect(dialog.getByRole("button", { name: "Enviar reseña" })).toBeEnabled();
  // Escape closes it, as any dialog.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
