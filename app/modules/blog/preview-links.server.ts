import { and, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { articlePreviewLinks, articles } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { type FormFailure, formFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { hashToken, isToken, newToken } from "~/platform/tokens.server";
import { isSlug } from "./article-form";
import {
  PREVIEW_LINK_MAX_DAYS,
  PREVIEW_LINK_MESSAGES as M,
  PreviewLinkSchema,
} from "./preview-link-form";
import { dayExists, madridLocalInstant } from "./schedule";

const DAY = 24 * 60 * 60_000;

/** The public address of a preview link (the token travels in the query: never logged). */
export function previewUrl(token: string) {
  return `${getEnv().PUBLIC_URL}/vista-previa?token=${token}`;
}

/**
 * A new preview link for an article: a random 256-bit token of which only the SHA-256 is
 * stored, so the database alone cannot open a draft. It works until `expiresAt` (Madrid time,
 * at most 30 days ahead) unless revoked before.
 */
export async function createPreviewLink(
  db: Db,
  slug: string,
  raw: Record<string, unknown>,
  createdBy: string,
  now = new Date(),
): Promise<
  { ok: true; url: string; expiresAt: Date; title: string } | (FormFailure & { status: 400 | 404 })
> {
  const parsed = parseWith(PreviewLinkSchema, raw);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const at = madridLocalInstant(parsed.data.expiresAt);
  const fail = (message: string) => ({
    ...formFailure(message, { expiresAt: [message] }),
    status: 400 as const,
  });
  if (at === null) return fail(dayExists(parsed.data.expiresAt) ? M.expiresAtGap : M.expiresAtDay);
  if (at <= now.getTime()) return fail(M.expiresAtPast);
  if (at > now.getTime() + PREVIEW_LINK_MAX_DAYS * DAY) return fail(M.expiresAtFar);
  const article = await articleBySlug(db, slug);
  if (!article) return { ...formFailure("Artículo no encontrado"), status: 404 };
  const { token, hash } = newToken();
  const expiresAt = new Date(at);
  await db.insert(articlePreviewLinks).values({
    articleId: article.id,
    tokenHash: hash,
    createdBy,
    createdAt: now,
    expiresAt,
  });
  return { ok: true, url: previewUrl(token), expiresAt, title: article.title };
}

async function articleBySlug(db: Db, slug: string) {
  if (!isSlug(slug)) return null;
  const [row] = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(eq(articles.slug, slug));
  return row ?? null;
}

/** The article's links that still work, newest first (never their tokens: those are not kept). */
export async function activePreviewLinks(db: Db, articleId: number, now = new Date()) {
  return db
    .select({
      id: articlePreviewLinks.id,
      createdBy: articlePreviewLinks.createdBy,
      createdAt: articlePreviewLinks.createdAt,
      expiresAt: articlePreviewLinks.expiresAt,
    })
    .from(articlePreviewLinks)
    .where(
      and(
        eq(articlePreviewLinks.articleId, articleId),
        isNull(articlePreviewLinks.revokedAt),
        gt(articlePreviewLinks.expiresAt, now),
      ),
    )
    .orderBy(desc(articlePreviewLinks.createdAt), desc(articlePreviewLinks.id));
}

/** Revokes one of the article's links; false when it is not one of them or already revoked. */
export async function revokePreviewLink(db: Db, slug: string, id: number, now = new Date()) {
  const article = await articleBySlug(db, slug);
  if (!article || !Number.isSafeInteger(id)) return false;
  const rows = await db
    .update(articlePreviewLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(articlePreviewLinks.id, id),
        eq(articlePreviewLinks.articleId, article.id),
        isNull(articlePreviewLinks.revokedAt),
      ),
    )
    .returning({ id: articlePreviewLinks.id });
  return rows.length > 0;
}

/** The article a preview token opens right now, whatever its state; null otherwise. */
export async function articleForPreview(db: Db, token: string, now = new Date()) {
  if (!isToken(token)) return null;
  const [row] = await db
    .select({ article: articles, expiresAt: articlePreviewLinks.expiresAt })
    .from(articlePreviewLinks)
    .innerJoin(articles, eq(articles.id, articlePreviewLinks.articleId))
    .where(
      and(
        eq(articlePreviewLinks.tokenHash, hashToken(token)),
        isNull(articlePreviewLinks.revokedAt),
        gt(articlePreviewLinks.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Retention: links that stopped working more than `days` ago are deleted. */
export async function purgeOldPreviewLinks(db: Pick<Db, "delete">, days: number, now = new Date()) {
  const before = new Date(now.getTime() - days * DAY);
  const rows = await db
    .delete(articlePreviewLinks)
    .where(or(lt(articlePreviewLinks.expiresAt, before), lt(articlePreviewLinks.revokedAt, before)))
    .returning({ id: articlePreviewLinks.id });
  return rows.length;
}
