import { expect, expectAccessible, gotoHydrated, signInAsAdmin, test } from "./fixtures";

/**
 * Advertising texts that stay authorised (docs/compliance.md, «Publicidad sanitaria
 * autorizada»): she records a page's authorisation, the page shows its number, and an edit of the
 * text turns Estado legal red with what changed. The page's text is put back and the
 * authorisation removed at the end (the worker's other specs read the same page).
 */

const NUMBER = "RAPS-2026-0042";
const PAGE = "/servicios/trabajo-grupos";
const TEXTS = "/admin/textos/servicio-trabajo-grupos";
const CHANGED = "Grupos pequeños que curan la ansiedad en ocho semanas.";

test("editing an authorised page turns its readiness rule red, with the changes to send", async ({
  page,
}) => {
  test.slow();
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/estado-legal/publicidad");
  await expect(page.getByText("Todavía no has registrado ninguna.")).toBeVisible();
  await expectAccessible(page);
  const form = page.getByRole("form", { name: "Registrar una autorización" });
  await form.getByLabel("Texto autorizado").selectOption({ label: "Servicio: Trabajo con grupos" });
  await form.getByLabel("Número de la autorización").fill(NUMBER);
  await form.getByLabel("Fecha de la autorización").fill("2026-11-02");
  await form.getByRole("button", { name: "Registrar la autorización" }).click();
  await expect(page.getByText("Autorización registrada", { exact: true })).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: NUMBER });
  await expect(item).toContainText("(En vigor)");
  await expect(item).toContainText("caduca el 02/11/2029");

  // The page shows its number.
  await page.goto(PAGE);
  await expect(page.locator("footer")).toContainText(
    `Texto publicitario autorizado: nº ${NUMBER}, válido hasta el 02/11/2029`,
  );

  // She edits the text.
  await gotoHydrated(page, TEXTS);
  const summary = page.getByLabel("Resumen (bajo el título)");
  const original = await summary.inputValue();
  await summary.fill(CHANGED);
  await page.getByRole("button", { name: "Guardar y publicar" }).click();
  await expect(page.getByText("Textos guardados", { exact: true })).toBeVisible();

  // Estado legal: red, with the words the issue asks for; the link leads to the changes.
  await gotoHydrated(page, "/admin/estado-legal");
  const rule = page.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: /Textos publicitarios autorizados/ }),
  });
  await expect(rule.getByRole("heading")).toContainText("(Falta)");
  await expect(rule).toContainText(
    `Texto modificado: requiere nueva autorización: «Servicio: Trabajo con grupos» (nº ${NUMBER})`,
  );
  await rule.getByRole("link", { name: /Ver los textos autorizados/ }).click();
  await expect(page).toHaveURL("/admin/estado-legal/publicidad");
  await expect(item).toContainText("(Texto modificado: requiere nueva autorización)");
  await expect(item.locator("ins").filter({ hasText: CHANGED })).toBeVisible();
  await expect(item.locator("del").filter({ hasText: original })).toBeVisible();
  await expectAccessible(page);
  const download = page.waitForEvent("download");
  await item.getByRole("link", { name: /Descargar los cambios/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`cambios-autorizacion-${NUMBER}.txt`);
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString("utf8")).toContain(`+ ${CHANGED}`);

  // The page no longer shows the number of a text that is not the authorised one.
  await page.goto(PAGE);
  await expect(page.locator("footer")).not.toContainText(NUMBER);

  // Put back: the authorised text again is in force again; then the authorisation is removed.
  await gotoHydrated(page, TEXTS);
  await page.getByLabel("Resumen (bajo el título)").fill(original);
  await page.getByRole("button", { name: "Guardar y publicar" }).click();
  await expect(page.getByText("Textos guardados", { exact: true })).toBeVisible();
  await gotoHydrated(page, "/admin/estado-legal/publicidad");
  await expect(item).toContainText("(En vigor)");
  await item.getByRole("button", { name: "Borrar esta autorización" }).click();
  await page.getByRole("button", { name: "Borrar la autorización" }).click();
  await expect(page.getByText("Autorización borrada", { exact: true })).toBeVisible();
  await expect(page.getByText("Todavía no has registrado ninguna.")).toBeVisible();
});
