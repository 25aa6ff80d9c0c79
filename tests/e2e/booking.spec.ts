import type { Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  forgetRateLimits,
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
// Each test is a new visitor: the hour's bookings from 127.0.0.1 start afresh (other specs on
// this worker book too).
test.beforeEach(() => forgetRateLimits("booking:"));

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

/** axe at a phone's and a desktop's width (and nothing wider than the phone's screen). */
async function accessibleAt390And1280(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow, `ancho de la página a ${width} px`).toBeLessThanOrEqual(width);
  }
}

/** The crisis notice's background colour (alarm red at step 1, calm after). */
const noticeBackground = (page: Page) =>
  page
    .getByRole("note")
    .filter({ hasText: "024" })
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

test("'Pedir cita' leads to /cita; a request is received, then withdrawn through the e-mailed link", async ({
  page,
}) => {
  // axe at two widths on each new screen: several seconds each on a shared machine.
  test.slow();
  await gotoHydrated(page, "/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Pedir cita", exact: true })).toHaveAttribute(
    "href",
    "/cita",
  );
  await header.getByRole("link", { name: "Pedir cita", exact: true }).click();
  await expect(page).toHaveURL("/cita");
  await expect(page.getByRole("note").filter({ hasText: "024" }).first()).toBeVisible();
  const alarm = await noticeBackground(page);
  await expectAccessible(page);

  // Step 2 opens at its anchor, on a month with free days, with the first free hours offered.
  await page.getByRole("link", { name: /Primera sesión/ }).click();
  await expect(page).toHaveURL(/\/cita\?servicio=\d+#paso-2$/);
  await expect(page.getByRole("heading", { name: "Elige el día y la hora" })).toBeVisible();
  // The crisis notice is still there, in a calm style.
  await expect(page.getByRole("note").filter({ hasText: "024" }).first()).toBeVisible();
  expect(await noticeBackground(page)).not.toBe(alarm);
  const first = page.getByRole("region", { name: "Primeros huecos libres" }).getByRole("link");
  const offered = await first.count();
  expect(offered).toBeGreaterThanOrEqual(3);
  expect(offered).toBeLessThanOrEqual(5);
  await expect(page.getByRole("link", { name: /horas? libres?$/ }).first()).toBeVisible();
  // The month's title between its arrows.
  const month = page.getByRole("heading", { level: 3 }).filter({ hasText: / de 20\d\d$/ });
  await expect(month).toBeVisible();
  await expect(page.getByRole("link", { name: /^Mes siguiente: / })).toBeVisible();
  const [next, title] = await Promise.all([
    page.getByRole("link", { name: /^Mes siguiente: / }).boundingBox(),
    month.boundingBox(),
  ]);
  expect(next!.x).toBeGreaterThan(title!.x + title!.width - 1);
  expect(Math.abs(next!.y + next!.height / 2 - (title!.y + title!.height / 2))).toBeLessThan(12);
  await accessibleAt390And1280(page);

  // One of the first free hours goes straight to step 3, at its anchor.
  const chosen = (await first.first().textContent())!;
  const time = /(\d\d:\d\d)/.exec(chosen)![1]!;
  await first.first().click();
  await expect(page).toHaveURL(/#paso-3$/);
  await expect(page.getByRole("heading", { name: "Tus datos" })).toBeVisible();
  await expect(page.getByText(time)).toBeVisible();
  await expectAccessible(page);

  // Checked by the server (a content page's plain form): Spanish messages, focus on the first.
  await page.getByRole("button", { name: "Enviar la solicitud" }).click();
  await expect(page.getByText("Escribe tu nombre.")).toBeVisible();
  await expect(page.getByLabel("Nombre")).toBeFocused();
  await expect(
    page.getByText("Debes aceptar la política de privacidad para pedir la cita."),
  ).toBeVisible();

  const email = `solicitud.${Date.now()}@example.com`;
  await page.getByLabel("Nombre").fill("Lucía Pérez");
  // A corrected field loses its message at once; the others keep theirs until sent again.
  await expect(page.getByText("Escribe tu nombre.")).toBeHidden();
  await expect(page.getByLabel("Nombre")).not.toHaveAttribute("aria-invalid");
  await expect(
    page.getByText("Debes aceptar la política de privacidad para pedir la cita."),
  ).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Enviar la solicitud" }).click();
  await expect(page).toHaveURL("/cita/enviada?tipo=solicitud");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solicitud enviada");
  await expectAccessible(page);

  const manage = await linkInMail(email, "/cita/gestionar");
  expect(manage).not.toContain("example.com");
  await gotoHydrated(page, manage);
  await expect(page.getByText("Solicitada: pendiente de confirmar por la consulta")).toBeVisible();
  await expect(page.getByText(`${time} (hora peninsular)`)).toBeVisible();
  await expectAccessible(page);
  // A confirmation step first: nothing is sent by the first button.
  await page.getByText("Retirar la solicitud…").click();
  const confirm = page.getByRole("button", { name: "Sí, retirar la solicitud" });
  await expect(confirm).toBeVisible();
  await expect(page.getByText("¿Seguro que quieres retirar esta solicitud?")).toBeVisible();
  await accessibleAt390And1280(page);
  await confirm.click();
  const done = page.getByRole("status").filter({ hasText: "Solicitud retirada" });
  await expect(done).toContainText("Solicitud retirada. Hemos avisado a la consulta.");
  await expect(page.getByText("Cancelada", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pedir otra cita" })).toHaveAttribute(
    "href",
    "/cita",
  );
  await expect(page.getByText("¡Éxito!")).toHaveCount(0);
  await accessibleAt390And1280(page);
});

test("a direct booking is confirmed from the e-mail; the link's page changes nothing until the button", async ({
  page,
}) => {
  // axe at two widths on each new screen: several seconds each on a shared machine.
  test.slow();
  await gotoHydrated(page, "/cita");
  await chooseFirstFreeHour(page, "Llamada informativa gratuita");
  const email = `directa.${Date.now()}@example.com`;
  await page.getByLabel("Nombre").fill("Marta Ruiz");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Pedir cita" }).click();
  await expect(page).toHaveURL("/cita/enviada?tipo=reserva");

  const confirm = await linkInMail(email, "/cita/confirmar");
  await gotoHydrated(page, confirm);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirmar la cita");
  // The appointment is shown before it is confirmed.
  await expect(page.getByText("Llamada informativa gratuita")).toBeVisible();
  await expect(page.getByText(/\d\d:\d\d \(hora peninsular\)/)).toBeVisible();
  await accessibleAt390And1280(page);
  await page.getByRole("button", { name: "Confirmar la cita" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cita confirmada");
  // The loop closes: its page, its calendar file, and how an online session works.
  const gestionar = page.getByRole("link", { name: "Gestionar mi cita" });
  await expect(gestionar).toHaveAttribute("href", /^\/cita\/gestionar\?token=[\w-]{43}$/);
  const ics = page.getByRole("link", { name: "Añadir a mi calendario (.ics)" });
  const file = await page.request.get((await ics.getAttribute("href"))!);
  expect(file.headers()["content-type"]).toContain("text/calendar");
  const calendar = await file.text();
  expect(calendar).toContain("STATUS:CONFIRMED");
  expect(calendar).not.toContain("Marta");
  await expect(page.getByRole("heading", { name: "Cómo es una sesión en línea" })).toBeVisible();
  await accessibleAt390And1280(page);
  await gestionar.click();
  await expect(page.getByText("Confirmada", { exact: true })).toBeVisible();
  // Once only: the used link leads to the appointment instead of a dead end.
  await page.goto(confirm);
  await expect(page.getByRole("button", { name: "Confirmar la cita" })).toHaveCount(0);
  await expect(page.getByText("Este enlace ya se ha usado para confirmar la cita.")).toBeVisible();
  await page.getByRole("link", { name: "Ver mi cita" }).click();
  await expect(page.getByText("Confirmada", { exact: true })).toBeVisible();
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
  // The first e-mail's link, and its calendar file: pending until the practice accepts.
  const first = await linkInMail(email, "/cita/gestionar");
  const tentative = await (
    await page.request.get(first.replace("/cita/gestionar", "/cita/calendario.ics"))
  ).text();
  expect(tentative).toContain("STATUS:TENTATIVE");
  expect(tentative).toMatch(/SUMMARY:Primera sesión \(pendiente de confirmar\)/);

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

  const manage = await linkInMail(email, "/cita/gestionar", 1);
  expect(manage).not.toBe(first);
  await page.goto(manage);
  await expect(page.getByText("Confirmada", { exact: true })).toBeVisible();
  // The first e-mail's link still leads to the appointment, as it is now.
  await page.goto(first);
  await expect(page.getByText("Confirmada", { exact: true })).toBeVisible();
  await expect(page.getByText("Este enlace es de un email anterior")).toBeVisible();
  await expect(page.getByText(time)).toBeVisible();
});

test("a client cancels a confirmed appointment after a confirmation step; a POST without its link changes nothing", async ({
  page,
  browser,
}, testInfo) => {
  // axe at two widths on each new screen: several seconds each on a shared machine.
  test.slow();
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await gotoHydrated(staff, "/admin/citas");
  // A Tuesday six weeks ahead, before the hours offered on the web (each retry an hour later).
  const tuesday = new Date();
  tuesday.setUTCDate(tuesday.getUTCDate() + 42 + ((9 - tuesday.getUTCDay()) % 7));
  const date = tuesday.toISOString().slice(0, 10);
  const hour = String(6 + testInfo.retry).padStart(2, "0");
  const email = `cancelar.${Date.now()}@example.com`;
  const form = staff.getByRole("form", { name: "Reservar una cita" });
  await form.getByLabel("Servicio").selectOption({ label: "Sesión de seguimiento (50 min)" });
  await form.getByLabel("Día").fill(date);
  await form.getByLabel("Hora").fill(`${hour}:30`);
  await form.getByLabel("Nombre del cliente").fill("Rosa Vidal");
  await form.getByLabel("Email del cliente").fill(email);
  await form.getByRole("button", { name: "Reservar y avisar al cliente" }).click();
  await expect(
    staff.getByRole("status").filter({ hasText: /Reservada|Cita reservada/ }),
  ).toBeVisible();
  await staff.context().close();

  const manage = await linkInMail(email, "/cita/gestionar");
  await gotoHydrated(page, manage);
  await expect(page.getByText("Confirmada", { exact: true })).toBeVisible();

  // A form posted to /cita/gestionar without the link's token: refused, in Spanish, nothing done.
  const token = new URL(manage, "http://x").searchParams.get("token")!;
  await page.evaluate((value) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/cita/gestionar";
    for (const [name, v] of [
      ["token", value],
      ["intent", "cancel"],
    ]) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name!;
      input.value = v!;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  }, token);
  await expect(page.getByRole("alert")).toContainText("Falta el enlace de tu cita");
  await gotoHydrated(page, manage);
  await expect(page.getByText("Confirmada", { exact: true })).toBeVisible();

  await page.getByText("Cancelar la cita…").click();
  await expect(page.getByText(/¿Seguro que quieres cancelar esta cita\?/)).toBeVisible();
  await accessibleAt390And1280(page);
  await page.getByRole("button", { name: "Sí, cancelar la cita" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cita cancelada" })).toContainText(
    "Cita cancelada. Hemos avisado a la consulta.",
  );
  await expect(page.getByText("Cancelada", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pedir otra cita" })).toBeVisible();
  await expect(page.getByText("¡Éxito!")).toHaveCount(0);
  await accessibleAt390And1280(page);
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

  const service = staff.getByRole("form", { name: "Servicio Sesión de prueba E2E" });
  await service.getByRole("button", { name: /^Eliminar/ }).click();
  // The first save's notice may still be showing: the deletion's is the newest, and the row goes.
  await expect(service).toHaveCount(0);
  await expect(staff.getByText("Cambios guardados").last()).toBeVisible();
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
    const email = `sinjs.${Date.now()}@example.com`;
    await page.getByLabel("Nombre").fill("Pedro Sanz");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Enviar la solicitud" }).click();
    await expect(page).toHaveURL("/cita/enviada?tipo=solicitud");

    // The confirmation step and the withdrawal work as plain HTML too.
    await page.goto(await linkInMail(email, "/cita/gestionar"));
    await page.getByText("Retirar la solicitud…").click();
    await page.getByRole("button", { name: "Sí, retirar la solicitud" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Solicitud retirada" })).toBeVisible();
    await expect(page.getByText("Cancelada", { exact: true })).toBeVisible();
  });
});
