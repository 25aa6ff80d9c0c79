import { categoryLabel } from "~/modules/blog/categories";
import { responsiveImage } from "~/modules/media/responsive";
import { formatLongDate } from "~/utils/format";

export interface ArticleCardData {
  slug: string;
  title: string;
  category: string;
  date: string;
  excerpt: string;
  image: string;
  imageAlt: string;
  readingMinutes: number;
}

/** Cards sit one, two or three to a row (see the blog grid); the browser picks the variant. */
const CARD_SIZES = "(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw";

/** A blog card: cover, category, title (the link), excerpt, date in Spanish, reading time. */
export function ArticleCard({
  article,
  headingLevel = "h2",
  eager = false,
  priority = false,
}: {
  article: ArticleCardData;
  headingLevel?: "h2" | "h3";
  eager?: boolean;
  /** The page's largest image on the first screen (the first card of the blog). */
  priority?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-border bg-surface shadow-soft transition-shadow hover:shadow-lift">
      <img
        {...responsiveImage(article.image, CARD_SIZES)}
        alt={article.imageAlt}
        width={1200}
        height={675}
        loading={eager || priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className="aspect-[16/9] h-auto w-full bg-primary-soft object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <p className="self-start rounded-full bg-primary-soft px-3 py-0.5 text-sm font-semibold text-primary-strong">
          {categoryLabel(article.category)}
        </p>
        <Heading className="mt-3 text-h3">
          <a
            href={`/blog/${article.slug}`}
            className="no-underline after:absolute after:inset-0 after:content-[''] group-hover:underline"
          >
            {article.title}
          </a>
        </Heading>
        {article.excerpt ? <p className="mt-2 flex-1 text-muted">{article.excerpt}</p> : null}
        <p className="mt-4 text-sm text-muted">
          <time dateTime={article.date}>{formatLongDate(article.date)}</time> ·{" "}
          {article.readingMinutes} min de lectura
        </p>
      </div>
    </article>
  );
}
