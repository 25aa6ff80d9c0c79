import { escapeXml } from "~/utils/xml";

/** RSS 2.0 feed of the blog (the blog work adds the items). */
export async function loader() {
  const { getEnv } = await import("~/utils/env.server");
  const { loadSiteSettings } = await import("~/modules/settings/settings-loader.server");
  const base = getEnv().PUBLIC_URL;
  const settings = await loadSiteSettings();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`Blog | ${settings.siteName}`)}</title>
    <link>${escapeXml(`${base}/blog`)}</link>
    <description>${escapeXml(settings.siteDescription)}</description>
    <language>es-ES</language>
    <atom:link href="${escapeXml(`${base}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
