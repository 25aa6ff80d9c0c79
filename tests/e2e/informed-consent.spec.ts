import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  forgetRateLimits,
  gotoHydrated,
  requestFirstFreeHour,
  signInAsAdmin,
  test,
  useSettings,
  visitorPage,
} from "./fixtures";
import { linkInMail, mailCount } from "./mail";

/**
 * Informed consent and intake (docs/decisions/022-informed-consent.md): the psychologist reviews
 * the documents, the consent goes out with an accepted appointment, and clients (or each parent of
 * a minor) sign on a phone, with or without JavaScript.
 */

useSettings({ bookingEnabled: true });
// Each test is a new visitor: the hour's bookings from 127.0.0.1 start afresh (other specs on
// this worker book too).
test.beforeEach(() => forgetRateLimits("booking:"));

const INVALID = "Este enlace ya no sirve";

/** The general and the data-protection documents marked as reviewed (idempotent). */
async function documentsReady(staff: Page, kinds = ["general", "data"]) {
  for (const kind of kinds) {
    await gotoHydrated(staff, `/admin/consentimientos/documentos/${kind}`);
    const ready = staff.getByRole("checkbox", { name: /He revisado este texto/ });
    if (await ready.isChecked()) continue;
    // Marked ready only once the starting text's draft note is gone (refused first).
    await ready.check();
    await staff.getByRole("button", { name: "Guardar versión" }).click();
    await expect(staff.getByText(/borra la nota «Texto de partida»/)).toBeVisible();
    await staff.getByRole("button", { name: "Markdown" }).click();
    const text = staff.getByRole("textbox", { name: "Texto", exact: true });
    await text.fill((await text.inputValue()).replace(/^> .*\n+/, ""));
    await ready.check();
    await staff.getByRole("button", { name: "Guardar versión" }).click();
    await expect(staff.getByText("Documento listo para enviar")).toBeVisible();
  }
}

async function staffPage(browser: Browser) {
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  return staff;
}

/** Sends a consent from /admin/consentimientos with the form. */
async function sendByHand(
  staff: Page,
  fields: {
    name: string;
    email: string;
    minor?: { parent1: string; parent2?: string; note?: string };
  },
) {
  await gotoHydrated(staff, "/admin/consentimientos");
  const form = staff.getByRole("form", { name: "Enviar consentimiento" });
  await form.getByLabel("Nombre de la persona atendida").fill(fields.name);
  await form.getByLabel("Email de contacto").fill(fields.email);
  if (fields.minor) {
    await form.getByRole("radio", { name: /Menor de 16 años/ }).check();
    await form.getByLabel("Email del progenitor o tutor 1").fill(fields.minor.parent1);
    if (fields.minor.parent2) {
      await form.getByLabel("Email del progenitor o tutor 2").fill(fields.minor.parent2);
    }
  }
  await form.getByRole("button", { name: "Enviar consentimiento" }).click();
  await expect(staff.getByText("Consentimiento enviado", { exact: true })).toBeVisible();
}

/** The signing form filled the way a person does it, then 'Firmar'. */
async function sign(page: Page, name: string, idNumber: string) {
  await page.getByLabel("Nombre y apellidos").fill(name);
  await page.getByLabel("DNI o NIE").fill(idNumber);
  await page.getByRole("checkbox", { name: /He leído los documentos/ }).check();
  await page.getByRole("button", { name: "Firmar" }).click();
  await expect(page.getByRole("heading", { name: "Consentimiento firmado" })).toBeVisible();
}

