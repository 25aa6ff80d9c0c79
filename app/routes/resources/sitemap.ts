import type { Route } from "./+types/sitemap";
import { LEGAL_PAGES } from "~/components/site/legal/pages";
import { database } from "~/context";
import { publicArticleDates } from "~/modules/blog/blog.server";
import { SERVICE_SLUGS } from "~/modules/services/slugs";
import { getEnv } from "~/utils/env.server";
import { escapeHtml } from "~/utils/escape";

const STATIC_PATHS = [
  "/",
  "/servicios",
  ...SERVICE_SLUGS.map((s) => `/servicios/${s}`),
  "/sobre-mi",
  "/blog",
  ...LEGAL_PAGES.map((page) => page.path),
];

/** Every public page and public article, articles with their last modification. */
export async function loader({ context }: Route.LoaderArgs) {
  const base = getEnv().PUBLIC_URL;
  const rows = await publicArticleDates(await database(context));
  const newest = rows.reduce((max, r) => (r.updatedAt > max ? r.updatedAt : max), new Date(0));
  const entry = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeHtml(new URL(path, base).href)}</loc>${
      lastmod && lastmod.getTime() > 0
        ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>`
        : ""
    }</url>`;
  const urls = [
    ...STATIC_PATHS.map((p) => entry(p, p === "/blog" || p === "/" ? newest : undefined)),
    ...rows.map((r) => entry(`/blog/${encodeURIComponent(r.slug)}`, r.updatedAt)),
  ].join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
