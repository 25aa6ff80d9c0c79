import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, signInAsAdmin, test } from "./fixtures";
import { e2eDataDir } from "./data-dir";

/** .eml files the E2E server wrote (no SMTP_URL) that mention `address`. */
function emlFilesMentioning(address: string) {
  const dataDir = e2eDataDir();
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) =>
    fs
      .readFileSync(path.join(dir, f), "utf8")
      .replace(/=\r?\n/g, "")
      .toLowerCase()
      .includes(address.toLowerCase()),
  );
}

async function sendContact(page: Page, address: string, message: string) {
  // The landing page's contact form, as a browser without JavaScript sends it.
  const res = await page.request.post("/?index", {
    form: { intent: "contact", name: "Persona Derechos", email: address, message, consent: "on" },
  });
  expect(res.status()).toBe(200);
}

test("RGPD: the export downloads a JSON file with that address's messages; erase removes messages, e-mails and .eml copies", async ({
  page,
}) => {
  const address = `rgpd.${Date.now()}@example.com`;
  await sendContact(page, address, "Primer mensaje para exportar");
  await sendContact(page, address, "Segundo mensaje para exportar");
  // The outbox worker writes each notification as an .eml file.
  await expect.poll(() => emlFilesMentioning(address).length, { timeout: 15_000 }).toBe(2);

  await signInAsAdmin(page);
  // Typed before hydration, the address could be lost when React takes the form over.
  await gotoHydrated(page, "/admin/mensajes");

  // Export (art. 15): a POST whose answer is a download; the address never goes into a URL.
  await page.locator("#exportar").fill(address);
  // First the document a person reads (the default), then the same data as JSON.
  const [readable] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Exportar (documento legible)" }).click(),
  ]);
  expect(readable.suggestedFilename()).toBe("datos-personales.html");
  expect(readable.url()).not.toContain(address);
  const documentHtml = fs.readFileSync(await readable.path(), "utf8");
  const reader = await page.context().newPage();
  await reader.setContent(documentHtml);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(
    `Datos personales de ${address}`,
  );
  await expect(reader.getByRole("heading", { name: "Mensajes de contacto (2)" })).toBeVisible();
  await expect(reader.getByText("Segundo mensaje para exportar")).toBeVisible();
  await expect(reader.getByRole("heading", { name: /^Copias de emails .*\(2\)$/ })).toBeVisible();
  await reader.close();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "JSON (para otro programa)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  expect(download.url()).not.toContain(address);
  expect(download.url()).not.toContain(encodeURIComponent(address));
  const exported = JSON.parse(fs.readFileSync(await download.path(), "utf8")) as {
    email: string;
    mensajesDeContacto: Array<{ mensaje: string }>;
    correos: unknown[];
    copiasDeCorreo: string[];
  };
  expect(exported.email).toBe(address);
  expect(exported.mensajesDeContacto.map((m) => m.mensaje)).toEqual([
    "Primer mensaje para exportar",
    "Segundo mensaje para exportar",
  ]);
  expect(exported.correos).toHaveLength(2);
  expect(exported.copiasDeCorreo).toHaveLength(2);
  expect(page.url()).not.toContain(address);

  // Erase (art. 17) asks for confirmation first.
  await gotoHydrated(page, "/admin/mensajes");
  await expect(page.getByText(address).first()).toBeVisible();
  await page.locator("#suprimir").fill(address);
  await page.getByRole("button", { name: "Suprimir datos" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(address);
  await dialog.getByRole("button", { name: "Suprimir" }).click();
  await expect(page.getByText("Datos suprimidos", { exact: true })).toBeVisible();
  await expect(
    page.getByText(/Se han eliminado 2 mensajes, 0 citas, 0 reseñas, 2 emails y 2 copias/),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /Persona Derechos/ })).toHaveCount(0);
  expect(emlFilesMentioning(address)).toEqual([]);
  expect(page.url()).not.toContain(address);
});

test("opening a message marks it read by a POST after it is shown", async ({ page }) => {
  const address = `lectura.${Date.now()}@example.com`;
  await sendContact(page, address, "Mensaje para leer");
  await signInAsAdmin(page);
  await page.goto("/admin/mensajes");
  const item = page.getByRole("link", { name: new RegExp(address.replace(/\./g, "\\.")) });
  await expect(item.getByText("Sin leer")).toBeVisible();
  const read = page.waitForRequest(
    (r) => r.method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/mensajes"),
  );
  await item.click();
  await expect(page.getByText("Mensaje para leer")).toBeVisible();
  expect((await read).postData()).toContain("intent=read");
  await expect(item.getByText("Sin leer")).toHaveCount(0);
});
