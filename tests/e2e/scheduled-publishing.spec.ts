import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, expectAccessible, markdownView, signInAsAdmin, test } from "./fixtures";

/** A Madrid wall-clock time as the datetime-local fields take it (YYYY-MM-DDTHH:mm). */
function madridLocal(at: Date) {
  const parts = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Madrid",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(at);
  return parts.replace(" ", "T");
}

async function coverFile() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-sched-")), "portada.png");
  await sharp({
    create: { width: 1200, height: 675, channels: 3, background: { r: 200, g: 220, b: 210 } },
  })
    .png()
    .toFile(file);
  return file;
}

const TITLE = "Volver a la rutina después de las vacaciones";
const SLUG = "volver-a-la-rutina-despues-de-las-vacaciones";

test("a draft shared by a preview link, then scheduled two minutes ahead, appears on the blog, the sitemap and the RSS at its minute; the link stops working when it expires", async ({
  page,
  browser,
}) => {
  test.setTimeout(5 * 60_000);
  await signInAsAdmin(page);
  await page.goto("/admin/blog/nuevo");
  await page.getByLabel("Título").fill(TITLE);
  await page.getByLabel("Categoría").selectOption("estres");
  await (
    await markdownView(page)
  ).fill("## Empezar poco a poco\n\nNo hace falta recuperar todo el primer día.");
  await page.getByLabel(/^Imagen\*?$/).setInputFiles(await coverFile());
  await expect(page.getByText("Imagen subida correctamente").first()).toBeVisible();
  await page.getByLabel("Texto alternativo de la imagen").fill("Una agenda abierta sobre la mesa");
  await page.getByRole("radio", { name: /^Borrador/ }).check();
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(page.getByText("Artículo creado", { exact: true })).toBeVisible();
  expect((await page.request.get(`/blog/${SLUG}`)).status()).toBe(404);
  const row = page.getByRole("row").filter({ hasText: TITLE });
  await expect(row.getByText("Borrador", { exact: true })).toBeVisible();

  // A preview link for a colleague, valid for two minutes.
  const expiry = new Date(Date.now() + 2 * 60_000);
  await page.goto(`/admin/blog/editar/${SLUG}`);
  await page.getByRole("link", { name: "Compartir vista previa" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Compartir vista previa" }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Caduca el").fill(madridLocal(expiry));
  await page.getByRole("button", { name: "Crear enlace de vista previa" }).click();
  const link = await page.getByLabel("Enlace de vista previa").inputValue();
  expect(link).toMatch(/\/vista-previa\?token=[\w-]{43}$/);
  await expect(page.getByText(/^Creado el .* caduca el/)).toBeVisible();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copiar enlace" }).click();
  await expect(page.getByRole("button", { name: "Copiado" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // Signed out, the colleague reads the draft as it will look, and search engines are told no.
  const colleague = await browser.newContext();
  const reader = await colleague.newPage();
  const preview = await reader.goto(link);
  expect(preview?.status()).toBe(200);
  expect(preview?.headers()["cache-control"]).toContain("no-store");
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(TITLE);
  await expect(
    reader.getByRole("heading", { level: 2, name: "Empezar poco a poco" }),
  ).toBeVisible();
  await expect(reader.getByText(/este artículo no está publicado/)).toBeVisible();
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expectAccessible(reader);

  // Scheduled for the minute two minutes from now (Madrid time).
  const due = new Date(Date.now() + 2 * 60_000);
  due.setSeconds(0, 0);
  await page.goto(`/admin/blog/editar/${SLUG}`);
  await page.getByRole("radio", { name: /^Programado/ }).check();
  await page.getByLabel("Publicar el").fill(madridLocal(due));
  await page.getByRole("button", { name: "Programar" }).click();
  await expect(page.getByText("Artículo actualizado", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("row").filter({ hasText: TITLE }).getByText("Programado", { exact: true }),
  ).toBeVisible();
  expect(await (await page.request.get("/blog")).text()).not.toContain(TITLE);

  // Nobody touches anything: the server publishes it at its minute.
  await expect
    .poll(async () => (await (await reader.request.get("/blog")).text()).includes(TITLE), {
      timeout: 3 * 60_000,
      intervals: [2_000],
    })
    .toBe(true);
  expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
  expect(Date.now()).toBeLessThan(due.getTime() + 60_000);
  expect(await (await reader.request.get("/sitemap.xml")).text()).toContain(`/blog/${SLUG}`);
  expect(await (await reader.request.get("/blog/rss.xml")).text()).toContain(`/blog/${SLUG}`);
  expect((await reader.request.get(`/blog/${SLUG}`)).status()).toBe(200);

  // The preview link dies at its time.
  await expect
    .poll(async () => (await reader.request.get(link)).status(), {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toBe(404);
  await reader.goto(link);
  await expect(
    reader.getByText("Este enlace de vista previa no es válido, ha caducado o se ha revocado.", {
      exact: false,
    }),
  ).toBeVisible();
  await colleague.close();
});
