import { REAL_IDENTITY } from "../support/site.js";
import { expect, test, useSettings } from "./fixtures";

/** What a search engine or a social network reads: tags in the served HTML, and the PNG card. */

useSettings(REAL_IDENTITY);

test("every page answers noindex while the identity data are a new install's examples", async ({
  page,
  settings,
}) => {
  const robots = page.locator('meta[name="robots"]');
  for (const path of ["/", "/blog", "/servicios"]) {
    await page.goto(path);
    await expect(robots, path).toHaveCount(0);
  }
  await settings.set({ professionalName: "Nombre Apellido" });
  for (const path of ["/", "/blog", "/servicios"]) {
    await page.goto(path);
    await expect(robots, path).toHaveAttribute("content", "noindex, nofollow");
  }
  // robots.txt stays as it is, so crawlers can read the noindex.
  const txt = await (await page.request.get("/robots.txt")).text();
  expect(txt).not.toMatch(/^Disallow: \/$/m);
});

test("the home page serves OG tags and parseable JSON-LD; the card is a PNG", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const og = (p: string) => page.locator(`meta[property="${p}"]`).getAttribute("content");
  expect(await og("og:type")).toBe("website");
  const image = await og("og:image");
  expect(image).toMatch(/^https?:\/\/[^/]+\/og\/sitio\.png$/);
  expect(await page.locator('meta[name="twitter:card"]').getAttribute("content")).toBe(
    "summary_large_image",
  );
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = blocks.map((b) => (JSON.parse(b) as { "@type": string })["@type"]);
  expect(types).toEqual(expect.arrayContaining(["Psychologist", "WebSite"]));

  const png = await request.get(new URL(image!).pathname);
  expect(png.status()).toBe(200);
  expect(png.headers()["content-type"]).toBe("image/png");
  expect((await png.body()).subarray(1, 4).toString()).toBe("PNG");
});

test("an article names its own sharing image and BlogPosting", async ({ page, request }) => {
  await page.goto("/blog");
  const href = await page
    .locator('main a[href^="/blog/"]:not([href$=".xml"])')
    .first()
    .getAttribute("href");
  await page.goto(href!);
  const slug = href!.split("/").pop();
  expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("article");
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(new RegExp(`/og/${slug}\\.png$`));
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks.map((b) => (JSON.parse(b) as { "@type": string })["@type"])).toContain(
    "BlogPosting",
  );
  expect((await request.get(new URL(image!).pathname)).status()).toBe(200);
  expect(await page.locator('link[rel="alternate"]').count()).toBe(0);
  await page.goto("/blog");
  expect(
    await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute("href"),
  ).toBe("/blog/rss.xml");
});
