import { z } from "zod";
import type { Db } from "~/db/client.server";
import { articles, contentSeeds } from "~/db/schema";
import { parseFrontMatter } from "~/modules/content/front-matter";
import { CATEGORY_VALUES } from "./categories";
import { type Motif, MOTIF_NAMES } from "./covers";

/** The bundled articles: content/articles/*.md with front matter (reviewed like code). */
const files = import.meta.glob<string>("../../../content/articles/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

const FrontMatter = z.object({
  title: z.string().min(1),
  slug: z.string().min(1),
  category: z.enum(CATEGORY_VALUES as [string, ...string[]]),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  excerpt: z.string().default(""),
  imageAlt: z.string().min(1),
  /** The cover's motif, chosen with its alt text; neighbouring articles (by date) differ. */
  cover: z.enum(MOTIF_NAMES),
  related: z.array(z.string()).default([]),
});

/** The generated cover of a bundled article (see routes/resources/cover.ts). */
export function coverPath(category: string, slug: string) {
  return `/media/portadas/${encodeURIComponent(category)}/${encodeURIComponent(slug)}.svg`;
}

function parseFile(raw: string) {
  const { data, body } = parseFrontMatter(raw);
  return { fm: FrontMatter.parse(data), body };
}

/** Each bundled article's cover motif, by slug (the cover's URL names only category and slug). */
let motifs: Map<string, Motif> | undefined;
export function bundledCoverMotif(slug: string): Motif | undefined {
  motifs ??= new Map(
    Object.values(files).map((raw) => {
      const { fm } = parseFile(raw);
      return [fm.slug, fm.cover];
    }),
  );
  return motifs.get(slug);
}

export function bundledArticles() {
  return Object.values(files).map((raw) => {
    const { fm, body } = parseFile(raw);
    return {
      slug: fm.slug,
      title: fm.title,
      category: fm.category,
      date: fm.date,
      excerpt: fm.excerpt,
      content: body,
      image: coverPath(fm.category, fm.slug),
      imageAlt: fm.imageAlt,
      relatedSlugs: fm.related,
      isPublic: true,
    };
  });
}

export const ARTICLES_SEED_KEY = "articles-v1";

/**
 * Inserts the bundled articles once per database. A marker row makes it happen only on the
 * first start; existing slugs are never touched, so staff edits are never overwritten.
 */
export async function seedArticles(db: Db) {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(contentSeeds)
      .values({ key: ARTICLES_SEED_KEY })
      .onConflictDoNothing()
      .returning({ key: contentSeeds.key });
    if (marked.length === 0) return 0;
    const inserted = await tx
      .insert(articles)
      .values(bundledArticles())
      .onConflictDoNothing({ target: articles.slug })
      .returning({ id: articles.id });
    return inserted.length;
  });
}
