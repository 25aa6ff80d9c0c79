import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getSettings } from "~/modules/settings/settings.server";
import { articles } from "~/db/schema";
import { getStorage } from "~/modules/media/storage.server";
import { clearOgImageCache, defaultCardSvg } from "~/modules/seo/og-image.server";
import { DEFAULT_SETTINGS } from "~/modules/settings/schemas";
import * as ogRoute from "~/routes/resources/og-image";
import * as robotsRoute from "~/routes/resources/robots";
import * as rssRoute from "~/routes/resources/rss";
import * as sitemapRoute from "~/routes/resources/sitemap";
import { getEnv } from "~/utils/env.server";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeContext, makeRequest, run } from "../support/routes";

/** Sharing images, sitemap, robots.txt and the RSS feed, as route modules on a real database. */

const UPLOADED = "/media/blog/images/1718000000000-consulta-1600.webp";

async function respond(mod: { loader: (args: never) => unknown }, path: string, params = {}) {
  const out = await run(mod.loader, { request: makeRequest(path), params });
  return out;
}
async function body(mod: { loader: (args: never) => unknown }, path: string, params = {}) {
  try {
    return (await mod.loader({
      request: makeRequest(path),
      params,
      url: new URL(path, "http://localhost"),
      context: makeContext(),
    } as never)) as Response;
  } catch (thrown) {
    return thrown as { init?: { status?: number } };
  }
}

describe.each(DRIVERS)("search engines (%s)", (driver) => {
  const db = useTestDatabase(driver);
  const base = () => getEnv().PUBLIC_URL;

  beforeAll(async () => {
    const rows = Array.from({ length: 23 }, (_, i) => ({
      slug: `articulo-${i + 1}`,
      title: `Artículo ${i + 1} <y> & más`,
      category: "ansiedad",
      date: `2025-01-${String(i + 1).padStart(2, "0")}`,
      excerpt: `Resumen ${i + 1}`,
      content: "Texto.",
      image: `/media/portadas/ansiedad/articulo-${i + 1}.svg`,
      // One guest author; the others are the professional's (null).
      author: i === 21 ? "Pedro Sanz <invitado>" : null,
    }));
    await db.db.insert(articles).values([
      ...rows,
      {
        ...rows[0]!,
        slug: "borrador-privado",
        title: "Privado",
        date: "2025-02-01",
        isPublic: false,
        status: "privado",
      },
      { ...rows[0]!, slug: "con-foto", title: "Con foto", date: "2024-12-01", image: UPLOADED },
    ]);
    const webp = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 40, g: 110, b: 100 } },
    })
      .webp()
      .toBuffer();
    await getStorage("blog").put("images/1718000000000-consulta-1600.webp", webp, "image/webp");
    clearOgImageCache();
  });

  it.each(["sitio.png", "articulo-3.png", "con-foto.png"])(
    "/og/%s is a 1200×630 PNG",
    async (file) => {
      const res = (await body(ogRoute, `/og/${file}`, { file })) as Response;
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: "png", width: 1200, height: 630 });
    },
  );

  it("an uploaded photo keeps its colours (not the default card)", async () => {
    const res = (await body(ogRoute, "/og/con-foto.png", { file: "con-foto.png" })) as Response;
    const { dominant } = await sharp(Buffer.from(await res.arrayBuffer())).stats();
    expect(dominant.r).toBeLessThan(90);
    expect(dominant.g).toBeGreaterThan(80);
  });

  it.each(["borrador-privado.png", "no-existe.png", "sitio.svg", "..%2Fx.png", "Mayus.png"])(
    "/og/%s answers 404",
    async (file) => {
      const out = await respond(ogRoute, `/og/${file}`, { file });
      expect(out.status).toBe(404);
    },
  );

  it("the default card escapes the text it draws", () => {
    const svg = defaultCardSvg({ ...DEFAULT_SETTINGS, professionalName: "Ana <b>&</b>" });
    expect(svg).toContain("Ana &lt;b&gt;&amp;&lt;/b&gt;");
    expect(svg).not.toContain("<b>");
  });

  it("the sitemap lists every public page and article, never a private one", async () => {
    const res = (await body(sitemapRoute, "/sitemap.xml")) as Response;
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\s*<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (let i = 1; i <= 23; i++) expect(locs).toContain(`${base()}/blog/articulo-${i}`);
    expect(locs).toContain(`${base()}/blog/con-foto`);
    for (const p of [
      "/",
      "/servicios",
      "/sobre-mi",
      "/blog",
      "/aviso-legal",
      "/privacidad",
      "/cookies",
      "/uso-web",
      "/accesibilidad",
    ])
      expect(locs).toContain(`${base()}${p}`);
    expect(xml).not.toContain("borrador-privado");
    expect(xml).not.toMatch(/\/(admin|auth|login)/);
    const articleEntry =
      /<url><loc>[^<]*\/blog\/articulo-1<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod><\/url>/.exec(
        xml,
      );
    expect(articleEntry).not.toBeNull();
  });

  it("robots.txt keeps the private areas out and points at the sitemap", async () => {
    const res = (await body(robotsRoute, "/robots.txt")) as Response;
    expect(res.headers.get("content-type")).toContain("text/plain");
    const lines = (await res.text()).split("\n");
    for (const p of ["/admin", "/login"]) expect(lines).toContain(`Disallow: ${p}`);
    // The sign-in page itself may be found (and audited by crawlers); it is not in the sitemap.
    expect(lines).not.toContain("Disallow: /auth");
    expect(lines).toContain(`Sitemap: ${base()}/sitemap.xml`);
  });

  it("the RSS 2.0 feed has the 20 latest public articles", async () => {
    const res = (await body(rssRoute, "/blog/rss.xml")) as Response;
    expect(res.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await res.text();
    expect(xml).toContain('<rss version="2.0"');
    const items = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>[\s\S]*?<\/item>/g)].map(
      (m) => m[1],
    );
    expect(items.length).toBe(20);
    expect(items[0]).toBe(`${base()}/blog/articulo-23`);
    expect(items[19]).toBe(`${base()}/blog/articulo-4`);
    expect(xml).not.toContain("borrador-privado");
    expect(xml).toContain("<title>Artículo 23 &lt;y&gt; &amp; más</title>");
    expect(xml).toContain(`href="${base()}/blog/rss.xml" rel="self"`);
    // Each item names its author: the article's, or the professional of Ajustes.
    const creators = [...xml.matchAll(/<dc:creator>([^<]*)<\/dc:creator>/g)].map((m) => m[1]);
    expect(creators).toHaveLength(20);
    expect(creators[1]).toBe("Pedro Sanz &lt;invitado&gt;");
    const { professionalName } = await getSettings(db.db);
    expect(creators[0]).toBe(professionalName);
  });
});
