import type { Page, Request } from "@playwright/test";
import {
  expect,
  expectAccessible,
  forgetRateLimits,
  gotoHydrated,
  test,
  visitorPage,
} from "./fixtures";

/**
 * Forms that notice a crisis (docs/decisions/023-crisis-notice-in-forms.md): what is typed is checked in the page, the
 * 024 notice appears before anything is sent, and nothing about the check reaches the server.
 */

// A new visitor: the hour's contact messages from 127.0.0.1 start afresh (other specs send some).
test.beforeEach(() => forgetRateLimits("contact:"));

const RISK = "Hola. Últimamente me quiero morir y no sé a quién decírselo.";

/**
 * Types into a field key by key, and returns how long after the input event of the keystroke that
 * completed a risk phrase the notice had its text (measured in the page, in milliseconds).
 */
async function typeAndTimeNotice(page: Page, field: ReturnType<Page["getByLabel"]>, text: string) {
  await page.evaluate(() => {
    const w = window as unknown as { lastInput: number; noticeAt?: number };
    w.lastInput = 0;
    document.addEventListener("input", () => (w.lastInput = performance.now()), true);
    new MutationObserver((_records, observer) => {
      const notice = document.querySelector("[data-crisis-notice]");
      if (notice?.textContent?.includes("024")) {
        w.noticeAt = performance.now() - w.lastInput;
        observer.disconnect();
      }
    }).observe(document.body, { subtree: true, childList: true });
  });
  await field.click();
  await field.pressSequentially(text);
  return page.evaluate(() => (window as unknown as { noticeAt?: number }).noticeAt);
}

test("a crisis phrase typed in the contact form shows the 024 notice before sending; nothing about it reaches the server", async ({
  browser,
}) => {
  const { context, page } = await visitorPage(browser, { width: 390, height: 844 });
  await gotoHydrated(page, "/#contacto");
  const form = page.getByRole("form", { name: "Envíame un mensaje" });
  await form.getByLabel("Nombre").fill("Marta Gil");
  await form.getByLabel("Email").fill("marta.gil@example.com");

  const requests: Request[] = [];
  page.on("request", (r) => requests.push(r));
  const message = form.getByLabel("Mensaje");
  const delay = await typeAndTimeNotice(page, message, RISK);

  const notice = form.getByRole("status").filter({ hasText: "024" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("no esperes a mi respuesta");
  await expect(notice.getByRole("link", { name: "024" })).toHaveAttribute("href", "tel:024");
  await expect(notice.getByRole("link", { name: "112" })).toHaveAttribute("href", "tel:112");
  await expect(notice).toContainText("urgencias del hospital o del centro de salud más cercano");
  // Within 100 ms of the keystroke that completed the phrase.
  expect(delay).toBeDefined();
  expect(delay!).toBeLessThan(100);
  // While typing, the page fetched the check's own script and nothing else.
  expect(requests.map((r) => `${r.method()} ${new URL(r.url()).pathname}`)).toEqual([
    expect.stringMatching(/^GET \/assets\/crisis-[\w-]+\.js$/),
  ]);
  await expectAccessible(page);

  // The message still goes, as it is: the post carries the form's own fields, nothing more.
  await form.getByRole("checkbox").check();
  const post = page.waitForRequest((r) => r.method() === "POST");
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  const body = (await post).postData() ?? "";
  // Sent in place as multipart form data: the part names are the fields sent.
  const sent = [...body.matchAll(/name="([^"]+)"/g)].map((m) => m[1]);
  const names = await form
    .locator("input[name], textarea[name]")
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name));
  expect([...new Set(sent)].sort()).toEqual([...new Set(names)].sort());
  expect(body).toContain(RISK);
  expect(body).not.toMatch(/crisis|data-crisis/i);
  await expect(page.getByText("Mensaje enviado", { exact: true })).toBeVisible();
  await context.close();
});

test("an ordinary message shows no notice; the review form is watched too", async ({ browser }) => {
  const { context, page } = await visitorPage(browser, { width: 1280, height: 900 });
  await gotoHydrated(page, "/#contacto");
  const form = page.getByRole("form", { name: "Envíame un mensaje" });
  // An idiom that shares words with a risk phrase.
  await form.getByLabel("Mensaje").pressSequentially("Me muero de ganas de empezar la terapia.");
  await expect(page.locator("script[src*='crisis']")).toHaveCount(1);
  await expect(page.locator("[data-crisis-notice]")).toHaveCount(0);

  await gotoHydrated(page, "/resenas/nueva");
  const review = page.getByLabel("Tu opinión");
  await review.pressSequentially("I want to die some days, but the sessions help.");
  await expect(page.getByRole("status").filter({ hasText: "024" })).toBeVisible();
  await context.close();
});
