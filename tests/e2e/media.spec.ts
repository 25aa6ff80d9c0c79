import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, expectAccessible, gotoHydrated, signInAsAdmin, test } from "./fixtures";

/** A photo made at test time: 1200 x 1400, with GPS in its EXIF that must not survive. */
async function portraitFile() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-media-")), "Retrato Ana.png");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1400">
    <rect width="1200" height="1400" fill="#dfe9e4"/><circle cx="600" cy="520" r="260" fill="#5b8a78"/>
    <rect x="260" y="860" width="680" height="540" rx="200" fill="#5b8a78"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

test("an administrator uploads a portrait in Ajustes and the landing page shows it", async ({
  page,
  settings,
}) => {
  const file = await portraitFile();
  await settings.keep("portrait.url", "portrait.alt");
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/ajustes");
  await expect(page.getByRole("heading", { level: 1, name: "Ajustes" })).toBeVisible();
  await expectAccessible(page);

  // Slow the upload down a little so the 'uploading' state can be seen.
  await page.route("**/api/imagenes", async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await page.getByLabel("Retrato profesional (opcional)").setInputFiles(file);
  await expect(page.getByRole("status").filter({ hasText: "Subiendo imagen..." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Subiendo imagen..." })).toBeDisabled();
  await expect(page.getByLabel("Retrato profesional (opcional)")).toBeDisabled();
  await expect(page.getByText("Imagen subida correctamente").first()).toBeVisible();
  await expect(page.getByLabel("Retrato profesional (opcional)")).toBeEnabled();

  const stored = await page.locator('input[type="hidden"][name="portrait.url"]').inputValue();
  expect(stored).toMatch(/^\/media\/blog\/images\/\d+-retrato-ana-1200\.webp$/);
  await page.getByLabel("Texto alternativo del retrato").fill("Ana Ruiz sonriendo en su consulta");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Configuración guardada")).toBeVisible();

  await page.goto("/");
  const portrait = page.getByRole("img", { name: "Ana Ruiz sonriendo en su consulta" });
  await portrait.scrollIntoViewIfNeeded();
  await expect(portrait).toHaveAttribute("src", stored);
  await expect(portrait).toHaveAttribute("srcset", /\/media\/blog\/images\/.+-480\.webp 480w/);
  await expect(portrait).toHaveAttribute("width", "480");
  await expect(portrait).toHaveAttribute("height", "560");
  await expect
    .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  const served = await page.request.get(stored);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  await page.goto("/sobre-mi");
  await expect(
    page.getByRole("img", { name: "Ana Ruiz sonriendo en su consulta" }),
  ).toHaveAttribute("srcset", /960\.webp 960w/);

  // Removing the portrait brings the illustration back.
  // "Quitar imagen" only works once React has the form (a click before hydration is lost: #17).
  await gotoHydrated(page, "/admin/ajustes");
  await page.getByRole("button", { name: "Quitar imagen" }).click();
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Configuración guardada")).toBeVisible();
  await page.goto("/sobre-mi");
  await expect(page.getByRole("img", { name: /Retrato ilustrado/ })).toBeVisible();
});

test("an SVG is refused with the server's reason and nothing is stored", async ({ page }) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-media-")), "logo.png");
  fs.writeFileSync(file, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  await signInAsAdmin(page);
  await page.goto("/admin/ajustes");
  const before = await page.locator('input[type="hidden"][name="portrait.url"]').inputValue();
  await page.getByLabel("Retrato profesional (opcional)").setInputFiles(file);
  await expect(page.getByText("Error al subir la imagen. Inténtelo de nuevo.")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "SVG no se admiten" })).toBeVisible();
  expect(await page.locator('input[type="hidden"][name="portrait.url"]').inputValue()).toBe(before);
});
