import type { Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  gotoHydrated,
  signInAsAdmin,
  test,
  useSettings,
} from "./fixtures";
import { linkInMail } from "./mail";

/**
 * Booking on the site (/cita), as a visitor, with the services a new install offers and its
 * default hours (Monday to Thursday 9–14 and 16–20, Friday 9–14; 24 hours' notice).
 */

useSettings({ bookingEnabled: true });

/** Service → the first day with free hours → its first hour; returns the hour chosen. */
async function chooseFirstFreeHour(page: Page, service: string) {
  await page.getByRole("link", { name: new RegExp(service) }).click();
  await expect(page.getByRole("heading", { name: "Elige el día y la hora" })).toBeVisible();
  let day = page.getByRole("link", { name: /horas? libres?$/ }).first();
  if ((await day.count()) === 0) {
    await page.getByRole("link", { name: /^Mes siguiente/ }).click();
    day = page.getByRole("link", { name: /horas? libres?$/ }).first();
  }
  await day.click();
  const hour = page.getByRole("link", { name: /^Elegir las \d\d:\d\d$/ }).first();
  const time = (await hour.textContent())!.replace("Elegir las ", "").trim();
  await hour.click();
  await expect(page.getByRole("heading", { name: "Tus datos" })).toBeVisible();
  return time;
}

test("'Pedir cita' leads to /cita; a request is received, then cancelled through the e-mailed link", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Pedir cita", exact: true })).toHaveAttribute(
    "href",
    "/cita",
  );
  await header.getByRole("link", { name: "Pedir cita", exact: true }).click();
  await expect(page).toHaveURL("/cita");
  await expect(page.getByRole("note").filter({ hasText: "024" }).first()).toBeVisible();
  await expectAccessible(page);

  const time = await chooseFirstFreeHour(page, "Primera sesión");
  await expect(page.getByText(time)).toBeVisible();
  await expectAccessible(page);

  // Checked in the browser first: Spanish messages, focus on the first.
  await page.getByRole("button", { name: "Enviar la solicitud" }).click();
  await expect(page.getByText("Escribe tu nombre.")).toBeVisible();
  await expect(page.getByLabel("Nombre")).toBeFocused();
  await expect(
    page.getByText("Debes aceptar la política de privacidad para pedir la cita."),
  ).toBeVisible();

  const email = `solicitud.${Date.now()}@example.com`;
  await page.getByLabel("Nombre").fill("Lucía Pérez");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Enviar la solicitud" }).click();
  await expect(page).toHaveURL("/cita/enviada?tipo=solicitud");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solicitud enviada");
  await expectAccessible(page);

  const manage = await linkInMail(email, "/cita/gestionar");
  expect(manage).not.toContain("example.com");
  await page.goto(manage);
  await expect(page.getByText("Solicitada: pendiente de confirmar por la consulta")).toBeVisible();
  await expect(page.getByText(`${time} (hora peninsular)`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Cancelar la cita" }).click();
  await expect(page.getByText("Tu cita se ha cancelado. Te hemos enviado un email.")).toBeVisible();
  await expect(page.getByText("Cancelada", { exact: true })).toBeVisible();
});

test("a direct booking is confirmed from the e-mail; the link's page changes nothing until the button", async ({
  page,
}) => {
  await gotoHydrated(page, "/cita");
  await chooseFirstFreeHour(page, "Llamada informativa gratuita");
  const email = `directa.${Date.now()}@example.com`;
  await page.getByLabel("Nombre").fill("Marta Ruiz");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Pedir cita" }).click();
  await expect(page).toHaveURL("/cita/enviada?tipo=reserva");

  const confirm = await linkInMail(email, "/cita/confirmar");
  await page.goto(confirm);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirmar la cita");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Confirmar la cita" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cita confirmada");
  // Once only.
  await page.goto(confirm);
  await page.getByRole("button", { name: "Confirmar la cita" }).click();
  await expect(page.getByRole("alert")).toContainText("ya se ha usado");
  const manage = await linkInMail(email, "/cita/gestionar");
  await page.goto(manage);
  await expect(page.getByText("Confirmada", { exact: true })).toBeVisible();
});