test("an adult books, the practice accepts, and she signs on a phone without JavaScript in under 4 minutes", async ({
  page,
  browser,
}) => {
  test.slow();
  const staff = await staffPage(browser);
  await documentsReady(staff);
  await expectAccessible(staff);

  // The visitor asks for an appointment on the site.
  const email = `consiente.${Date.now()}@example.com`;
  await requestFirstFreeHour(page, /Primera sesión/, "Clara Núñez", email);

  // The practice accepts: the consent goes with the confirmation.
  await gotoHydrated(staff, "/admin/citas");
  const request = staff.getByRole("listitem").filter({ hasText: email }).first();
  await request.getByRole("button", { name: /^Aceptar/ }).click();
  await expect(staff.getByText(/con el consentimiento informado para firmar/)).toBeVisible();
  const entry = staff.getByRole("listitem").filter({ hasText: email }).first();
  await expect(entry).toContainText("Pendiente de firma");
  await expect(entry.getByRole("note")).toContainText(
    "Primera sesión sin el consentimiento completo",
  );
  await expectAccessible(staff);

  // On a 390 px phone, JavaScript off, a CPU four times slower: from the e-mail's link to signed.
  const link = await linkInMail(email, "/consentimiento");
  const phone = await visitorPage(browser, { width: 390, height: 844 }, false);
  const cdp = await phone.context.newCDPSession(phone.page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const started = Date.now();
  await phone.page.goto(link);
  await expect(
    phone.page.getByRole("heading", { name: "Consentimiento informado", level: 1 }),
  ).toBeVisible();
  // Nothing wider than the phone's screen.
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  await phone.page
    .getByLabel(/¿Qué te trae a consulta?/)
    .fill("Me cuesta dormir desde hace unos meses y quiero entender por qué.");
  await phone.page
    .getByRole("group", { name: "¿Has ido antes a terapia psicológica?" })
    .getByRole("radio", { name: "No" })
    .check();
  await phone.page
    .getByRole("group", { name: "¿Tomas alguna medicación actualmente?" })
    .getByRole("radio", { name: "No", exact: true })
    .check();
  await phone.page
    .getByRole("group", { name: "¿Cómo conociste la consulta?" })
    .getByRole("radio", { name: "Recomendación" })
    .check();
  // A DNI with the wrong letter is refused first, with what was typed kept.
  await phone.page.getByLabel("Nombre y apellidos").fill("Clara Núñez Vidal");
  await phone.page.getByLabel("DNI o NIE").fill("12345678A");
  await phone.page.getByRole("checkbox", { name: /He leído los documentos/ }).check();
  await phone.page.getByRole("button", { name: "Firmar" }).click();
  await expect(phone.page.getByText(/Escribe un DNI o NIE válido/).first()).toBeVisible();
  await expect(phone.page.getByLabel("Nombre y apellidos")).toHaveValue("Clara Núñez Vidal");
  await sign(phone.page, "Clara Núñez Vidal", "12345678Z");
  const seconds = (Date.now() - started) / 1000;
  expect(seconds, "segundos hasta firmar en el móvil").toBeLessThan(240);
  test.info().annotations.push({ type: "segundos hasta firmar", description: seconds.toFixed(1) });

  // Her copy: on the page and in her e-mail.
  const pdfLink = phone.page.getByRole("link", { name: "Descargar mi copia en PDF" });
  const pdf = await phone.page.request.get((await pdfLink.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const copy = await linkInMail(email, "/consentimiento/copia");
  await phone.page.goto(copy);
  await expect(phone.page.getByRole("link", { name: "Descargar mi copia en PDF" })).toBeVisible();
  // The signing link is spent.
  await phone.page.goto(link);
  await expect(phone.page.getByText(INVALID)).toBeVisible();
  await phone.context.close();

  // In the back office: signed, and the PDF downloads.
  await gotoHydrated(staff, "/admin/consentimientos");
  const item = staff.getByRole("listitem").filter({ hasText: email }).first();
  await expect(item.getByText("Firmado").first()).toBeVisible();
  const download = staff.waitForEvent("download");
  await item.getByRole("link", { name: /PDF firmado/ }).click();
  const file = await (await download).path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  await staff.context().close();
});

test("a 14-year-old's consent needs both parents, each with a link and a status of their own", async ({
  browser,
}) => {
  test.slow();
  const staff = await staffPage(browser);
  await documentsReady(staff, ["general", "data", "minors"]);
  const stamp = Date.now();
  const mother = `madre.${stamp}@example.com`;
  const father = `padre.${stamp}@example.com`;
  await sendByHand(staff, {
    name: "Lucas Soler (14 años)",
    email: `familia.${stamp}@example.com`,
    minor: { parent1: mother, parent2: father },
  });
  const item = staff.getByRole("listitem").filter({ hasText: "Lucas Soler (14 años)" }).first();
  await expect(item.getByRole("row")).toHaveCount(3);
  await expect(item.getByRole("row").filter({ hasText: mother })).toContainText("Enviado");
  await expect(item.getByRole("row").filter({ hasText: father })).toContainText("Enviado");
  await expectAccessible(staff);

  // The mother signs with JavaScript, drawing her signature on the pad.
  const motherLink = await linkInMail(mother, "/consentimiento");
  const fatherLink = await linkInMail(father, "/consentimiento");
  expect(motherLink).not.toBe(fatherLink);
  const desk = await visitorPage(browser, { width: 1280, height: 900 });
  await desk.page.goto(motherLink);
  await desk.page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(desk.page.getByText(/progenitor\/a o tutor\/a legal de/)).toContainText(
    "Lucas Soler",
  );
  await expectAccessible(desk.page);
  const pad = desk.page.getByRole("img", { name: "Firma dibujada (opcional)" });
  const box = (await pad.boundingBox())!;
  await desk.page.mouse.move(box.x + 20, box.y + 40);
  await desk.page.mouse.down();
  await desk.page.mouse.move(box.x + 120, box.y + 80, { steps: 5 });
  await desk.page.mouse.move(box.x + 220, box.y + 30, { steps: 5 });
  await desk.page.mouse.up();
  await sign(desk.page, "Marta Soler Ibáñez", "X1234567L");
  await expect(desk.page.getByText(/Falta la firma de otra persona/)).toBeVisible();
  await desk.context.close();

  await staff.reload();
  await expect(item.getByRole("row").filter({ hasText: mother })).toContainText("Firmado");
  await expect(item.getByRole("row").filter({ hasText: father })).toContainText("Enviado");
  await expect(item).toContainText("Pendiente de firma");

  // The father opens his link (status 'Abierto'), then signs without JavaScript.
  const phone = await visitorPage(browser, { width: 390, height: 844 }, false);
  await phone.page.goto(fatherLink);
  await staff.reload();
  await expect(item.getByRole("row").filter({ hasText: father })).toContainText("Abierto");
  await sign(phone.page, "Jorge Soler Martín", "12345678Z");
  await expect(phone.page.getByText("El consentimiento está completo.")).toBeVisible();
  await phone.context.close();
  await staff.reload();
  await expect(item).toContainText("Firmado");
  await expect(item.getByRole("link", { name: /PDF firmado/ })).toHaveCount(2);
  await staff.context().close();
});

test("a replaced or cancelled link opens nothing; a withdrawal is recorded and the practice told", async ({
  browser,
}) => {
  const staff = await staffPage(browser);
  await documentsReady(staff);
  const email = `retira.${Date.now()}@example.com`;
  await sendByHand(staff, { name: "Irene Campos", email });
  const first = await linkInMail(email, "/consentimiento");
  const item = staff.getByRole("listitem").filter({ hasText: email }).first();
  await item.getByRole("button", { name: /Enviar un enlace nuevo/ }).click();
  await expect(staff.getByText("Enlace enviado de nuevo")).toBeVisible();
  const sent = mailCount(email);
  const second = await linkInMail(email, "/consentimiento", sent - 1);
  expect(second).not.toBe(first);

  const phone = await visitorPage(browser, { width: 390, height: 844 }, false);
  await phone.page.goto(first);
  await expect(phone.page.getByText(INVALID)).toBeVisible();
  await expect(phone.page.getByRole("button", { name: "Firmar" })).toHaveCount(0);
  await phone.page.goto(second);
  await sign(phone.page, "Irene Campos Gil", "12345678Z");

  // From her copy she withdraws it, after confirming.
  await phone.page.goto(await linkInMail(email, "/consentimiento/copia"));
  await phone.page.getByRole("button", { name: "Retirar mi consentimiento" }).click();
  await expect(
    phone.page.getByText("Marca la casilla para confirmar que quieres retirarlo."),
  ).toBeVisible();
  await phone.page.goto(await linkInMail(email, "/consentimiento/copia"));
  await phone.page.getByRole("checkbox", { name: /Sí, quiero retirar/ }).check();
  await phone.page.getByRole("button", { name: "Retirar mi consentimiento" }).click();
  await expect(phone.page.getByRole("status")).toContainText(
    "Hemos registrado que retiras tu consentimiento",
  );
  await phone.context.close();
  await staff.reload();
  await expect(staff.getByRole("listitem").filter({ hasText: email }).first()).toContainText(
    "Retirado por la persona",
  );

  // A cancelled request: its link opens nothing.
  const other = `anula.${Date.now()}@example.com`;
  await sendByHand(staff, { name: "Pablo Ortiz", email: other });
  const cancelled = await linkInMail(other, "/consentimiento");
  await staff
    .getByRole("listitem")
    .filter({ hasText: other })
    .first()
    .getByRole("button", { name: /^Anular/ })
    .click();
  await staff.getByRole("alertdialog").getByRole("button", { name: "Anular" }).click();
  await expect(staff.getByText("Consentimiento anulado")).toBeVisible();
  const anon = await visitorPage(browser, { width: 390, height: 844 }, false);
  await anon.page.goto(cancelled);
  await expect(anon.page.getByText(INVALID)).toBeVisible();
  await anon.context.close();
  await staff.context().close();
});
