import type { Browser } from "@playwright/test";
import { expect, expectAccessible, gotoHydrated, signInAsAdmin, test } from "./fixtures";

/**
 * Issue #34, item 7: reviews that don't nudge. The visitor's form chooses no stars for them; in
 * Reseñas, inviting the client is the primary action and a review typed by staff is secondary;
 * the moderation flags are one compact line that also names conditions (ansiedad, TOC…).
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: "es-ES" });
  return { context, page: await context.newPage() };
}

for (const viewport of VIEWPORTS) {
  test(`reviews don't nudge at ${viewport.width} px`, async ({ browser }) => {
    const { context, page } = await newPage(browser, viewport);
    // The visitor: no star chosen; sending without one says so in Spanish, by the stars.
    await gotoHydrated(page, "/resenas/nueva");
    const form = page.getByRole("form", { name: "Dejar una reseña" });
    const stars = form.getByRole("group", { name: /Valoración/ });
    await expect(stars.getByRole("radio")).toHaveCount(5);
    await expect(stars.getByRole("radio", { checked: true })).toHaveCount(0);
    const text = `Vine por ansiedad y un TOC que no me dejaba en paz. ${viewport.width}-${Date.now()}`;
    await form.getByRole("textbox", { name: "Nombre", exact: true }).fill("Nerea T.");
    await form.getByLabel("Tu opinión").fill(text);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Enviar reseña" }).click();
    await expect(stars).toHaveAccessibleDescription("Elige una valoración de 1 a 5 estrellas.");
    await expect(stars.getByRole("radio", { name: "5 estrellas" })).toBeFocused();
    await expectAccessible(page);
    await stars.getByRole("radio", { name: "3 estrellas" }).check({ force: true });
    await form.getByRole("button", { name: "Enviar reseña" }).click();
    await expect(page.getByText("¡Gracias por tu reseña!")).toBeVisible();

    // Staff: 'Invitar a un paciente' is the primary button, 'Nueva reseña' a secondary one.
    await signInAsAdmin(page);
    await gotoHydrated(page, "/admin/resenas?estado=borradores");
    const invite = page.getByText("Invitar a un paciente", { exact: true });
    const typed = page.getByRole("button", { name: "Nueva reseña" });
    await expect(invite).toBeVisible();
    await expect(typed).toBeVisible();
    const background = (el: typeof typed) =>
      el.evaluate((node) => getComputedStyle(node.closest("summary, button")!).backgroundColor);
    // A draft's 'Publicar' is a primary button: the colour to compare with.
    const card = page.getByRole("listitem").filter({ hasText: text });
    const primary = await background(card.getByRole("button", { name: /^Publicar/ }));
    expect(await background(invite), "'Invitar a un paciente' es el botón principal").toBe(primary);
    expect(await background(typed), "'Nueva reseña' es secundario").not.toBe(primary);
    // It comes before the staff-typed review, in reading order.
    const order = await page.evaluate(() => {
      const all = [...document.querySelectorAll("main summary, main button")].map((el) =>
        el.textContent?.trim(),
      );
      return [all.indexOf("Invitar a un paciente"), all.indexOf("Nueva reseña")];
    });
    expect(order[0]).toBeGreaterThanOrEqual(0);
    expect(order[0]).toBeLessThan(order[1]!);

    // The flags: one line naming what to check and the words, the rules and sources on demand.
    const flags = card.locator("details").filter({ hasText: "Revisar:" });
    const summary = flags.locator("summary");
    await expect(summary).toHaveText("Revisar: Salud («ansiedad», «TOC»)");
    const box = (await summary.boundingBox())!;
    expect(box.height, "una sola línea (un objetivo de 44 px)").toBeLessThanOrEqual(48);
    await expect(flags.getByRole("link")).toBeHidden();
    await summary.click();
    await expect(
      flags.getByText("Datos de salud (diagnóstico, medicación, trastorno)"),
    ).toBeVisible();
    await expect(flags.getByRole("link", { name: /RGPD, art. 9/ })).toBeVisible();
    await expectAccessible(page);

    // Inviting opens the e-mail field.
    await invite.click();
    await expect(
      page.getByRole("form", { name: "Invitar a un paciente a dejar una reseña" }),
    ).toBeVisible();
    await expectAccessible(page);

    // Gone again: other specs on this worker count the drafts.
    await card.getByRole("button", { name: /^Eliminar/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Eliminar reseña" });
    await confirm.getByRole("button", { name: "Eliminar" }).click();
    await expect(card).toHaveCount(0);
    await context.close();
  });
}
