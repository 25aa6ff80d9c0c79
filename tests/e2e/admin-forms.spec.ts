import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import {
  E2E_ADMIN,
  expect,
  expectAccessible,
  finishSignIn,
  gotoHydrated,
  signInAsAdmin,
  test,
} from "./fixtures";

/** Issue #17 items 11–13: the article editor, Spanish validation on every form, erasing by address. */

const SHOTS = path.join(os.tmpdir(), "shots-admin-forms");
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

async function coverFile() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-forms-")), "portada.jpg");
  await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 122, g: 160, b: 143 } },
  })
    .jpeg()
    .toFile(file);
  return file;
}

/** The field's messages (FormField and ImageUpload render them in `<id>-error`). */
const errorOf = async (page: Page, field: Locator) => {
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ");
  const id = ids.find((i) => i.endsWith("-error"));
  if (!id) return null;
  return page.locator(`[id="${id}"]`).textContent();
};

/**
 * A browser whose own validation bubbles speak English: a form that relied on them would show
 * 'Please fill out this field.' to a Spanish practice's staff.
 */
async function englishBrowser(browser: Browser, width: number) {
  const context = await browser.newContext({
    locale: "en-US",
    timezoneId: "Europe/Madrid",
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  page.on("pageerror", (err) => problems.push(err.message));
  const bubble = await page.evaluate(() => {
    const input = document.createElement("input");
    input.required = true;
    return input.validationMessage;
  });
  expect(bubble).toBe("Please fill out this field.");
  return { context, page, problems };
}

/**
 * The form holding `control` never lets the browser validate (noValidate): its English bubble
 * cannot show, and the Spanish message the test saw came from the page.
 */
async function expectNoBrowserValidation(control: Locator) {
  expect(await control.evaluate((el) => (el as HTMLInputElement).form?.noValidate)).toBe(true);
}

/** The author the page's BlogPosting JSON-LD names. */
async function ldAuthor(page: Page) {
  for (const text of await page.locator('script[type="application/ld+json"]').allTextContents()) {
    const parsed = JSON.parse(text) as unknown;
    const items = (Array.isArray(parsed) ? parsed : [parsed]) as Array<Record<string, unknown>>;
    const post = items.find((item) => item["@type"] === "BlogPosting");
    if (post) return (post.author as { name: string }).name;
  }
  return null;
}

async function deleteArticle(page: Page, title: string) {
  await gotoHydrated(page, `/admin/blog?q=${encodeURIComponent(title)}`);
  await page.getByRole("button", { name: new RegExp(`Eliminar «${title}`) }).click();
  await page
    .getByRole("alertdialog", { name: "Eliminar artículo" })
    .getByRole("button", { name: "Eliminar" })
    .click();
  await expect(page.getByText("Artículo eliminado", { exact: true })).toBeVisible();
}

for (const width of [390, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("item 11: the editor clears a field's message once it changes, marks 'Imagen' required and signs with the professional's name", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const cover = await coverFile();
      const title = `Firma por defecto ${width}`;
      const slug = `firma-por-defecto-${width}`;
      await signInAsAdmin(page);
      await page.goto("/admin/ajustes");
      const professional = await page.getByLabel("Nombre profesional").inputValue();
      expect(professional).not.toBe(E2E_ADMIN.name);

      await gotoHydrated(page, "/admin/blog/nuevo");
      // The label reads "Imagen*" (the asterisk is hidden from screen readers).
      const image = page.getByLabel(/^Imagen\*?$/);
      const imageLabel = page.locator(`label[for="${await image.getAttribute("id")}"]`);
      await expect(imageLabel).toHaveText("Imagen*");
      await expect(image).toHaveAttribute("aria-required", "true");
      // A new article is signed by the professional of Ajustes, not by the account writing it.
      await expect(page.getByLabel("Autor")).toHaveValue(professional);

      // Empty: every message, focus on the first field, nothing sent.
      await page.getByRole("button", { name: "Publicar" }).click();
      const titleField = page.getByLabel("Título");
      await expect(page.getByText("El título es requerido")).toBeVisible();
      await expect(page.getByText("La imagen es requerida")).toBeVisible();
      await expect(titleField).toBeFocused();
      await expect(titleField).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("No se pudo guardar: revisa los campos marcados.")).toBeVisible();
      await expect(page).toHaveURL("/admin/blog/nuevo");

      // A file that is not an image: its message and the required one, each its own sentence.
      await image.setInputFiles({
        name: "notas.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("no es una imagen"),
      });
      await expect(page.getByText(/El archivo no es una imagen válida/).first()).toBeVisible();
      const imageErrors = await errorOf(page, image);
      expect(imageErrors).toContain("La imagen es requerida");
      expect(imageErrors).not.toContain("..");
      await expectAccessible(page);
      await shot(page, `editor-errores-${width}`);

      // Each message goes as soon as its field changes (the URL follows the title).
      await titleField.fill(title);
      await expect(page.getByText("El título es requerido")).toHaveCount(0);
      await expect(page.getByText("La URL es requerida")).toHaveCount(0);
      await expect(titleField).not.toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("La categoría es requerida")).toBeVisible();
      await page.getByLabel("Categoría").selectOption("mindfulness");
      await expect(page.getByText("La categoría es requerida")).toHaveCount(0);
      await page.getByRole("textbox", { name: "Contenido" }).fill("Un párrafo sobre la firma.");
      await expect(page.getByText("El contenido es requerido")).toHaveCount(0);
      await image.setInputFiles(cover);
      await expect(page.getByText("Imagen subida correctamente").first()).toBeVisible();
      // Both messages under the field are gone (the failed upload's toast may still be fading).
      await expect.poll(() => errorOf(page, image)).toBeNull();
      await expect(image).not.toHaveAttribute("aria-invalid", "true");
      await page.getByLabel("Texto alternativo de la imagen").fill("Un fondo verde");
      await expect(page.getByText("Describe la imagen para quien no pueda verla")).toHaveCount(0);
      await expect(page.getByText("No se pudo guardar: revisa los campos marcados.")).toHaveCount(
        0,
      );
      await shot(page, `editor-completo-${width}`);
      // On a phone the toasts sit over the button for a few seconds (they wait while the pointer
      // rests on them).
      await page.mouse.move(0, 0);
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
      await page.getByRole("button", { name: "Publicar…" }).click();
      await page
        .getByRole("alertdialog", { name: "¿Publicar el artículo?" })
        .getByRole("button", { name: "Publicar", exact: true })
        .click();
      await expect(page.getByText("Artículo creado", { exact: true })).toBeVisible();

      // The byline, the JSON-LD and the feed name the professional.
      await page.goto(`/blog/${slug}`);
      await expect(page.getByText(`Por ${professional}`)).toBeVisible();
      await expect(page.getByText(`Por ${E2E_ADMIN.name}`)).toHaveCount(0);
      expect(await ldAuthor(page)).toBe(professional);
      const feed = await (await page.request.get("/blog/rss.xml")).text();
      expect(feed).toMatch(
        new RegExp(`/blog/${slug}</link>[\\s\\S]*?<dc:creator>${professional}<`),
      );

      // Another author, typed in the editor, everywhere the article is printed.
      await gotoHydrated(page, `/admin/blog/editar/${slug}`);
      await expect(page.getByLabel("Autor")).toHaveValue(professional);
      await page.getByLabel("Autor").fill("Marta Invitada");
      await page.getByRole("button", { name: "Actualizar" }).click();
      await expect(page.getByText("Artículo actualizado", { exact: true })).toBeVisible();
      await page.goto(`/blog/${slug}`);
      await expect(page.getByText("Por Marta Invitada")).toBeVisible();
      expect(await ldAuthor(page)).toBe("Marta Invitada");
      expect(await (await page.request.get("/blog/rss.xml")).text()).toMatch(
        new RegExp(`/blog/${slug}</link>[\\s\\S]*?<dc:creator>Marta Invitada<`),
      );
      await deleteArticle(page, title);
    });

    test("item 12: /login leads to the one sign-in page; it and the review dialog answer in Spanish, never with the browser's bubbles", async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const { context, page, problems } = await englishBrowser(browser, width);

      // Forgotten password: the address is asked for in Spanish.
      await gotoHydrated(page, "/auth?modo=recuperar");
      await page.getByRole("button", { name: "Enviar enlace de recuperación" }).click();
      await expect(page.getByText("Por favor, introduce tu email")).toBeVisible();
      await expect(page.getByLabel("Email")).toBeFocused();
      await expectNoBrowserValidation(page.getByLabel("Email"));

      // The older address keeps where the person was going.
      await page.goto("/login?redirectTo=%2Fadmin%2Fresenas");
      await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin%2Fresenas");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar sesión");
      await expect(page.getByRole("link", { name: "¿Has olvidado tu contraseña?" })).toBeVisible();
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expectAccessible(page);

      const email = page.getByLabel("Email");
      const password = page.getByLabel("Contraseña");
      await page.getByRole("button", { name: "Iniciar sesión" }).click();
      await expect(page.getByText("Por favor, completa todos los campos")).toHaveCount(2);
      await expect(email).toBeFocused();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(password).toHaveAttribute("aria-invalid", "true");
      expect(await errorOf(page, password)).toBe("Por favor, completa todos los campos");
      await expectNoBrowserValidation(email);
      await expectAccessible(page);
      await shot(page, `acceso-errores-${width}`);

      await email.fill("ana@");
      expect(await errorOf(page, email)).toBeNull();
      await page.getByRole("button", { name: "Iniciar sesión" }).click();
      expect(await errorOf(page, email)).toBe("Introduce un email válido");
      await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin%2Fresenas");

      await email.fill(E2E_ADMIN.email);
      await password.fill(E2E_ADMIN.password);
      await page.getByRole("button", { name: "Iniciar sesión" }).click();
      await finishSignIn(page, E2E_ADMIN.email, E2E_ADMIN.password, "/admin/resenas");

      // The review dialog: the schema's messages under each field, focus on the first.
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.getByRole("button", { name: "Nueva reseña" }).click();
      const dialog = page.getByRole("dialog", { name: "Nueva reseña" });
      await dialog.getByRole("button", { name: "Guardar" }).click();
      const name = dialog.getByLabel("Nombre");
      await expect(dialog.getByText("El nombre debe tener al menos 2 caracteres.")).toBeVisible();
      await expect(dialog.getByText("La reseña debe tener al menos 10 caracteres.")).toBeVisible();
      await expect(name).toBeFocused();
      await expectNoBrowserValidation(name);
      await expectAccessible(page);
      await shot(page, `resena-errores-${width}`);
      await name.fill("Lucía G.");
      await expect(dialog.getByText("El nombre debe tener al menos 2 caracteres.")).toHaveCount(0);
      await expect(dialog.getByText("La reseña debe tener al menos 10 caracteres.")).toBeVisible();
      await dialog.getByRole("button", { name: "Cancelar" }).click();
      await expect(dialog).toBeHidden();
      // Opened again, the form starts clean.
      await page.getByRole("button", { name: "Nueva reseña" }).click();
      await expect(dialog.getByText("La reseña debe tener al menos 10 caracteres.")).toHaveCount(0);

      expect(problems).toEqual([]);
      await context.close();
    });

    test("item 13: erasing every message from an address asks for confirmation first", async ({
      page,
    }) => {
      const address = `suprimir.${width}.${Date.now()}@example.com`;
      for (const message of ["Primer mensaje que suprimir", "Segundo mensaje que suprimir"]) {
        const res = await page.request.post("/?index", {
          form: {
            intent: "contact",
            name: "Persona Supresión",
            email: address,
            message,
            consent: "on",
          },
        });
        expect(res.status()).toBe(200);
      }
      await signInAsAdmin(page);
      await gotoHydrated(page, "/admin/mensajes");
      await expect(page.getByText(address).first()).toBeVisible();
      const field = page.locator("#suprimir");
      const erase = page.getByRole("button", { name: "Suprimir datos" });

      // Not an address: said at the field, nothing to confirm.
      await field.fill("persona");
      await erase.click();
      await expect(page.getByText("Introduce un email válido")).toBeVisible();
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(field).toBeFocused();
      await expect(field).toHaveAttribute("aria-invalid", "true");

      await field.fill(address);
      await expect(page.getByText("Introduce un email válido")).toHaveCount(0);
      await erase.click();
      const dialog = page.getByRole("alertdialog", { name: "Suprimir datos" });
      await expect(dialog).toContainText(address);
      await expect(dialog).toContainText("no se puede deshacer");
      // A long address wraps inside the dialog instead of running out of it.
      expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await expectAccessible(page);
      await shot(page, `suprimir-confirmar-${width}`);
      // Cancelling erases nothing.
      await dialog.getByRole("button", { name: "Cancelar" }).click();
      await expect(dialog).toBeHidden();
      await page.reload();
      await expect(page.getByText(address).first()).toBeVisible();

      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await field.fill(address);
      await erase.click();
      await dialog.getByRole("button", { name: "Suprimir" }).click();
      await expect(page.getByText("Datos suprimidos", { exact: true })).toBeVisible();
      await expect(page.getByText(/Se han eliminado 2 mensajes/)).toBeVisible();
      const list = page.getByRole("region", { name: "Lista de mensajes" });
      await expect(list.getByText(address)).toHaveCount(0);
    });
  });
}
