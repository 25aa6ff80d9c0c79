import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { categoryLabel } from "~/modules/blog/categories";
import { responsiveImage } from "~/modules/media/responsive";
import { formatLongDate } from "~/utils/format";

export interface ArticleLeadData {
  title: string;
  category: string;
  date: string;
  image: string;
  imageAlt: string;
  readingMinutes: number;
}

/**
 * An article as it reads on the public page: way back to the blog, category, title, byline with
 * date and reading time, cover, and its body (HTML built on the server: articleHtml). Shared by
 * the article page and the preview link (/vista-previa), so a preview looks exactly like the article.
 */
export function ArticleLead({
  article,
  author,
  html,
  notice,
}: {
  article: ArticleLeadData;
  author: string;
  html: string;
  /** Shown above the title (the preview's notice). */
  notice?: ReactNode;
}) {
  return (
    <>
      <header className="bg-sand pt-10 pb-8 md:pt-14">
        <div className="container-page max-w-4xl">
          <nav aria-label="Ruta de navegación" className="text-sm text-muted">
            <a
              href="/blog"
              className="inline-flex min-h-11 items-center gap-1 underline underline-offset-4"
            >
              <ArrowLeft aria-hidden="true" className="size-4" /> Volver al blog
            </a>
          </nav>
          {notice}
          <p className="mt-4 inline-flex rounded-full bg-primary-soft px-3 py-0.5 text-sm font-semibold text-primary-strong">
            {categoryLabel(article.category)}
          </p>
          <h1 className="mt-3 text-h1">{article.title}</h1>
          <p className="mt-4 text-muted">
            Por <span className="font-semibold text-ink">{author}</span> ·{" "}
            <time dateTime={article.date}>{formatLongDate(article.date)}</time> ·{" "}
            {article.readingMinutes} min de lectura
          </p>
        </div>
      </header>
      <div className="container-page max-w-4xl">
        <img
          {...responsiveImage(article.image, "(min-width: 56rem) 56rem, 100vw")}
          alt={article.imageAlt}
          width={1200}
          height={675}
          fetchPriority="high"
          className="mt-8 aspect-[16/9] h-auto w-full rounded-card bg-primary-soft object-cover shadow-soft"
        />
        <div
          className="prose-reading mx-auto mt-10 text-[1.0625rem]"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
    </>
  );
}
