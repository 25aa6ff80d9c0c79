import type { Page } from "@playwright/test";
import { expect, gotoHydrated, test, visitorPage } from "./fixtures";

/**
 * Issue #34, item 15: nothing moves while a visitor scrolls. On a 390 px phone, scrolling down to
 * the footer's 024 line and waiting 400 ms, the line used to jump ~700 px down (sections above it
 * were laid out only when they came near the screen, and grew), so a tap meant for 024 landed
 * elsewhere. Each footer link of the home page, on a freshly loaded page: scrolled to, it must be
 * where it was 400 ms later.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
/** What a visitor waits before tapping. */
const WAIT_MS = 400;

/** The footer's links, as `href` + text (stable across page loads). */
async function footerLinks(page: Page) {
  return page
    .getByRole("contentinfo")
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((a) => ({ href: a.getAttribute("href") ?? "", text: a.textContent?.trim() ?? "" })),
    );
}

/**
 * Scrolls the n-th footer link into the middle of the screen (or as far as the page goes) at once,
 * as a fast flick of the finger does: the sections passed on the way are not laid out before the
 * page stops. Returns the link's top.
 */
function scrollTo(page: Page, index: number) {
  return page.evaluate((index) => {
    const link = document.querySelectorAll("footer a")[index] as HTMLElement;
    link.scrollIntoView({ block: "center", behavior: "instant" });
    return link.getBoundingClientRect().top;
  }, index);
}

function topOf(page: Page, index: number) {
  return page.evaluate(
    (index) =>
      (document.querySelectorAll("footer a")[index] as HTMLElement).getBoundingClientRect().top,
    index,
  );
}

for (const viewport of VIEWPORTS) {
  test(`every footer link of the home page stays put 400 ms after scrolling to it at ${viewport.width} px`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { context, page } = await visitorPage(browser, viewport);
    await page.goto("/");
    const links = await footerLinks(page);
    expect(links.map((l) => l.text)).toContain("024");
    expect(links.length).toBeGreaterThan(5);
    const moved: string[] = [];
    for (const [index, link] of links.entries()) {
      // A fresh page each time: sections are laid out once, so only the first scroll can tell.
      await page.goto("/");
      const before = await scrollTo(page, index);
      await page.waitForTimeout(WAIT_MS);
      const after = await topOf(page, index);
      if (Math.abs(after - before) > 1) {
        moved.push(`«${link.text}» (${link.href}): ${Math.round(after - before)} px`);
      }
    }
    expect(moved, "enlaces del pie que se movieron tras llegar a ellos").toEqual([]);
    // Once hydrated too (the carousel's code and every section's Suspense boundary are in).
    await gotoHydrated(page, "/");
    const index = links.findIndex((l) => l.text === "024");
    const before = await scrollTo(page, index);
    await page.waitForTimeout(WAIT_MS);
    expect(Math.abs((await topOf(page, index)) - before)).toBeLessThanOrEqual(1);
    await context.close();
  });
}
