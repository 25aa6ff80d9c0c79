import type { Route } from "./+types/rss";
import { database } from "~/context";
import { latestPublicArticles } from "~/modules/blog/blog.server";
import { getSettings } from "~/modules/settings/settings.server";
import { getEnv } from "~/utils/env.server";
import { escapeHtml } from "~/utils/escape";

/** RSS 2.0 feed of the blog: the 20 latest public articles, each with its author (dc:creator). */
export async function loader({ context }: Route.LoaderArgs) {
  const base = getEnv().PUBLIC_URL;
  const db = await database(context);
  const settings = await getSettings(db);
  const latest = await latestPublicArticles(db, 20);
  const items = latest
    .map((a) => {
      const link = `${base}/blog/${encodeURIComponent(a.slug)}`;
      const pubDate = new Date(`${a.date}T09:00:00Z`).toUTCString();
      return `    <item>
      <title>${escapeHtml(a.title)}</title>
      <link>${escapeHtml(link)}</link>
      <guid isPermaLink="true">${escapeHtml(link)}</guid>
      <pubDate>${pubDate}</pubDate>
      <dc:creator>${escapeHtml(a.author || settings.professionalName)}</dc:creator>
      <description>${escapeHtml(a.excerpt)}</description>
    </item>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeHtml(`Blog | ${settings.siteName}`)}</title>
    <link>${escapeHtml(`${base}/blog`)}</link>
    <description>${escapeHtml(settings.siteDescription)}</description>
    <language>es-ES</language>
    <atom:link href="${escapeHtml(`${base}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>
${items}
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