test("the practice accepts a request in Citas and the client gets the confirmation", async ({
  page,
  browser,
}) => {
  // Staff have the admin area open: the request reaches them live.
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await gotoHydrated(page, "/cita");
  const time = await chooseFirstFreeHour(page, "Primera sesión");
  const email = `aceptar.${Date.now()}@example.com`;
  await page.getByLabel("Nombre").fill("Andrés Gil");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Nota (opcional)").fill("Prefiero por la tarde si puede ser.");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Enviar la solicitud" }).click();
  await expect(page).toHaveURL("/cita/enviada?tipo=solicitud");

  await expect(staff.getByText("Nueva solicitud de cita").first()).toBeVisible();
  await staff
    .getByRole("link", { name: /^Citas/ })
    .first()
    .click();
  await expect(staff).toHaveURL("/admin/citas");
  // 'Por responder' comes first; the week below may list it too.
  const request = staff.getByRole("listitem").filter({ hasText: email }).first();
  await expect(request).toContainText("Andrés Gil");
  await expect(request).toContainText("Prefiero por la tarde si puede ser.");
  await expect(request).toContainText(time);
  await expectAccessible(staff);
  await request.getByRole("button", { name: /^Aceptar/ }).click();
  await expect(staff.getByText("Cita aceptada")).toBeVisible();
  await expect(
    staff.getByRole("listitem").filter({ hasText: email }).filter({ hasText: "Solicitada" }),
  ).toHaveCount(0);
  await staff.context().close();

  const manage = await linkInMail(email, "/cita/gestionar");
  await page.goto(manage);
  await expect(page.getByText("Confirmada", { exact: true })).toBeVisible();
});

test("a client asks to move an appointment once; 'Mantener la hora' in Citas lets her ask again", async ({
  page,
  browser,
}) => {
  await gotoHydrated(page, "/cita");
  await chooseFirstFreeHour(page, "Primera sesión");
  const email = `cambio.${Date.now()}@example.com`;
  await page.getByLabel("Nombre").fill("Irene Sanz");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Enviar la solicitud" }).click();
  await expect(page).toHaveURL("/cita/enviada?tipo=solicitud");

  const manage = await linkInMail(email, "/cita/gestionar");
  await page.goto(manage);
  await page.getByLabel(/¿Qué días u horas te vendrían mejor\?/).fill("Mejor un jueves.");
  await page.getByRole("button", { name: "Pedir el cambio" }).click();
  await expect(
    page.getByText("Hemos recibido tu petición de cambio.", { exact: false }),
  ).toBeVisible();
  // One request at a time: no second form until the practice answers.
  await expect(page.getByText("Ya has pedido un cambio: te escribiremos pronto.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pedir el cambio" })).toHaveCount(0);
  await expectAccessible(page);

  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await gotoHydrated(staff, "/admin/citas");
  const item = staff.getByRole("listitem").filter({ hasText: email }).first();
  await expect(item).toContainText("Mejor un jueves.");
  await expectAccessible(staff);
  await item.getByRole("button", { name: /^Mantener la hora/ }).click();
  await expect(staff.getByText("Petición de cambio respondida")).toBeVisible();
  await staff.context().close();

  await page.goto(manage);
  await expect(page.getByRole("button", { name: "Pedir el cambio" })).toBeVisible();
});

