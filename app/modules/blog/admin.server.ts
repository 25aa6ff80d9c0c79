import { and, asc, count, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { articleRedirects, articles } from "~/db/schema";
import { hasBlankImageAlt } from "~/modules/content/markdown";
import { getSettings } from "~/modules/settings/settings.server";
import { type FormFailure, formFailure } from "~/utils/form";
import {
  ARTICLE_MESSAGES,
  type ArticleInput,
  type ArticleStatus,
  isSlug,
  MAX_RELATED,
  parseArticle,
  todayInMadrid,
} from "./article-form";
import { dayExists, madridDate, madridLocalInstant } from "./schedule";
import { tsQuery } from "./blog.server";
import type { RevisionAuthor } from "./revisions";
import { recordRevision } from "./revisions.server";
import { normalizeQuery } from "~/utils/search";
import { paginate } from "~/utils/pagination";

export const ADMIN_PAGE_SIZE = 20;
export type AdminSort = "recientes" | "antiguos";

/** Staff's list: every article, public or private, searchable, sorted by date, paginated. */
export async function listAdminArticles(
  db: Db,
  options: { q?: string; sort?: AdminSort; page?: number } = {},
) {
  const q = normalizeQuery(options.q);
  const query = q ? await tsQuery(db, q) : null;
  // Full-text search (title, excerpt, text); a title fragment also matches as typed.
  const where: SQL | undefined = q
    ? sql`(${query ? sql`${sql.raw('"articles"."search"')} @@ ${query} or ` : sql``}${articles.title} ilike ${`%${q.replace(/[\\%_]/g, "\\$&")}%`})`
    : undefined;
  const [totalRow] = await db.select({ n: count() }).from(articles).where(where);
  const total = totalRow?.n ?? 0;
  const { page, pageCount, offset } = paginate(total, ADMIN_PAGE_SIZE, options.page);
  const dir = options.sort === "antiguos" ? asc : desc;
  const items = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      category: articles.category,
      date: articles.date,
      image: articles.image,
      imageAlt: articles.imageAlt,
      isPublic: articles.isPublic,
      status: articles.status,
      publishAt: articles.publishAt,
    })
    .from(articles)
    .where(where)
    .orderBy(dir(articles.date), dir(articles.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offset);
  return { items, total, page, pageCount, q, sort: options.sort ?? "recientes" };
}

export async function getArticle(db: Db, slug: string) {
  if (!isSlug(slug)) return null;
  const [row] = await db.select().from(articles).where(eq(articles.slug, slug));
  return row ?? null;
}

/** The other articles, for the related-articles picker. */
export async function articleOptions(db: Db, exceptSlug?: string) {
  return db
    .select({ slug: articles.slug, title: articles.title })
    .from(articles)
    .where(exceptSlug ? ne(articles.slug, exceptSlug) : undefined)
    .orderBy(desc(articles.date), desc(articles.id));
}

export type SaveArticleResult =
  | { ok: true; id: number; slug: string; title: string }
  | (FormFailure & { status: 400 | 404 | 409 });

/**
 * Creates an article (originalSlug absent) or updates one. A changed slug leaves a redirect
 * from the old address (earlier redirects to it follow along) and related links are rewritten,
 * all in one transaction: nothing is stored half-way. The author is stored only when it is not
 * the professional named in Ajustes (null follows that name when it changes).
 */
export async function saveArticle(
  db: Db,
  raw: Record<string, unknown>,
  /** by: who saves, kept with the revision (revisions.server.ts). */
  options: { originalSlug?: string; by?: RevisionAuthor; now?: Date } = {},
): Promise<SaveArticleResult> {
  const now = options.now ?? new Date();
  const parsed = parseArticle(raw);
  if (!parsed.ok) {
    return { ...parsed, status: 400, formError: parsed.formError ?? ARTICLE_MESSAGES.checkFields };
  }
  const input = parsed.data;
  if (hasBlankImageAlt(input.content)) {
    return {
      ...formFailure(ARTICLE_MESSAGES.checkFields, {
        content: [ARTICLE_MESSAGES.contentImageAlt],
      }),
      status: 400,
    };
  }
  const { originalSlug } = options;
  const { professionalName } = await getSettings(db);
  const author = input.author && input.author !== professionalName ? input.author : null;
  if (originalSlug !== undefined && !isSlug(originalSlug)) {
    return { ...formFailure("Artículo no encontrado"), status: 404 };
  }
  return db.transaction(async (tx) => {
    const existing = originalSlug
      ? (await tx.select().from(articles).where(eq(articles.slug, originalSlug)).for("update"))[0]
      : undefined;
    if (originalSlug && !existing) {
      return { ...formFailure("Artículo no encontrado"), status: 404 } as const;
    }
    if (input.slug !== originalSlug) {
      const [taken] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.slug, input.slug));
      if (taken)
        return {
          ...formFailure(ARTICLE_MESSAGES.checkFields, { slug: [ARTICLE_MESSAGES.slugTaken] }),
          status: 409,
        } as const;
    }
    // Only existing articles can be related, never the article itself.
    const known = new Set(
      (await tx.select({ slug: articles.slug }).from(articles)).map((r) => r.slug),
    );
    const relatedSlugs = input.relatedSlugs
      .filter((s) => known.has(s) && s !== input.slug && s !== originalSlug)
      .slice(0, MAX_RELATED);
    const when = stateValues(input, existing, now);
    if ("fieldErrors" in when) return { ...when, status: 400 } as const;
    const values = {
      title: input.title,
      slug: input.slug,
      category: input.category,
      excerpt: input.excerpt,
      content: input.content,
      image: input.image,
      imageAlt: input.imageAlt,
      author,
      relatedSlugs,
      ...when,
    };
    // The new address is an article again, not a redirect.
    await tx.delete(articleRedirects).where(eq(articleRedirects.fromSlug, input.slug));
    if (!existing) {
      const [row] = await tx
        .insert(articles)
        .values({ ...values, date: values.date ?? todayInMadrid(now) })
        .returning({ id: articles.id });
      if (options.by) await recordRevision(tx, row!.id, input, options.by);
      return { ok: true, id: row!.id, slug: input.slug, title: input.title } as const;
    }
    await tx
      .update(articles)
      .set({ ...values, updatedAt: now })
      .where(eq(articles.id, existing.id));
    if (existing.slug !== input.slug) await moveSlug(tx, existing.slug, input.slug);
    if (options.by) await recordRevision(tx, existing.id, input, options.by, existing);
    return { ok: true, id: existing.id, slug: input.slug, title: input.title } as const;
  });
}

