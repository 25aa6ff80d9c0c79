import { and, eq, isNull, lt } from "drizzle-orm";
import * as z from "zod/mini";
import type { Db } from "~/db/client.server";
import { articleAutosaves, articles } from "~/db/schema";
import { type FormFailure, formFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { ArticleFields, isSlug } from "./article-form";
import {
  AUTOSAVE_FIELDS,
  type AutosaveData,
  AUTOSAVE_MESSAGES,
  type UnsavedCopy,
} from "./autosave";
import { isCategory } from "./categories";

/** A field of the copy: any string ("" when absent), line endings as the article keeps them. */
const text = z._default(
  z
    .string({ error: AUTOSAVE_MESSAGES.invalid })
    .check(z.overwrite((v) => v.replace(/\r\n?/g, "\n"))),
  "",
);

/**
 * The unsaved copy as the browser sends it. Lenient (a draft may be half-written: no field is
 * required, the slug need not be valid yet) but never trusting: strings only, each within the
 * article form's own limit (`tooLong`); a category or an image the article form would not accept
 * is dropped, as it would be shown back in the editor.
 */
const AutosaveSchema = z.object({
  title: text,
  slug: text,
  excerpt: text,
  content: text,
  category: z.pipe(
    text,
    z.transform((v) => (isCategory(v) ? v : "")),
  ),
  author: text,
  imageAlt: text,
  image: z.pipe(
    text,
    z.transform((v) => (z.safeParse(ArticleFields.shape.image, v).success ? v.trim() : "")),
  ),
});

const LIMITED = ["title", "slug", "excerpt", "content", "author", "imageAlt"] as const;

/** The article form's message when a field is longer than the form allows (its exact rule). */
function tooLong(name: (typeof LIMITED)[number], value: string) {
  const result = z.safeParse(ArticleFields.shape[name], value);
  return result.success
    ? null
    : (result.error.issues.find((i) => i.code === "too_big")?.message ?? null);
}

export type AutosaveResult = { ok: true; savedAt: string } | (FormFailure & { status: 400 | 404 });

/** The article being edited (its original slug), or null for a new article (empty slug). */
async function articleFor(db: Db, slug: unknown): Promise<{ id: number | null } | null> {
  if (slug === undefined || slug === null || slug === "") return { id: null };
  if (!isSlug(slug)) return null;
  const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.slug, slug));
  return row ?? null;
}

const owner = (userId: string, articleId: number | null) =>
  and(
    eq(articleAutosaves.userId, userId),
    articleId === null
      ? isNull(articleAutosaves.articleId)
      : eq(articleAutosaves.articleId, articleId),
  );

/**
 * Keeps the open editor's unsaved text: one copy per person and article, replaced by each
 * autosave. `raw.original` names the article being edited by its slug when the editor opened
 * ('' or absent: a new article); the other fields are the editor's. Never touches the article.
 */
export async function saveAutosave(
  db: Db,
  userId: string,
  raw: Record<string, unknown>,
): Promise<AutosaveResult> {
  const article = await articleFor(db, raw.original);
  if (!article) return { ...formFailure(AUTOSAVE_MESSAGES.articleNotFound), status: 404 };
  const parsed = parseWith(AutosaveSchema, raw);
  const reasons = parsed.ok
    ? LIMITED.map((name) => tooLong(name, parsed.data[name]))
    : [parsed.formError, ...Object.values(parsed.fieldErrors).flat()];
  if (!parsed.ok || reasons.some(Boolean)) {
    return {
      ...formFailure(`${AUTOSAVE_MESSAGES.refused} ${reasons.filter(Boolean).join(" ")}`),
      status: 400,
    };
  }
  const now = new Date();
  await db
    .insert(articleAutosaves)
    .values({ userId, articleId: article.id, data: parsed.data, updatedAt: now })
    .onConflictDoUpdate({
      target: [articleAutosaves.userId, articleAutosaves.articleId],
      set: { data: parsed.data, updatedAt: now },
    });
  return { ok: true, savedAt: now.toISOString() };
}

/** Deletes a person's copy for an article (or for a new article: `articleId` null). */
export async function clearAutosave(db: Db, userId: string, articleId: number | null) {
  await db.delete(articleAutosaves).where(owner(userId, articleId));
}

/** 'Descartar': deletes the person's copy for the article with this original slug ('' new). */
export async function discardAutosave(db: Db, userId: string, original: unknown) {
  const article = await articleFor(db, original);
  if (!article) return { ...formFailure(AUTOSAVE_MESSAGES.articleNotFound), status: 404 as const };
  await clearAutosave(db, userId, article.id);
  return { ok: true as const };
}

const comparable = (v: unknown) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : "");

/**
 * The person's own unsaved copy when the editor opens: for an article, only when it differs from
 * the article as stored (`stored`: the editor's fields); for a new article, any with something
 * written.
 */
export async function unsavedCopy(
  db: Db,
  userId: string,
  stored: ({ id: number } & Record<string, unknown>) | null,
): Promise<UnsavedCopy | null> {
  const [row] = await db
    .select({ data: articleAutosaves.data, updatedAt: articleAutosaves.updatedAt })
    .from(articleAutosaves)
    .where(owner(userId, stored?.id ?? null));
  if (!row) return null;
  // Rows are written only through AutosaveSchema; read back as plain strings all the same.
  const data = Object.fromEntries(
    AUTOSAVE_FIELDS.map((name) => [name, typeof row.data[name] === "string" ? row.data[name] : ""]),
  ) as AutosaveData;
  // Nothing to recover: the article as stored, or a new article's form left blank (its byline
  // is filled in from Ajustes).
  const same = stored
    ? AUTOSAVE_FIELDS.every((name) => comparable(data[name]) === comparable(stored[name]))
    : AUTOSAVE_FIELDS.every((name) => name === "author" || comparable(data[name]) === "");
  if (same) return null;
  return { data, savedAt: row.updatedAt.toISOString() };
}

/** Copies older than `cutoff` (the retention job). */
export async function purgeOldAutosaves(db: Db, cutoff: Date) {
  const rows = await db
    .delete(articleAutosaves)
    .where(lt(articleAutosaves.updatedAt, cutoff))
    .returning({ id: articleAutosaves.id });
  return rows.length;
}