test("the practice books a weekly series for a client, moves one session, and the client is told", async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/citas");
  // A Monday five weeks ahead, before the hours offered on the web (each retry an hour later).
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() + 35 + ((8 - monday.getUTCDay()) % 7));
  const date = monday.toISOString().slice(0, 10);
  const hour = String(6 + testInfo.retry).padStart(2, "0");
  const email = `serie.${Date.now()}@example.com`;
  const form = page.getByRole("form", { name: "Reservar una cita" });
  await form.getByLabel("Servicio").selectOption({ label: "Sesión de seguimiento (50 min)" });
  await form.getByLabel("Día").fill(date);
  await form.getByLabel("Hora").fill(`${hour}:15`);
  await form.getByLabel("Nombre del cliente").fill("Marta Ruiz");
  await form.getByLabel("Email del cliente").fill(email);
  await form.getByLabel("Se repite").selectOption("weekly");
  await form.getByLabel("Sesiones").fill("30");
  await form.getByRole("button", { name: "Reservar y avisar al cliente" }).click();
  // Checked in the browser before sending, with the action's message.
  await expect(form.getByText("Escribe cuántas sesiones, de 2 a 26.")).toBeVisible();
  await form.getByLabel("Sesiones").fill("3");
  await form.getByRole("button", { name: "Reservar y avisar al cliente" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Reservadas 3 sesiones." }),
  ).toBeVisible();
  await expectAccessible(page);
  const series = await linkInMail(email, "/cita/gestionar");

  await gotoHydrated(page, `/admin/citas?semana=${date}`);
  const session = page.getByRole("listitem").filter({ hasText: email });
  await expect(session).toContainText(`${hour}:15`);
  await session.getByText("Cambiar la hora").click();
  const move = session.getByRole("form", { name: /^Cambiar la hora/ });
  await move.getByLabel("Nueva hora").fill(`${hour}:45`);
  await move.getByLabel("Mensaje para el cliente (opcional)").fill("Media hora más tarde.");
  await expectAccessible(page);
  await move.getByRole("button", { name: "Cambiar y avisar al cliente" }).click();
  await expect(page.getByText("Cita cambiada de hora")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: email })).toContainText(`${hour}:45`);

  // The e-mail about the move carries a new link; the series' link for that session is gone.
  const moved = await linkInMail(email, "/cita/gestionar", 1);
  expect(moved).not.toBe(series);
  await page.goto(moved);
  await expect(page.getByText(`${hour}:45`)).toBeVisible();
});

test("the practice adds a service in 'Horario y servicios' and visitors can book it", async ({
  page,
  browser,
}) => {
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await gotoHydrated(staff, "/admin/citas");
  await staff.getByRole("link", { name: "Horario y servicios" }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Horario y servicios de citas");
  await expectAccessible(staff);
  const added = staff.getByRole("form", { name: "Servicio nuevo" });
  await added.getByLabel("Nombre").fill("Sesión de prueba E2E");
  await added.getByLabel("Duración (minutos)").fill("3");
  await added.getByRole("button", { name: "Añadir el servicio" }).click();
  await expect(staff.getByText("La duración: como mínimo 5")).toBeVisible();
  await added.getByLabel("Duración (minutos)").fill("45");
  await added.getByLabel("Precio (texto, opcional)").fill("55 €");
  await added.getByRole("button", { name: "Añadir el servicio" }).click();
  await expect(staff.getByText("Cambios guardados")).toBeVisible();

  await page.goto("/cita");
  await expect(page.getByRole("link", { name: /Sesión de prueba E2E/ })).toContainText(
    "45 min · Presencial · 55 €",
  );

  await staff
    .getByRole("form", { name: "Servicio Sesión de prueba E2E" })
    .getByRole("button", { name: /^Eliminar/ })
    .click();
  await expect(staff.getByText("Cambios guardados")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("link", { name: /Sesión de prueba E2E/ })).toHaveCount(0);
  await staff.context().close();
});

test("the practice subscribes her calendar to a secret address, and a new one replaces it", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/citas/ajustes");
  await page.getByRole("button", { name: "Crear dirección nueva" }).click();
  const address = page.getByLabel("Dirección del calendario (se muestra solo ahora)");
  await expect(address).toHaveValue(/\/api\/citas\.ics\?token=[A-Za-z0-9_-]{43}$/);
  const first = new URL(await address.inputValue());
  const feed = await page.request.get(first.pathname + first.search);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  expect(await feed.text()).toContain("BEGIN:VCALENDAR");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Crear dirección nueva" }).click();
  await expect(address).not.toHaveValue(first.href);
  expect((await page.request.get(first.pathname + first.search)).status()).toBe(404);
  await page.getByRole("button", { name: "Desactivar el calendario" }).click();
  await expect(page.getByText("No hay ninguna dirección activa.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every step works as plain links and a form, with the server's messages", async ({
    page,
  }) => {
    await page.goto("/cita");
    await chooseFirstFreeHour(page, "Primera sesión");
    await page.getByLabel("Email").fill("no es un email");
    await page.getByRole("button", { name: "Enviar la solicitud" }).click();
    await expect(page.getByText("Introduce un email válido")).toBeVisible();
    await expect(page.getByText("Escribe tu nombre.")).toBeVisible();
    await page.getByLabel("Nombre").fill("Pedro Sanz");
    await page.getByLabel("Email").fill(`sinjs.${Date.now()}@example.com`);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Enviar la solicitud" }).click();
    await expect(page).toHaveURL("/cita/enviada?tipo=solicitud");
  });
});