/**
 * What the chosen state writes: the public flag, the scheduled instant and, when the article
 * goes public from a draft or a schedule, its date (today, or the scheduled day). An article made
 * private and public again keeps its date unless it is in the future; a scheduled time must exist
 * in Madrid and be in the future.
 */
function stateValues(
  input: Pick<ArticleInput, "status" | "publishAt">,
  existing: { status: ArticleStatus; date: string } | undefined,
  now: Date,
):
  | { isPublic: boolean; status: ArticleStatus; publishAt: Date | null; date?: string }
  | FormFailure {
  const { status } = input;
  if (status === "programado") {
    const at = madridLocalInstant(input.publishAt);
    if (at === null) {
      return formFailure(ARTICLE_MESSAGES.checkFields, {
        publishAt: [
          dayExists(input.publishAt)
            ? ARTICLE_MESSAGES.publishAtGap
            : ARTICLE_MESSAGES.publishAtDay,
        ],
      });
    }
    if (at <= now.getTime()) {
      return formFailure(ARTICLE_MESSAGES.checkFields, {
        publishAt: [ARTICLE_MESSAGES.publishAtPast],
      });
    }
    return { isPublic: false, status, publishAt: new Date(at), date: madridDate(at) };
  }
  // Published from a draft or a schedule, it takes today's date; from Privado it keeps its own,
  // unless that day is still to come (a scheduled day kept through Privado): never a future date.
  const today = todayInMadrid(now);
  const takesToday =
    status === "publicado" &&
    (!existing ||
      existing.status === "borrador" ||
      existing.status === "programado" ||
      existing.date > today);
  return {
    isPublic: status === "publicado",
    status,
    publishAt: null,
    ...(takesToday ? { date: today } : {}),
  };
}

async function moveSlug(tx: Db, from: string, to: string) {
  await tx.update(articleRedirects).set({ toSlug: to }).where(eq(articleRedirects.toSlug, from));
  await tx
    .insert(articleRedirects)
    .values({ fromSlug: from, toSlug: to })
    .onConflictDoUpdate({ target: articleRedirects.fromSlug, set: { toSlug: to } });
  // Related links written in other articles follow the article to its new address.
  await tx.execute(sql`
    update ${articles}
    set related_slugs = (
      select coalesce(jsonb_agg(case when value = ${from} then ${to} else value end), '[]'::jsonb)
      from jsonb_array_elements_text(related_slugs) as value
    )
    where related_slugs ? ${from}`);
}

/**
 * The list's switch: published now or private, with the editor's rule for the date
 * (`stateValues`: from a draft or a schedule it takes today's, and never keeps a future one).
 */
export async function setArticleVisibility(
  db: Db,
  slug: string,
  isPublic: boolean,
  now = new Date(),
) {
  if (!isSlug(slug)) return null;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: articles.id, status: articles.status, date: articles.date })
      .from(articles)
      .where(eq(articles.slug, slug))
      .for("update");
    if (!existing) return null;
    const values = stateValues(
      { status: isPublic ? "publicado" : "privado", publishAt: "" },
      existing,
      now,
    );
    if ("fieldErrors" in values) return null; // only a schedule can be refused
    const [row] = await tx
      .update(articles)
      .set({ ...values, updatedAt: now })
      .where(eq(articles.id, existing.id))
      .returning({ title: articles.title });
    return row ?? null;
  });
}

/** Deletes the article and the redirects that led to it (they would only lead to a 404). */
export async function deleteArticle(db: Db, slug: string) {
  if (!isSlug(slug)) return null;
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(articles)
      .where(eq(articles.slug, slug))
      .returning({ title: articles.title });
    if (rows.length) await tx.delete(articleRedirects).where(eq(articleRedirects.toSlug, slug));
    return rows[0] ?? null;
  });
}

/** Where an old address of a public article now lives, if it moved. */
export async function redirectFor(db: Db, slug: string) {
  if (!isSlug(slug)) return null;
  const [row] = await db
    .select({ to: articleRedirects.toSlug })
    .from(articleRedirects)
    .innerJoin(
      articles,
      and(eq(articles.slug, articleRedirects.toSlug), eq(articles.isPublic, true)),
    )
    .where(eq(articleRedirects.fromSlug, slug));
  return row?.to ?? null;
}
