import { and, count, countDistinct, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { articles } from "~/db/schema";
import { isSlug } from "./article-form";
import { isCategory } from "./categories";
import { logger } from "~/utils/logger.server";
import { paginate } from "~/utils/pagination";
import { normalizeQuery } from "~/utils/search";

export const PAGE_SIZE = 6;

export type Article = typeof articles.$inferSelect;
export type ArticleCard = Pick<
  Article,
  "slug" | "title" | "category" | "date" | "excerpt" | "image" | "imageAlt" | "readingMinutes"
>;

const cardColumns = {
  slug: articles.slug,
  title: articles.title,
  category: articles.category,
  date: articles.date,
  excerpt: articles.excerpt,
  image: articles.image,
  imageAlt: articles.imageAlt,
  readingMinutes: articles.readingMinutes,
};

/**
 * The visitor's words as a Spanish full-text query (docs/decisions/011-public-site-choices.md):
 * accents and case removed, each word reduced to its Spanish stem, and also matched as a prefix of
 * that stem so that related forms meet ('ansioso' → ansios | ansi:* finds 'ansiedad' → ansied).
 * Words are ANDed. NULL when the text has no searchable word (only stopwords or symbols): then
 * there is no filter.
 */
export async function tsQuery(db: Db, q: string): Promise<SQL | null> {
  const result = await db.execute<{ query: string | null }>(sql`
    select to_tsquery('simple', string_agg(
      '(' || quote_literal(lexeme) || ' | ' ||
      quote_literal(left(lexeme, greatest(4, length(lexeme) - 2))) || ':*)', ' & '))::text as query
    from unnest(to_tsvector('spanish', f_unaccent(${q})))`);
  const text = result.rows[0]?.query;
  // Computed once, then used as a constant so the GIN index on "search" applies.
  return text ? sql`${text}::tsquery` : null;
}

export interface ListOptions {
  q?: string;
  category?: string | null;
  page?: number;
  pageSize?: number;
  /** Admin lists include private articles. */
  includePrivate?: boolean;
}

export async function listArticles(db: Db, options: ListOptions = {}) {
  const q = normalizeQuery(options.q);
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const query = q ? await tsQuery(db, q) : null;
  const filters: SQL[] = [];
  if (!options.includePrivate) {
    // With a search, written so the (is_public, date) index is not a candidate: see below.
    filters.push(query ? sql`${articles.isPublic}::int = 1` : eq(articles.isPublic, true));
  }
  if (options.category && isCategory(options.category)) {
    filters.push(eq(articles.category, options.category));
  }
  if (query) filters.push(sql`${sql.raw('"articles"."search"')} @@ ${query}`);
  const where = filters.length ? and(...filters) : undefined;

  return db.transaction(async (tx) => {
    // The planner prices prefix queries on the GIN index high and a sequential scan low, because
    // it does not count reading each article's large, out-of-line tsvector back: it chose the
    // scan, ten times slower (bench:search). For this transaction only, the index is the way.
    if (query) await tx.execute(sql`set local enable_seqscan = off`);
    const [totalRow] = await tx.select({ n: count() }).from(articles).where(where);
    const total = totalRow?.n ?? 0;
    const { page, pageCount, offset } = paginate(total, pageSize, options.page);
    const order = query
      ? [
          // Title and excerpt matches first (a small vector: see drizzle/0010), then newest.
          sql`ts_rank(${sql.raw('"articles"."search_rank"')}, ${query}) desc`,
          desc(articles.date),
          desc(articles.id),
        ]
      : [desc(articles.date), desc(articles.id)];
    const items = await tx
      .select(cardColumns)
      .from(articles)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset(offset);
    return { items, total, page, pageCount, q, category: options.category ?? null };
  });
}

/** A public article with its public related articles (in the order the author chose). */
export async function getPublicArticle(db: Db, slug: string) {
  if (!isSlug(slug)) return null;
  const [article] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.slug, slug), eq(articles.isPublic, true)));
  if (!article) return null;
  const relatedSlugs = article.relatedSlugs.filter((s) => s !== slug).slice(0, 6);
  const relatedRows = relatedSlugs.length
    ? await db
        .select(cardColumns)
        .from(articles)
        .where(and(inArray(articles.slug, relatedSlugs), eq(articles.isPublic, true)))
    : [];
  const related = relatedSlugs
    .map((s) => relatedRows.find((r) => r.slug === s))
    .filter((r): r is ArticleCard => Boolean(r));
  return { article, related };
}

