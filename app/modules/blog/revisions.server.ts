import * as z from "zod/mini";
import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { articleRevisions, articles } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { type FormFailure, formFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { ArticleFields, isSlug } from "./article-form";
import {
  ORIGINAL_VERSION,
  REVISION_MESSAGES,
  type RevisionAuthor,
  type RevisionText,
} from "./revisions";

const sameText = (a: RevisionText, b: RevisionText) =>
  a.title === b.title && a.excerpt === b.excerpt && a.content === b.content;

/**
 * Keeps the text an article was just saved with (inside the save's transaction): who and when.
 * An article without revisions yet (a bundled one, or one saved before revisions existed) first
 * gets its previous text as 'Versión original', so the first edit can be undone. A save that
 * changes none of the three texts adds nothing. The oldest beyond ARTICLE_REVISIONS_KEPT go.
 */
export async function recordRevision(
  tx: Db,
  articleId: number,
  text: RevisionText,
  by: RevisionAuthor,
  before?: RevisionText & { updatedAt: Date },
) {
  const [latest] = await tx
    .select({
      title: articleRevisions.title,
      excerpt: articleRevisions.excerpt,
      content: articleRevisions.content,
    })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id))
    .limit(1);
  let newest = latest;
  if (!latest && before) {
    newest = pick(before);
    await tx.insert(articleRevisions).values({
      articleId,
      ...newest,
      userId: null,
      userName: ORIGINAL_VERSION,
      // When that text was last saved, so the list reads in order.
      createdAt: before.updatedAt,
    });
  }
  if (newest && sameText(newest, text)) return;
  await tx
    .insert(articleRevisions)
    .values({ articleId, ...pick(text), userId: by.id, userName: by.name });
  await pruneRevisions(tx, articleId);
}

const pick = ({ title, excerpt, content }: RevisionText): RevisionText => ({
  title,
  excerpt,
  content,
});

/** Deletes an article's revisions beyond the newest `keep`. */
export async function pruneRevisions(
  tx: Db,
  articleId: number,
  keep = getEnv().ARTICLE_REVISIONS_KEPT,
) {
  const newest = tx
    .select({ id: articleRevisions.id })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id))
    .limit(keep);
  await tx
    .delete(articleRevisions)
    .where(and(eq(articleRevisions.articleId, articleId), notInArray(articleRevisions.id, newest)));
}

/** Words of a text as the database counts them (as `reading_minutes` does). */
const words = (column: typeof articleRevisions.content) =>
  sql<number>`(case when btrim(${column}) = '' then 0 else coalesce(array_length(regexp_split_to_array(btrim(${column}), '[[:space:]]+'), 1), 0) end)::int`;

/**
 * An article's revisions, newest first, without their texts: when, who, the size of the text
 * and whether it is the article's text now.
 */
export async function listRevisions(db: Db, articleId: number) {
  return db
    .select({
      id: articleRevisions.id,
      createdAt: articleRevisions.createdAt,
      userName: articleRevisions.userName,
      words: words(articleRevisions.content),
      characters: sql<number>`char_length(${articleRevisions.content})::int`,
      current: sql<boolean>`(${articleRevisions.title} = ${articles.title} and ${articleRevisions.excerpt} = ${articles.excerpt} and ${articleRevisions.content} = ${articles.content})`,
    })
    .from(articleRevisions)
    .innerJoin(articles, eq(articles.id, articleRevisions.articleId))
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id));
}

/** How many revisions an article has (the editor's 'Revisiones (N)'). */
export async function countRevisions(db: Db, articleId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId));
  return row?.n ?? 0;
}

/** The texts of some revisions of one article (others' revisions are never returned). */
export async function revisionTexts(db: Db, articleId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: articleRevisions.id,
      title: articleRevisions.title,
      excerpt: articleRevisions.excerpt,
      content: articleRevisions.content,
    })
    .from(articleRevisions)
    .where(and(eq(articleRevisions.articleId, articleId), inArray(articleRevisions.id, ids)));
}

/** The three texts checked by the article form's own rules (a revision kept from older rules). */
const RestoredText = z.pick(ArticleFields, { title: true, excerpt: true, content: true });

export type RestoreResult = { ok: true; title: string } | (FormFailure & { status: 400 | 404 });

/**
 * Copies a revision's title, summary and text into its article (the address, state, image and
 * the rest stay), recording the restored text as a new revision so the restore can be undone.
 * A revision of another article, an unknown one, or a text the article form would refuse
 * changes nothing.
 */
export async function restoreRevision(
  db: Db,
  slug: string,
  revisionId: number,
  by: RevisionAuthor,
): Promise<RestoreResult> {
  if (!isSlug(slug)) return { ...formFailure(REVISION_MESSAGES.articleNotFound), status: 404 };
  return db.transaction(async (tx) => {
    const [article] = await tx.select().from(articles).where(eq(articles.slug, slug)).for("update");
    if (!article) return { ...formFailure(REVISION_MESSAGES.articleNotFound), status: 404 };
    const [revision] = await revisionTexts(tx, article.id, [revisionId]);
    if (!revision) return { ...formFailure(REVISION_MESSAGES.notFound), status: 404 };
    const parsed = parseWith(RestoredText, pick(revision));
    if (!parsed.ok) {
      const reasons = Object.values(parsed.fieldErrors).flat();
      return {
        ...formFailure(`No se puede restaurar esta revisión: ${reasons.join(" ")}`),
        status: 400,
      };
    }
    const text = { ...parsed.data, excerpt: parsed.data.excerpt ?? "" };
    await tx
      .update(articles)
      .set({ ...text, updatedAt: new Date() })
      .where(eq(articles.id, article.id));
    await recordRevision(tx, article.id, text, by, article);
    return { ok: true, title: text.title } as const;
  });
}
