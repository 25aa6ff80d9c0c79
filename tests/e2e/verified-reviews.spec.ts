import { expect, expectAccessible, gotoHydrated, signInAsAdmin, test } from "./fixtures";
import { linkInMail } from "./mail";

/**
 * Verified reviews (docs/compliance.md): staff invite a client from Reseñas; the e-mailed link
 * opens the form once; the review shows as verified; its author withdraws it with their link.
 */
test("an invited client's review is verified, is published, and its author withdraws it", async ({
  page,
  browser,
}) => {
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await gotoHydrated(staff, "/admin/resenas");
  const email = `invitada.${Date.now()}@example.com`;
  await staff.getByText("Invitar a un paciente").click();
  const invite = staff.getByRole("form", { name: "Invitar a un paciente a dejar una reseña" });
  await invite.getByLabel("Email del cliente").fill(email);
  await invite.getByRole("button", { name: "Enviar la invitación" }).click();
  await expect(staff.getByText("Invitación enviada")).toBeVisible();

  // The client, signed out, opens the link from the e-mail.
  const link = await linkInMail(email, "/resenas/invitacion");
  await page.goto(link);
  await expect(page.getByText("Tu reseña se mostrará como verificada")).toBeVisible();
  await expectAccessible(page);
  const text = `Me ayudó a entender lo que me pasaba. ${Date.now()}`;
  const form = page.getByRole("form", { name: "Dejar una reseña" });
  await form.getByRole("textbox", { name: "Nombre", exact: true }).fill("M. R.");
  await form.getByLabel("Tu opinión").fill(text);
  await form.getByRole("checkbox").check();
  // Sent without stars: the server's answer keeps what was typed, the ticked consent and the
  // invitation, and opens at the stars; choosing one takes the message away.
  await form.getByRole("button", { name: "Enviar reseña" }).click();
  const stars = form.getByRole("group", { name: /Valoración/ });
  await expect(stars).toHaveAccessibleDescription("Elige una valoración de 1 a 5 estrellas.");
  await expect(stars.getByRole("radio", { name: "5 estrellas" })).toBeFocused();
  await expect(form.getByLabel("Tu opinión")).toHaveValue(text);
  await expect(form.getByRole("checkbox")).toBeChecked();
  await form.getByRole("radio", { name: "5 estrellas" }).check({ force: true });
  await expect(page.getByText("Elige una valoración de 1 a 5 estrellas.")).toBeHidden();
  await expect(stars).not.toHaveAccessibleDescription(/valoración/);
  await form.getByRole("button", { name: "Enviar reseña" }).click();
  await expect(page.getByText("¡Gracias por tu reseña!")).toBeVisible();
  await expect(page.getByRole("link", { name: "retirar mi reseña" })).toBeVisible();

  // The same link again: used.
  await page.goto(link);
  await expect(page.getByText("La invitación no es válida, ya se ha usado")).toBeVisible();

  // Staff see it marked verified and publish it; the home page shows it as verified.
  await gotoHydrated(staff, "/admin/resenas?estado=borradores");
  const card = staff.getByRole("listitem").filter({ hasText: text });
  await expect(card.getByText("Verificada")).toBeVisible();
  await card.getByRole("button", { name: /^Publicar/ }).click();
  await expect(staff.getByText("Reseña publicada correctamente")).toBeVisible();
  await staff.context().close();
  await page.goto("/#reseñas");
  const published = page.locator("#reseñas figure").filter({ hasText: text });
  await expect(published.getByText("Reseña verificada")).toBeAttached();

  // The author withdraws it with the link e-mailed to them: gone from the page.
  const withdraw = await linkInMail(email, "/resenas/retirar");
  await page.goto(withdraw);
  await expect(page.getByText(text)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Retirar y borrar mi reseña" }).click();
  await expect(
    page.getByText("Tu reseña se ha retirado y se ha borrado por completo."),
  ).toBeVisible();
  await page.goto("/#reseñas");
  await expect(page.locator("#reseñas").getByText(text)).toHaveCount(0);
  await page.goto(withdraw);
  await expect(
    page.getByText("El enlace no es válido o la reseña ya se ha retirado."),
  ).toBeVisible();
});
