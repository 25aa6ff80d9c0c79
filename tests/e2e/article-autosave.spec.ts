import {
  expect,
  expectAccessible,
  gotoHydrated,
  signInAsAdmin,
  test,
  visualEditor,
} from "./fixtures";

// A bundled article no other spec edits; the text is typed in the visual editor, as a person
// would, and read back from the posted Markdown field.
const SLUG = "terapia-familiar";
const EXCERPT = "Resumen escrito y nunca guardado a mano.";
const TYPED = "Un párrafo escrito sin pulsar Actualizar.";
const LAST = "Y una última frase justo antes de cerrar.";
const WHILE_DECIDING = "Escrito antes de elegir qué hacer con la copia.";

test("the open editor is autosaved; reopened, the unsaved changes can be recovered and saved", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const editor = `/admin/blog/editar/${SLUG}`;
  await gotoHydrated(page, editor);
  const content = page.locator('textarea[name="content"]');
  const original = await content.inputValue();
  const visual = await visualEditor(page);

  await page.getByLabel("Resumen").fill(EXCERPT);
  // The caret at the end of the last paragraph: once the editor is ready (its toolbar is shown,
  // so nothing moves under the pointer), a click on its last line, then End.
  await expect(page.getByRole("button", { name: "Subtítulo", exact: true })).toBeVisible();
  const last = visual.locator(":scope > p").last();
  const box = (await last.boundingBox())!;
  await last.click({ position: { x: box.width - 2, y: box.height - 4 } });
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type(TYPED);
  await expect(page.getByText(/^Cambios guardados automáticamente a las \d\d:\d\d$/)).toBeVisible({
    timeout: 10_000,
  });

  // More text, then the tab is hidden and closed at once: a beacon carries the last keystrokes.
  await page.keyboard.press("Enter");
  await page.keyboard.type(LAST);
  const beacon = page.waitForResponse(
    (r) => r.url().endsWith("/admin/blog/autoguardado") && r.request().method() === "POST",
  );
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  expect((await beacon).status()).toBe(200);
  const context = page.context();
  await page.close();

  const again = await context.newPage();
  await gotoHydrated(again, editor);
  await expect(again.getByText(/^Hay cambios sin guardar de /)).toBeVisible();
  // Nothing was saved to the article.
  await expect(again.getByLabel("Resumen")).not.toHaveValue(EXCERPT);
  await expect(again.getByText(/El guardado automático se reanudará/)).toBeVisible();
  await expectAccessible(again);

  await again.getByRole("button", { name: "Recuperar cambios no guardados" }).click();
  await expect(again.getByLabel("Resumen")).toHaveValue(EXCERPT);
  const recovered = again.locator('textarea[name="content"]');
  await expect(recovered).toHaveValue(`${original}\n\n${TYPED}\n\n${LAST}`);
  await expect(again.getByText(/^Se han recuperado los cambios de /)).toBeVisible();
  await expect(again.getByLabel("Título")).toBeFocused();

  await again.getByRole("button", { name: "Actualizar" }).click();
  await expect(again.getByText("Artículo actualizado", { exact: true })).toBeVisible();
  // Saved: the copy is gone, and the text is the article's.
  await gotoHydrated(again, editor);
  await expect(again.getByLabel("Resumen")).toHaveValue(EXCERPT);
  await expect(again.getByText(/Hay cambios sin guardar/)).toHaveCount(0);
  await again.goto(`/blog/${SLUG}`);
  await expect(again.getByText(LAST)).toBeVisible();
});

