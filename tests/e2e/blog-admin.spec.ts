import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, expectAccessible, gotoHydrated, signInAsAdmin, test } from "./fixtures";

async function coverFile() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-blog-")), "Portada paseo.jpg");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <rect width="1600" height="900" fill="#e8efe9"/><circle cx="800" cy="450" r="300" fill="#7aa08f"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg().toFile(file);
  return file;
}

test("staff search the article list and switch an article between public and private", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto("/admin/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Gestión del blog" })).toBeVisible();
  await expect(page.getByText(/^26 artículos/)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("searchbox", { name: "Buscar por título o texto" }).fill("fobias");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/q=fobias/);
  const row = page.getByRole("row").filter({ hasText: "fobias" }).first();
  const toggle = row.getByRole("switch");
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText("Artículo privado", { exact: true })).toBeVisible();
  await expect(row.getByText("Privado", { exact: true })).toBeVisible();
  expect((await page.request.get("/blog/manejo-fobias")).status()).toBe(404);
  // Private articles get a staff preview instead of the public link.
  await row.getByRole("link", { name: /Vista previa/ }).click();
  await expect(
    page.getByText("Este artículo está en estado «Privado»: los visitantes no lo ven."),
  ).toBeVisible();
  await expectAccessible(page);
  await page.goBack();
  await page.getByRole("row").filter({ hasText: "fobias" }).first().getByRole("switch").click();
  await expect(page.getByText("Artículo publicado", { exact: true })).toBeVisible();
  expect((await page.request.get("/blog/manejo-fobias")).status()).toBe(200);

  await page.getByRole("searchbox", { name: "Buscar por título o texto" }).fill("zzzz qqqq");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("No se encontraron artículos")).toBeVisible();
});

