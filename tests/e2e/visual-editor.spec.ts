import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, gotoHydrated, signInAsAdmin, test } from "./fixtures";

/** A PNG made here (any picture: the upload turns it into WebP without metadata). */
async function pictureFile(name: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-editor-")), name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="#f1ece4"/><circle cx="600" cy="400" r="250" fill="#7aa08f"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

/** The visual editor's editable area, once its chunk has loaded. */
async function openEditor(page: Page, url: string) {
  await gotoHydrated(page, url);
  const editor = page.getByRole("textbox", { name: "Contenido del artículo" });
  await expect(editor).toBeVisible();
  return editor;
}

const markdownView = (page: Page) => page.getByRole("textbox", { name: "Contenido", exact: true });

test("an article written only with the visual editor is published with its headings, list, link, bold text and image", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = "Escribir sin Markdown: el editor visual";
  const slug = "escribir-sin-markdown-el-editor-visual";
  await signInAsAdmin(page);
  const editor = await openEditor(page, "/admin/blog/nuevo");
  const toolbar = page.getByRole("toolbar", { name: "Formato del texto" });
  await expect(markdownView(page)).toBeHidden();

  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Categoría").selectOption("mindfulness");
  // Without text, the browser's check marks the editable area and moves the focus there.
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page.getByText("El contenido es requerido")).toBeVisible();
  await expect(editor).toBeFocused();
  await expect(editor).toHaveAttribute("aria-invalid", "true");
  await expect(editor).toHaveAttribute("aria-describedby", "content-description content-error");

  await editor.click();
  await page.keyboard.type("Un párrafo escrito en el editor visual.");
  await expect(page.getByText("El contenido es requerido")).toHaveCount(0);
  await page.keyboard.press("Enter");
  // A subheading from the toolbar, pressed while the cursor is in it.
  await toolbar.getByRole("button", { name: "Subtítulo", exact: true }).click();
  await expect(toolbar.getByRole("button", { name: "Subtítulo", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.type("Qué cambia al escribir así");
  await page.keyboard.press("Enter");
  // A bulleted list; Enter on an empty item leaves it.
  await toolbar.getByRole("button", { name: "Lista", exact: true }).click();
  await page.keyboard.type("Sin símbolos raros");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Con atajos de teclado");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  // A link with Ctrl+K: the address is checked before it is kept.
  await page.keyboard.type("Más detalles en ");
  await page.keyboard.press("Control+k");
  const linkDialog = page.getByRole("dialog", { name: "Enlace" });
  await linkDialog.getByLabel("Dirección").fill("javascript:alert(1)");
  await linkDialog.getByRole("button", { name: "Guardar enlace" }).click();
  await expect(linkDialog.getByText(/Escribe una dirección completa/)).toBeVisible();
  await linkDialog.getByLabel("Dirección").fill("www.ejemplo.es/guia");
  await linkDialog.getByLabel("Texto del enlace").fill("esta guía");
  await linkDialog.getByRole("button", { name: "Guardar enlace" }).click();
  await expect(linkDialog).toBeHidden();
  await expect(editor).toBeFocused();
  await page.keyboard.type(".");
  await page.keyboard.press("Enter");
  // Bold with Ctrl+B, on and off.
  await page.keyboard.type("Esto es ");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("muy importante");
  await page.keyboard.press("Control+b");
  await page.keyboard.type(" para leer.");
  await page.keyboard.press("Enter");

  // An image inside the text: uploaded like the cover, with its alternative text required.
  await toolbar.getByRole("button", { name: "Imagen", exact: true }).click();
  const imageDialog = page.getByRole("dialog", { name: "Imagen" });
  await imageDialog.getByLabel("Elegir imagen").setInputFiles(await pictureFile("Jardín.png"));
  await expect(imageDialog.getByText("Imagen subida correctamente")).toBeVisible();
  await expectAccessible(page);
  await imageDialog.getByRole("button", { name: "Insertar imagen" }).click();
  await expect(imageDialog.getByText("Describe la imagen para quien no pueda verla")).toBeVisible();
  await imageDialog.getByLabel("Texto alternativo").fill("Un círculo verde en un jardín");
  await imageDialog.getByRole("button", { name: "Insertar imagen" }).click();
  await expect(imageDialog).toBeHidden();
  await expect(editor.getByRole("img", { name: "Un círculo verde en un jardín" })).toBeVisible();

  // The rest of the form.
  await page.getByLabel(/^Imagen\*?$/).setInputFiles(await pictureFile("Portada.png"));
  await expect(page.getByText("Imagen subida correctamente").first()).toBeVisible();
  await page.getByLabel("Texto alternativo de la imagen").fill("Un círculo verde");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Publicar…" }).click();
  await page
    .getByRole("alertdialog", { name: "¿Publicar el artículo?" })
    .getByRole("button", { name: "Publicar", exact: true })
    .click();
  await expect(page).toHaveURL("/admin/blog");
  await expect(page.getByText("Artículo creado", { exact: true })).toBeVisible();

  // The public page: server-rendered HTML with each element.
  await page.goto(`/blog/${slug}`);
  const article = page.locator(".prose-reading");
  await expect(article.getByRole("heading", { level: 2 })).toHaveText("Qué cambia al escribir así");
  await expect(article.locator("ul > li")).toHaveText([
    "Sin símbolos raros",
    "Con atajos de teclado",
  ]);
  await expect(article.getByRole("link", { name: "esta guía" })).toHaveAttribute(
    "href",
    "https://www.ejemplo.es/guia",
  );
  await expect(article.locator("strong")).toHaveText("muy importante");
  const image = article.getByRole("img", { name: "Un círculo verde en un jardín" });
  await expect(image).toHaveAttribute("src", /^\/media\/blog\/images\/.+\.webp$/);
  await expect(image).toHaveAttribute("srcset", /-480\.webp 480w/);
  await expect(image).toHaveAttribute("loading", "lazy");

  await page.goto(`/admin/blog?q=${encodeURIComponent("Escribir sin Markdown")}`);
  await page.getByRole("button", { name: /Eliminar «Escribir sin Markdown/ }).click();
  await page
    .getByRole("alertdialog", { name: "Eliminar artículo" })
    .getByRole("button", { name: "Eliminar" })
    .click();
  await expect(page.getByText("Artículo eliminado", { exact: true })).toBeVisible();
});

test("the Markdown view and the visual view keep each other's text; an untouched article is sent as stored", async ({
  page,
}) => {
  const stored = fs
    .readFileSync(path.resolve("content/articles/expresion-emociones-como.md"), "utf8")
    .replace(/^---\n[\s\S]*?\n---\n/, "")
    .trim();
  // The visual editor would escape its square brackets: untouched, they stay as written.
  expect(stored).toContain("[situación]");

  await signInAsAdmin(page);
  const editor = await openEditor(page, "/admin/blog/editar/expresion-emociones-como");
  await expect(editor.getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Markdown" }).click();
  await expect(markdownView(page)).toHaveValue(stored);
  await page.getByRole("button", { name: "Visual" }).click();
  // Saved without a change in the visual view, the Markdown sent is the stored one.
  const [saved] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/admin/blog/editar/")),
    page.getByRole("button", { name: "Actualizar" }).click(),
  ]);
  expect(new URLSearchParams(saved.postData() ?? "").get("content")?.replace(/\r\n/g, "\n")).toBe(
    stored,
  );
  await expect(page.getByText("Artículo actualizado", { exact: true })).toBeVisible();
  // Nothing changed: leaving asks nothing.
  await openEditor(page, "/admin/blog/editar/expresion-emociones-como");
  await page.getByRole("button", { name: "Markdown" }).click();
  await page.getByRole("button", { name: "Visual" }).click();
  await page.getByRole("link", { name: "Volver al blog" }).click();
  await expect(page).toHaveURL("/admin/blog");

  await openEditor(page, "/admin/blog/editar/expresion-emociones-como");
  await page.getByRole("button", { name: "Markdown" }).click();
  await markdownView(page).fill(`${stored}\n\n## Añadido en Markdown\n\nUn texto **nuevo**.`);
  await page.getByRole("button", { name: "Visual" }).click();
  await expect(editor.getByRole("heading", { name: "Añadido en Markdown" })).toBeVisible();
  await expect(editor.locator("strong", { hasText: "nuevo" })).toBeVisible();
  await editor.getByText("Un texto").click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Y algo escrito en la vista visual.");
  await page.getByRole("button", { name: "Markdown" }).click();
  await expect(markdownView(page)).toHaveValue(
    /## Añadido en Markdown\n\nUn texto \*\*nuevo\*\*\. Y algo escrito en la vista visual\.$/,
  );
  await expectAccessible(page);

  // Changed: leaving asks first.
  await page.getByRole("link", { name: "Volver al blog" }).click();
  const leave = page.getByRole("alertdialog", { name: "¿Salir sin guardar?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Salir sin guardar" }).click();
  await expect(page).toHaveURL("/admin/blog");
});

/** A paste into the editor with what an office suite puts on the clipboard. */
async function paste(editor: Locator, html: string, text: string) {
  await editor.evaluate(
    (element, [pasted, plain]) => {
      const data = new DataTransfer();
      data.setData("text/html", pasted!);
      data.setData("text/plain", plain!);
      element.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    [html, text],
  );
}

test("text pasted from Google Docs keeps only the article's elements", async ({ page }) => {
  await signInAsAdmin(page);
  const editor = await openEditor(page, "/admin/blog/nuevo");
  await editor.click();
  // What Google Docs puts on the clipboard: everything inside a <b> that is not bold, styles on
  // spans, its title as <h1>, a table, an image hosted by Google.
  const html =
    '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1234">' +
    '<h1 dir="ltr" style="line-height:1.38"><span style="font-size:20pt;font-family:Arial;font-weight:400">Cuidar el sueño</span></h1>' +
    '<p dir="ltr"><span style="font-weight:400">Dormir bien es </span><span style="font-weight:700">clave</span><span style="font-weight:400"> para el </span><span style="font-style:italic">ánimo</span><span style="text-decoration:underline"> subrayado</span><span style="color:#ff0000;background-color:#ffff00"> en color</span>.</p>' +
    '<h2 dir="ltr"><span style="font-weight:400">Rutinas</span></h2>' +
    '<ul><li dir="ltr"><p dir="ltr"><span>Acostarse a la misma hora</span></p></li><li dir="ltr"><p dir="ltr"><a href="https://www.ejemplo.es/sueno"><span style="color:#1155cc;text-decoration:underline">Más información</span></a></p></li></ul>' +
    '<div dir="ltr"><table><tbody><tr><td><p>Hora</p></td><td><p>Actividad</p></td></tr></tbody></table></div>' +
    '<p><span><img src="https://lh7-rt.googleusercontent.com/docsz/foto.png" width="300" height="200"></span></p>' +
    '<p><a href="javascript:alert(1)">enlace peligroso</a> <code>código</code> <s>tachado</s></p>' +
    "</b>";
  await paste(editor, html, "Cuidar el sueño");
  await expect(editor.getByRole("heading", { name: "Cuidar el sueño" })).toBeVisible();

  const tags = await editor.evaluate((element) =>
    [...new Set([...element.querySelectorAll("*")].map((e) => e.tagName.toLowerCase()))].sort(),
  );
  const allowed = [
    "a",
    "blockquote",
    "br",
    "em",
    "h2",
    "h3",
    "h4",
    "img",
    "li",
    "ol",
    "p",
    "strong",
    "ul",
  ];
  expect(tags.filter((tag) => !allowed.includes(tag))).toEqual([]);
  // Nothing is bold because of Google's wrapper; the h1 is a subheading, its h2 one level below.
  await expect(editor.locator("strong")).toHaveText(["clave"]);
  await expect(editor.getByRole("heading", { level: 2 })).toHaveText("Cuidar el sueño");
  await expect(editor.getByRole("heading", { level: 3 })).toHaveText("Rutinas");
  await expect(editor.locator("img")).toHaveCount(0);
  await expect(editor.locator("[style]")).toHaveCount(0);

  await page.getByRole("button", { name: "Markdown" }).click();
  const markdown = await markdownView(page).inputValue();
  expect(markdown).toContain("## Cuidar el sueño");
  expect(markdown).toContain("Dormir bien es **clave** para el *ánimo* subrayado en color.");
  expect(markdown).toContain("### Rutinas");
  expect(markdown).toContain("- Acostarse a la misma hora");
  expect(markdown).toContain("- [Más información](https://www.ejemplo.es/sueno)");
  expect(markdown).toContain("enlace peligroso código tachado");
  expect(markdown).not.toMatch(/javascript|googleusercontent|<|style=/);
});

test("lists pasted from Word for Windows stay lists, without the bullets Word writes as text", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const editor = await openEditor(page, "/admin/blog/nuevo");
  await editor.click();
  // What Word puts on the clipboard: list paragraphs starting with their marker as text.
  const item = (marker: string, text: string) =>
    `<p class=MsoListParagraphCxSpMiddle style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span style='font-family:Symbol'><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><!--[endif]--><span lang=ES>${text}<o:p></o:p></span></p>`;
  const html =
    "<html xmlns:o='urn:schemas-microsoft-com:office:office'><body lang=ES>" +
    "<p class=MsoNormal>Tres ideas:<o:p></o:p></p>" +
    item("·", "Respirar despacio") +
    item("·", "Salir a caminar") +
    "<p class=MsoNormal>Y tres pasos:<o:p></o:p></p>" +
    item("1.", "Anotar") +
    item("2.", "Revisar") +
    "</body></html>";
  await paste(editor, html, "Tres ideas");
  await expect(editor.locator("ul > li")).toHaveText(["Respirar despacio", "Salir a caminar"]);
  await expect(editor.locator("ol > li")).toHaveText(["Anotar", "Revisar"]);

  await page.getByRole("button", { name: "Markdown" }).click();
  const markdown = await markdownView(page).inputValue();
  expect(markdown).toContain("- Respirar despacio\n- Salir a caminar");
  expect(markdown).toContain("1. Anotar\n2. Revisar");
  expect(markdown).not.toMatch(/·|1\\\.|&nbsp;|\u00a0/);
});
