import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, finishSignIn, signInAsAdmin, test } from "./fixtures";
import { linkInMail } from "./mail";
import { ADMIN_PAGES, PUBLIC_PAGE_STATES, PUBLIC_PAGES } from "../support/site.js";

/** axe (WCAG 2.2 AA) on every route: the public site as a visitor, the admin area per role. */

const PUBLIC_PATHS = [...PUBLIC_PAGES, ...PUBLIC_PAGE_STATES];

async function sweep(page: Page, paths: string[], who = "visitante") {
  for (const path of paths) {
    await test.step(`${who}: ${path}`, async () => {
      await page.goto(path);
      await expect(page.locator("main").first()).toBeVisible();
      // The article editor's visual editor arrives after hydration: checked once it is there.
      // (The article editor's pages only: a contributor gets 'Nuevo artículo' refused.)
      const editor = /^\/admin\/blog\/(?:nuevo|editar\/[^/]+)$/.test(path);
      if (editor && (await page.locator('textarea[name="content"]').count()) > 0) {
        await expect(page.getByRole("textbox", { name: "Contenido del artículo" })).toBeVisible();
      }
      await expectAccessible(page);
    });
  }
}

/** An invited member of staff with this role, signed in in a browser of their own. */
async function invitedStaff(admin: Page, browser: Browser, role: "editor" | "contributor") {
  const email = `${role}.axe@example.com`;
  const name = role === "editor" ? "Eva Editora" : "Carlos Colaborador";
  // Hydrated first: React would reset values typed into the server-rendered form.
  await admin.goto("/admin/usuarios", { waitUntil: "networkidle" });
  await admin.getByRole("textbox", { name: "Nombre", exact: true }).fill(name);
  await admin.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await admin.getByRole("combobox", { name: "Rol", exact: true }).selectOption(role);
  await admin.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(admin.getByText("Invitación enviada")).toBeVisible();

  const page = await (await browser.newContext()).newPage();
  await page.goto(await linkInMail(email, "/auth/restablecer"));
  await page.getByLabel("Contraseña nueva").fill("una frase para la revisión");
  await page.getByLabel("Repite la contraseña").fill("una frase para la revisión");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page).toHaveURL("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Contraseña").fill("una frase para la revisión");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await finishSignIn(page, email, "una frase para la revisión", "/admin");
  return page;
}

// The four sweeps are independent (each role has an account of its own): they run in parallel,
// each on its worker's server.
test.describe.configure({ mode: "parallel" });

test("every public page, as a visitor", async ({ page }) => {
  test.setTimeout(240_000); // every public page with axe, on a machine shared with other workers
  await sweep(page, PUBLIC_PATHS);
});

test("every admin page, as administrator", async ({ page }) => {
  test.setTimeout(240_000); // every admin page with axe, on a loaded machine
  await signInAsAdmin(page);
  await sweep(page, ADMIN_PAGES, "administrator");
});

for (const role of ["editor", "contributor"] as const) {
  test(`every admin page, as ${role} (invited, signed in through the form)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000); // the invitation, the sign-in (an editor enrols 2FA), every page
    await signInAsAdmin(page);
    const staff = await invitedStaff(page, browser, role);
    await sweep(staff, ADMIN_PAGES, role);
    if (role === "contributor") {
      // Contributors read articles: the visual editor is read-only, without its toolbar.
      await staff.goto("/admin/blog/editar/duelo-como-abordarlo");
      const text = staff.getByRole("textbox", { name: "Contenido del artículo" });
      await expect(text).toHaveAttribute("aria-readonly", "true");
      await expect(text).toHaveAttribute("contenteditable", "false");
      await expect(staff.getByRole("toolbar", { name: "Formato del texto" })).toHaveCount(0);
    }
    // Signed in, the public pages carry the staff's header too.
    await sweep(staff, ["/", "/blog"], role);
    await staff.context().close();
  });
}
