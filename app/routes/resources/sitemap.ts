import { SERVICE_SLUGS } from "~/modules/services/slugs";
import { escapeXml } from "~/utils/xml";

const STATIC_PATHS = [
  "/",
  "/servicios",
  ...SERVICE_SLUGS.map((s) => `/servicios/${s}`),
  "/sobre-mi",
  "/blog",
  "/aviso-legal",
  "/privacidad",
  "/cookies",
  "/uso-web",
];

export async function loader() {
  const { getEnv } = await import("~/utils/env.server");
  const base = getEnv().PUBLIC_URL;
  const urls = STATIC_PATHS.map(
    (p) => `  <url><loc>${escapeXml(new URL(p, base).href)}</loc></url>`,
  ).join("\n");
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
