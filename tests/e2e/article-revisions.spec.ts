import {
  expect,
  expectAccessible,
  gotoHydrated,
  markdownView,
  signInAsAdmin,
  test,
} from "./fixtures";

// A bundled article no other spec edits; its text is written in the editor's Markdown view.
const SLUG = "soledad-no-deseada";
const FIRST = "Primera frase añadida por la prueba de revisiones.";
const SECOND = "Otra distinta la sustituye en el segundo guardado.";

test("staff compare two revisions of an article and restore the older one", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const editor = `/admin/blog/editar/${SLUG}`;
  // Two saves, each with a text of its own (written in the editor's Markdown view).
  await gotoHydrated(page, editor);
  const original = await page.locator('textarea[name="content"]').inputValue();
  for (const sentence of [FIRST, SECOND]) {
    await gotoHydrated(page, editor);
    await (await markdownView(page)).fill(`${sentence}\n\n${original}`);
    await page.getByRole("button", { name: "Actualizar" }).click();
    await expect(page.getByText("Artículo actualizado", { exact: true })).toBeVisible();
  }

  // The editor links to them; the newest is compared with the one before it.
  await gotoHydrated(page, editor);
  await page.getByRole("link", { name: "Revisiones (3)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Revisiones" })).toBeVisible();
  const rows = page.getByRole("region", { name: "Tabla de revisiones" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("Ana Ruiz");
  await expect(rows.nth(0)).toContainText("Texto actual");
  await expect(rows.nth(1)).toContainText("Ana Ruiz");
  await expect(rows.nth(2)).toContainText("Versión original");
  const changes = page.getByRole("region", { name: "Contenido", exact: true });
  await expect(changes.locator("del")).toContainText(FIRST);
  await expect(changes.locator("ins")).toContainText(SECOND);
  // Colour is not the only cue: screen readers hear what each mark is.
  await expect(changes.locator("ins .sr-only").first()).toHaveText("[Añadido: ");
  await expect(page.getByRole("region", { name: "Título (sin cambios)" })).toBeVisible();
  await expectAccessible(page);

  // Any two: the original text against the newest.
  await page.getByLabel("De", { exact: true }).selectOption({ index: 2 });
  await page.getByRole("button", { name: "Comparar" }).click();
  await expect(page).toHaveURL(/\?de=\d+&con=\d+$/);
  await expect(changes.locator("ins")).toContainText(SECOND);
  await expect(changes.locator("del")).toHaveCount(0);
  await expect(changes.getByText(/párrafos sin cambios/).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Comparar revisiones" })).toBeFocused();

  // 'Ver cambios' on a row: that revision against the one before, and the comparison is read next.
  await rows
    .nth(1)
    .getByRole("link", { name: /^Ver cambios/ })
    .click();
  await expect(page).toHaveURL(/\?de=\d+&con=\d+#comparar$/);
  await expect(page.getByRole("heading", { name: "Comparar revisiones" })).toBeFocused();
  await expect(changes.locator("ins")).toContainText(FIRST);

  // Restore the first save: back in the editor, and on the public page.
  await rows
    .nth(1)
    .getByRole("button", { name: /^Restaurar/ })
    .click();
  await expect(page).toHaveURL(editor);
  await expect(page.getByText("Revisión restaurada", { exact: true })).toBeVisible();
  await expect(page.locator('textarea[name="content"]')).toHaveValue(new RegExp(`^${FIRST}`));
  await expect(page.getByRole("link", { name: "Revisiones (4)" })).toBeVisible();
  await page.goto(`/blog/${SLUG}`);
  await expect(page.getByText(FIRST)).toBeVisible();
  await expect(page.getByText(SECOND)).toHaveCount(0);
});
