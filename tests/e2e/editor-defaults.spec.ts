import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Locator } from "@playwright/test";
import sharp from "sharp";
import {
  expect,
  expectAccessible,
  gotoHydrated,
  markdownView,
  signInAsAdmin,
  test,
} from "./fixtures";

/**
 * Issue #34, item 6: safe editor defaults. A new article is a draft, 'Guardar borrador' is the
 * main button and 'Publicar…' asks first; a field the rules refuse keeps its message by the field,
 * without an error toast; the revisions page shows the text formatted, not as Markdown.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

async function coverFile() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-editor-")), "Portada.jpg");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <rect width="1600" height="900" fill="#e8efe9"/><circle cx="800" cy="450" r="300" fill="#7aa08f"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg().toFile(file);
  return file;
}

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: "es-ES" });
  return { context, page: await context.newPage() };
}

const background = (el: Locator) => el.evaluate((node) => getComputedStyle(node).backgroundColor);

for (const viewport of VIEWPORTS) {
  test(`a new article is a draft, publishing asks first, and revisions read formatted at ${viewport.width} px`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { context, page } = await newPage(browser, viewport);
    const title = `Caminar despacio ${viewport.width}`;
    const slug = `caminar-despacio-${viewport.width}`;
    await signInAsAdmin(page);
    await gotoHydrated(page, "/admin/blog/nuevo");

    // A draft: 'Guardar borrador' in the main colour, 'Publicar…' outlined beside it.
    await expect(page.getByRole("radio", { name: /^Borrador/ })).toBeChecked();
    const save = page.getByRole("button", { name: "Guardar borrador" });
    const publish = page.getByRole("button", { name: "Publicar…" });
    await expect(save).toBeVisible();
    await expect(publish).toBeVisible();
    expect(await background(save)).not.toBe(await background(publish));
    expect(await background(publish)).toBe("rgba(0, 0, 0, 0)");
    await expectAccessible(page);

    // Empty: the messages by the fields, the first one focused; no toast, no dialog.
    await publish.click();
    await expect(page.getByText("El título es requerido")).toBeVisible();
    await expect(page.getByLabel("Título")).toBeFocused();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.waitForTimeout(500);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

    await page.getByLabel("Título").fill(title);
    await page.getByLabel("Categoría").selectOption("mindfulness");
    await (await markdownView(page)).fill("Un paseo sin prisa.");
    await page.getByLabel(/^Imagen\*?$/).setInputFiles(await coverFile());
    await expect(page.getByText("Imagen subida correctamente").first()).toBeVisible();
    await page.getByLabel("Texto alternativo de la imagen").fill("Un círculo verde");
    await page.mouse.move(0, 0);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });

    // 'Publicar…' asks; 'Seguir editando' sends nothing.
    await publish.click();
    const dialog = page.getByRole("alertdialog", { name: "¿Publicar el artículo?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`«${title}» será visible para todo el mundo`);
    await expect(dialog.getByRole("button", { name: "Seguir editando" })).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Seguir editando" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/admin/blog/nuevo");
    expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);

    await publish.click();
    await dialog.getByRole("button", { name: "Publicar", exact: true }).click();
    await expect(page).toHaveURL("/admin/blog");
    await expect(page.getByText("Artículo creado", { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    expect((await page.request.get(`/blog/${slug}`)).status()).toBe(200);

    // A published article is updated without asking again.
    await gotoHydrated(page, `/admin/blog/editar/${slug}`);
    await expect(page.getByRole("button", { name: "Publicar…" })).toHaveCount(0);
    await (
      await markdownView(page)
    ).fill("## Antes de salir\n\nUn paseo **sin prisa**.\n\n- Sin móvil\n- Sin meta");
    await page.getByRole("button", { name: "Actualizar" }).click();
    await expect(page.getByText("Artículo actualizado", { exact: true })).toBeVisible({
      timeout: 15_000,
    });

    // The revisions: the text formatted (a heading, bold, a list), the changes marked inside.
    await gotoHydrated(page, `/admin/blog/editar/${slug}/revisiones`);
    const changes = page.getByRole("region", { name: "Contenido", exact: true });
    await expect(changes.getByRole("heading", { name: "Antes de salir" })).toBeVisible();
    await expect(changes.locator("strong")).toHaveText("sin prisa");
    await expect(changes.getByRole("listitem")).toHaveText(["Sin móvil", "Sin meta"]);
    await expect(changes.locator("ins").first()).toBeVisible();
    await expect(changes).not.toContainText("##");
    await expect(changes).not.toContainText("**");
    await expectAccessible(page);

    // Gone again: other specs on this worker count the newest articles and their covers.
    await gotoHydrated(page, "/admin/blog");
    await page.getByRole("button", { name: `Eliminar «${title}»` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Eliminar artículo" });
    await confirm.getByRole("button", { name: "Eliminar" }).click();
    await expect(confirm).toBeHidden();
    await expect.poll(async () => (await page.request.get(`/blog/${slug}`)).status()).toBe(404);
    await context.close();
  });
}
