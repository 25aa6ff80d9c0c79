import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { articles } from "~/db/schema";
import { audit } from "~/platform/audit.server";
import { logger } from "~/utils/logger.server";
import { startPeriodicJob } from "~/platform/jobs.server";

/** How often the server looks for scheduled articles whose time has come. */
export const PUBLISH_INTERVAL_MS = 5_000;

/**
 * Publishes every scheduled article whose time has come, each exactly once whatever the number
 * of instances: the update takes the row's lock, and an instance that waited for it finds the
 * article no longer scheduled and skips it. The audit entry is written in the same transaction.
 * The articles trigger moves the content version, so the page cache, sitemap and RSS see the
 * article with the next request. Returns the slugs published by this call.
 */
export async function publishDueArticles(db: Db, now = new Date()): Promise<string[]> {
  // Nothing due (nearly always): no write at all. An UPDATE that changes no row still fires the
  // articles trigger, which would move the content version and empty every page cache.
  const due = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.status, "programado"), lte(articles.publishAt, now)));
  if (due.length === 0) return [];
  return db.transaction(async (tx) => {
    const published = await tx
      .update(articles)
      .set({
        status: "publicado",
        isPublic: true,
        // The scheduled day, in Madrid (already the article's date; set again in case).
        date: sql`(${articles.publishAt} at time zone 'Europe/Madrid')::date`,
        updatedAt: now,
      })
      .where(
        and(
          inArray(
            articles.id,
            due.map((d) => d.id),
          ),
          // Checked again under the row lock: another instance may have published it meanwhile.
          eq(articles.status, "programado"),
          lte(articles.publishAt, now),
        ),
      )
      .returning({ slug: articles.slug, title: articles.title, publishAt: articles.publishAt });
    for (const article of published) {
      await audit(tx, {
        action: "article_published_scheduled",
        target: article.slug,
        details: { scheduledFor: article.publishAt?.toISOString() },
      });
    }
    return published.map((a) => a.slug);
  });
}

/** The server's job: a few seconds after start (catching up after a restart), then every 5 s. */
export function startPublishingJob(getDb: () => Promise<Db>, intervalMs = PUBLISH_INTERVAL_MS) {
  return startPeriodicJob(
    async () => {
      try {
        const slugs = await publishDueArticles(await getDb());
        if (slugs.length) logger.info({ count: slugs.length }, "artículos programados publicados");
      } catch (error) {
        logger.error({ err: error }, "error al publicar los artículos programados");
      }
    },
    { firstMs: 1_000, intervalMs },
  );
}