/** The previous and next public articles by date, for reading on. */
export async function neighbours(db: Db, article: Pick<Article, "date" | "id">) {
  const [newer] = await db
    .select({ slug: articles.slug, title: articles.title })
    .from(articles)
    .where(
      and(
        eq(articles.isPublic, true),
        sql`(${articles.date}, ${articles.id}) > (${article.date}, ${article.id})`,
      ),
    )
    .orderBy(articles.date, articles.id)
    .limit(1);
  const [older] = await db
    .select({ slug: articles.slug, title: articles.title })
    .from(articles)
    .where(
      and(
        eq(articles.isPublic, true),
        sql`(${articles.date}, ${articles.id}) < (${article.date}, ${article.id})`,
      ),
    )
    .orderBy(desc(articles.date), desc(articles.id))
    .limit(1);
  return { newer: newer ?? null, older: older ?? null };
}

export async function featuredArticles(db: Db, limit = 3) {
  return db
    .select(cardColumns)
    .from(articles)
    .where(eq(articles.isPublic, true))
    .orderBy(desc(articles.date), desc(articles.id))
    .limit(limit);
}

/**
 * The newest public articles as links, for a 404 page's suggestions. A page that says 'not found'
 * must not fail itself: if the articles cannot be read, none are suggested.
 */
export async function recentArticleLinks(db: Db, limit: number) {
  try {
    return await db
      .select({ slug: articles.slug, title: articles.title, date: articles.date })
      .from(articles)
      .where(eq(articles.isPublic, true))
      .orderBy(desc(articles.date), desc(articles.id))
      .limit(limit);
  } catch (err) {
    logger.warn({ err }, "no se pudieron leer los artículos recientes para la página 404");
    return [];
  }
}

/** Dashboard figures (staff see every article, public or private). */
export async function articleStats(db: Db) {
  const [row] = await db
    .select({ articles: count(), categories: countDistinct(articles.category) })
    .from(articles);
  const recent = await db
    .select(cardColumns)
    .from(articles)
    .orderBy(desc(articles.date), desc(articles.id))
    .limit(5);
  return { articles: row?.articles ?? 0, categories: row?.categories ?? 0, recent };
}

/** Which categories have public articles, for the blog's chips. */
export async function publicCategories(db: Db) {
  const rows = await db
    .selectDistinct({ category: articles.category })
    .from(articles)
    .where(eq(articles.isPublic, true));
  return rows.map((r) => r.category);
}

/** Every public article's address and last change, newest first: the sitemap's entries. */
export async function publicArticleDates(db: Db) {
  return db
    .select({ slug: articles.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .where(eq(articles.isPublic, true))
    .orderBy(desc(articles.date));
}

/** The newest public articles in full, for the RSS feed. */
export async function latestPublicArticles(db: Db, limit: number) {
  return db
    .select()
    .from(articles)
    .where(eq(articles.isPublic, true))
    .orderBy(desc(articles.date), desc(articles.id))
    .limit(limit);
}

/** A public article's cover and version, for its sharing image; null when private or unknown. */
export async function publicArticleCover(db: Db, slug: string) {
  if (!isSlug(slug)) return null;
  const [article] = await db
    .select({ slug: articles.slug, image: articles.image, updatedAt: articles.updatedAt })
    .from(articles)
    .where(and(eq(articles.slug, slug), eq(articles.isPublic, true)));
  return article ?? null;
}