test("'Descartar' deletes the unsaved copy of a new article; what was written meanwhile is kept", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/blog/nuevo");
  await page.getByLabel("Título").fill("Un borrador que se descartará");
  await expect(page.getByText(/^Cambios guardados automáticamente a las/)).toBeVisible({
    timeout: 10_000,
  });
  // Another tab (leaving this one would ask first: the form has unsaved changes).
  const other = await page.context().newPage();
  await gotoHydrated(other, "/admin/blog/nuevo");
  await expect(other.getByText(/^Hay cambios sin guardar de /)).toBeVisible();
  await expect(other.getByLabel("Título")).toHaveValue("");

  // Written before choosing: 'Recuperar' would replace it, so it asks first.
  await other.getByLabel("Resumen").fill(WHILE_DECIDING);
  await other.getByRole("button", { name: "Recuperar cambios no guardados" }).click();
  await expect(other.getByText(/sustituirán lo que has cambiado ahora/)).toBeVisible();
  await expect(other.getByRole("button", { name: "Sí, recuperar" })).toBeFocused();
  await expectAccessible(other);
  await other.getByRole("button", { name: "Cancelar" }).click();
  await expect(other.getByRole("button", { name: "Recuperar cambios no guardados" })).toBeFocused();

  await other.getByRole("button", { name: "Descartar" }).click();
  await expect(other.getByText(/Hay cambios sin guardar/)).toHaveCount(0);
  await expect(other.getByLabel("Título")).toBeFocused();
  // What was written while deciding is autosaved once the older copy is gone.
  await expect(other.getByText(/^Cambios guardados automáticamente a las/)).toBeVisible({
    timeout: 10_000,
  });
  // Pages closed rather than left: the form has unsaved changes, and leaving would ask first.
  await other.close();
  const third = await page.context().newPage();
  await gotoHydrated(third, "/admin/blog/nuevo");
  await third.getByRole("button", { name: "Recuperar cambios no guardados" }).click();
  await expect(third.getByLabel("Resumen")).toHaveValue(WHILE_DECIDING);
  await expect(third.getByLabel("Título")).toHaveValue("");
  await third.close();

  // Discarded for good: nothing is offered again.
  const last = await page.context().newPage();
  await gotoHydrated(last, "/admin/blog/nuevo");
  await last.getByRole("button", { name: "Descartar" }).click();
  await expect(last.getByText(/Hay cambios sin guardar/)).toHaveCount(0);
  await last.reload();
  await last.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(last.getByLabel("Título")).toHaveValue("");
  await expect(last.getByText(/Hay cambios sin guardar/)).toHaveCount(0);
});

test("a copy still on its way when the article is saved is abandoned, and nothing is offered later", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  // A bundled article no other spec uses.
  const editor = "/admin/blog/editar/celos-en-pareja";
  await gotoHydrated(page, editor);
  // Autosaves are held on the way for a while, as on a slow connection.
  const aborted: string[] = [];
  page.on("requestfailed", (r) => {
    if (r.url().endsWith("/admin/blog/autoguardado")) aborted.push(r.failure()?.errorText ?? "");
  });
  await page.route("**/admin/blog/autoguardado", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await route.continue().catch(() => {});
  });
  const sent = page.waitForRequest((r) => r.url().endsWith("/admin/blog/autoguardado"));
  await page.getByLabel("Resumen").fill("Un primer resumen, solo en la copia automática.");
  await sent;
  // Changed again and saved while that copy is still on its way: arriving after the save, it
  // would be offered next time as unsaved changes, older than what was saved.
  await page.getByLabel("Resumen").fill("Un resumen nuevo, guardado a mano.");
  await page.getByRole("button", { name: "Actualizar" }).click();
  await expect(page.getByText("Artículo actualizado", { exact: true })).toBeVisible();
  // Reopened once the held copy would have arrived: only the saved text, nothing to recover.
  await page.waitForTimeout(6_000);
  await gotoHydrated(page, editor);
  await expect(page.getByLabel("Resumen")).toHaveValue("Un resumen nuevo, guardado a mano.");
  await expect(page.getByText(/Hay cambios sin guardar/)).toHaveCount(0);
  expect(aborted).toEqual([expect.stringContaining("ABORTED")]);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