test("staff write an article with an uploaded image, rename its URL and delete it", async ({
  page,
}) => {
  // A long walk (and 'Publicar…' asks first): more than the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  const file = await coverFile();
  await signInAsAdmin(page);
  await page.goto("/admin/blog");
  await page.getByRole("link", { name: "Nuevo artículo" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nuevo artículo" })).toBeVisible();
  await expectAccessible(page);

  // A new article is a draft: 'Guardar borrador' is the main button, 'Publicar…' asks first.
  await expect(page.getByRole("radio", { name: /^Borrador/ })).toBeChecked();
  await expect(page.getByRole("button", { name: "Guardar borrador" })).toBeVisible();
  // Empty form: the product's messages (docs/product.md#article-form), nothing saved.
  await page.getByRole("button", { name: "Publicar…" }).click();
  await expect(page.getByText("El título es requerido")).toBeVisible();
  await expect(page.getByText("La URL es requerida")).toBeVisible();
  await expect(page.getByText("La categoría es requerida")).toBeVisible();
  await expect(page.getByText("El contenido es requerido")).toBeVisible();
  await expect(page.getByText("La imagen es requerida")).toBeVisible();
  // The messages stay by the fields: no error toast (issue #34), no dialog.
  await expect(page.getByText("No se pudo guardar: revisa los campos marcados.")).toBeVisible();
  await expect(page.getByText("Ha ocurrido un error al guardar el artículo.")).toHaveCount(0);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  await page.getByLabel("Título").fill("Pasear sin prisa: un respiro para la mente");
  await expect(page.getByLabel("URL")).toHaveValue("pasear-sin-prisa-un-respiro-para-la-mente");
  await page.getByLabel("Categoría").selectOption("mindfulness");
  // Written in the Markdown view, shown by the visual one (tests/e2e/visual-editor.spec.ts).
  await page.getByRole("button", { name: "Markdown" }).click();
  await page
    .getByRole("textbox", { name: "Contenido", exact: true })
    .fill(
      "## Por qué caminar ayuda\n\nUn paseo **sin prisa** ordena las ideas.\n\n- Sin móvil\n- Sin meta",
    );
  await page.getByRole("button", { name: "Visual" }).click();
  const editor = page.getByRole("textbox", { name: "Contenido del artículo" });
  await expect(
    editor.getByRole("heading", { level: 2, name: "Por qué caminar ayuda" }),
  ).toBeVisible();
  await expect(editor.locator("strong")).toHaveText("sin prisa");

  await page.getByLabel(/^Imagen\*?$/).setInputFiles(file);
  await expect(page.getByText("Imagen subida correctamente").first()).toBeVisible();
  await page
    .getByLabel("Texto alternativo de la imagen")
    .fill("Un círculo verde sobre fondo claro");
  await page.getByRole("checkbox", { name: /duelo/i }).first().check();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Publicar…" }).click();
  await page
    .getByRole("alertdialog", { name: "¿Publicar el artículo?" })
    .getByRole("button", { name: "Publicar", exact: true })
    .click();
  await expect(page).toHaveURL("/admin/blog");
  await expect(page.getByText("Artículo creado", { exact: true })).toBeVisible();

  const published = await page.request.get("/blog/pasear-sin-prisa-un-respiro-para-la-mente");
  expect(published.status()).toBe(200);
  await page.goto("/blog/pasear-sin-prisa-un-respiro-para-la-mente");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Pasear sin prisa: un respiro para la mente",
  );
  await expect(
    page.getByRole("img", { name: "Un círculo verde sobre fondo claro" }),
  ).toHaveAttribute("srcset", /-480\.webp 480w/);

  // Newest article: first on /blog, in the landing's featured articles, and found by search.
  const title = "Pasear sin prisa: un respiro para la mente";
  await page.goto("/blog");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.goto("/#blog-destacados");
  await expect(
    page.locator("#blog-destacados").getByRole("heading", { name: title }),
  ).toBeVisible();
  await page.goto("/blog?q=respiro%20mente");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  // Private: visitors get 'Artículo no encontrado' (404); public again afterwards.
  await page.goto("/admin/blog?q=Pasear%20sin%20prisa");
  const row = page.getByRole("row").filter({ hasText: title });
  await row.getByRole("switch").click();
  await expect(page.getByText("Artículo privado", { exact: true })).toBeVisible();
  const hidden = await page.goto("/blog/pasear-sin-prisa-un-respiro-para-la-mente");
  expect(hidden?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Artículo no encontrado" })).toBeVisible();
  await page.goto("/admin/blog?q=Pasear%20sin%20prisa");
  await page.getByRole("row").filter({ hasText: title }).getByRole("switch").click();
  await expect(page.getByText("Artículo publicado", { exact: true })).toBeVisible();

  // Rename its URL: the old address answers 301 to the new one.
  await page.goto("/admin/blog/editar/pasear-sin-prisa-un-respiro-para-la-mente");
  await expect(page.getByRole("heading", { level: 1, name: "Editar artículo" })).toBeVisible();
  await page.getByLabel("URL").fill("pasear-sin-prisa");
  // Leaving with unsaved changes asks first.
  await page.getByRole("link", { name: "Volver al blog" }).click();
  const leave = page.getByRole("alertdialog", { name: "¿Salir sin guardar?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Seguir editando" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/editar\//);
  await page.getByRole("button", { name: "Actualizar" }).click();
  await expect(page.getByText("Artículo actualizado", { exact: true })).toBeVisible();
  const old = await page.request.get("/blog/pasear-sin-prisa-un-respiro-para-la-mente", {
    maxRedirects: 0,
  });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe("/blog/pasear-sin-prisa");

  // Delete it, after confirming.
  await page.getByRole("searchbox", { name: "Buscar por título o texto" }).fill("Pasear sin prisa");
  await page.getByRole("button", { name: "Buscar" }).click();
  await page.getByRole("button", { name: /Eliminar «Pasear sin prisa/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Eliminar artículo" });
  await expect(confirm.getByRole("button", { name: "Cancelar" })).toBeVisible();
  await confirm.getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByText("Artículo eliminado", { exact: true })).toBeVisible();
  expect((await page.request.get("/blog/pasear-sin-prisa")).status()).toBe(404);
  expect((await page.request.get("/blog/pasear-sin-prisa-un-respiro-para-la-mente")).status()).toBe(
    404,
  );
});

test("where the browser refuses the clipboard, 'Copiar enlace' selects the new preview link for Ctrl+C", async ({
  page,
}) => {
  // As on a page served over plain HTTP from another machine: no navigator.clipboard.
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }),
  );
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/blog/editar/duelo-como-abordarlo/compartir");
  await page.getByRole("button", { name: "Crear enlace de vista previa" }).click();
  const field = page.getByLabel("Enlace de vista previa");
  await expect(field).toHaveValue(/\/vista-previa\?token=/);
  await page.getByRole("button", { name: "Copiar enlace" }).click();
  await expect(page.getByText(/el enlace está seleccionado, pulsa Ctrl\+C/)).toBeVisible();
  await expect(field).toBeFocused();
  expect(
    await field.evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart!),
  ).toBe((await field.inputValue()).length);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Revocar" }).first().click();
  await expect(page.getByText("No hay enlaces activos para este artículo.")).toBeVisible();
});
