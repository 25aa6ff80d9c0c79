import type { Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  forgetRateLimits,
  forgetWaitlist,
  gotoHydrated,
  requestFirstFreeHour,
  signInAsAdmin,
  test,
  useSettings,
} from "./fixtures";
import { linkInMail, mailCount } from "./mail";

/**
 * The waitlist (docs/decisions/024-waitlist-offers.md): two people join and confirm by e-mail; a
 * cancellation frees an hour; only the first is offered it, she books it, and the second never
 * hears of it.
 */

useSettings({ bookingEnabled: true });
test.beforeEach(async () => {
  await forgetRateLimits("booking:");
  await forgetRateLimits("waitlist:");
  // Hours other specs on this worker freed would go to this spec's people first.
  await forgetWaitlist();
});

/** From /cita: the service, then the waitlist link under its calendar; joins and confirms. */
async function join(page: Page, name: string, email: string) {
  await gotoHydrated(page, "/cita");
  await page.getByRole("link", { name: /Primera sesión/ }).click();
  await page.getByRole("link", { name: "Apúntate a la lista de espera" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Lista de espera" })).toBeVisible();
  const form = page.getByRole("form", { name: "Apuntarme a la lista de espera" });
  await expect(form.getByLabel("Servicio")).toHaveValue(/\d+/);
  await form.getByLabel("Nombre").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByRole("checkbox", { name: /consiento el tratamiento/ }).check();
  await form.getByRole("button", { name: "Apuntarme a la lista de espera" }).click();
  await expect(page.getByRole("heading", { name: "Revisa tu email" })).toBeVisible();
  await page.goto(await linkInMail(email, "/cita/lista-espera/confirmar"));
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("heading", { name: "Ya estás en la lista de espera" })).toBeVisible();
}

test("join the waitlist → a cancellation → one offer → accept → booked; the next person is not offered it", async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const ana = `ana.espera.${stamp}@example.com`;
  const berta = `berta.espera.${stamp}@example.com`;
  const carlos = `carlos.cita.${stamp}@example.com`;

  // Someone holds the first free hour.
  await requestFirstFreeHour(page, /Primera sesión/, "Carlos Pardo", carlos);

  // Two people join, Ana first; the form is checked on the server, in Spanish.
  await gotoHydrated(page, "/cita/lista-espera");
  const form = page.getByRole("form", { name: "Apuntarme a la lista de espera" });
  await form.getByRole("checkbox", { name: /Lo antes posible/ }).uncheck();
  await form.getByRole("button", { name: "Apuntarme a la lista de espera" }).click();
  await expect(
    page.getByText("Marca «Lo antes posible» o al menos un día o una franja."),
  ).toBeVisible();
  await expect(page.getByText("Escribe tu nombre.")).toBeVisible();
  await expectAccessible(page);
  await join(page, "Ana Ruiz", ana);
  await join(page, "Berta Gil", berta);
  const bertaMails = mailCount(berta);

  // Carlos withdraws his request: the hour is offered to Ana only.
  await page.goto(await linkInMail(carlos, "/cita/gestionar"));
  await page.getByText("Retirar la solicitud…").click();
  await page.getByRole("button", { name: "Sí, retirar la solicitud" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Solicitud retirada" })).toBeVisible();

  await page.goto(await linkInMail(ana, "/cita/lista-espera/oferta"));
  await expect(page.getByRole("heading", { level: 1, name: "Una hora para ti" })).toBeVisible();
  await expect(page.getByText(/Te la guardamos hasta las \d\d:\d\d/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Reservar esta hora" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cita reservada" })).toBeVisible();
  await linkInMail(ana, "/cita/gestionar");

  // The practice sees it; Berta heard nothing more than her own confirmation.
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await gotoHydrated(staff, "/admin/citas/lista-espera");
  await expect(staff.getByText("Reservada desde la lista de espera").first()).toBeVisible();
  await expect(staff.getByText("Ana Ruiz: Aceptada")).toBeVisible();
  await expect(
    staff.getByRole("listitem").filter({ hasText: "Berta Gil" }).filter({ hasText: "Esperando" }),
  ).toBeVisible();
  await expectAccessible(staff);
  await staff.context().close();
  expect(mailCount(berta)).toBe(bertaMails);

  // An offer's link used once shows one calm message.
  await page.goto(await linkInMail(ana, "/cita/lista-espera/oferta"));
  await expect(page.getByText(/Esta hora ya no está disponible/)).toBeVisible();
});
