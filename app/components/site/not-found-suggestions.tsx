import { Search } from "lucide-react";
import { SEARCH_MAX } from "~/utils/search";
import { formatLongDate } from "~/utils/format";

export interface RecentArticle {
  slug: string;
  title: string;
  date: string;
}

/** The newest public articles a 404 page suggests (fewer or none if the blog has fewer). */
export const SUGGESTED_ARTICLES = 3;

/**
 * What both 404 pages offer besides the way home: a blog search (a GET form, so it works without
 * JavaScript), the newest articles and the blog. Only the 404 routes load it.
 */
export function NotFoundSuggestions({
  recent,
  blogLabel,
}: {
  recent: RecentArticle[];
  /** 'Volver al blog' from a missing article. */
  blogLabel: string;
}) {
  return (
    <div className="mt-12 w-full max-w-xl text-left">
      <form method="get" action="/blog" role="search" aria-label="Buscar en el blog">
        <label htmlFor="buscar-404" className="font-semibold">
          ¿Buscabas un tema? Busca en el blog
        </label>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted"
            />
            <input
              id="buscar-404"
              name="q"
              type="search"
              maxLength={SEARCH_MAX}
              placeholder="Por ejemplo: ansiedad"
              className="min-h-12 w-full rounded-full border border-border-strong bg-surface pr-4 pl-12 text-base placeholder:text-muted"
            />
          </div>
          <button
            type="submit"
            className="min-h-12 cursor-pointer rounded-full border-2 border-primary px-6 font-semibold text-primary hover:bg-primary-soft"
          >
            Buscar
          </button>
        </div>
      </form>
      {recent.length > 0 ? (
        <section aria-labelledby="recientes-titulo" className="mt-10">
          <h2 id="recientes-titulo" className="text-h3">
            Artículos recientes
          </h2>
          <ul className="mt-3 divide-y divide-border border-y border-border">
            {recent.map((a) => (
              <li key={a.slug}>
                <a
                  href={`/blog/${encodeURIComponent(a.slug)}`}
                  className="flex min-h-11 flex-col py-3 no-underline hover:text-primary"
                >
                  <span className="font-semibold underline underline-offset-4">{a.title}</span>
                  <time dateTime={a.date} className="text-sm text-muted">
                    {formatLongDate(a.date)}
                  </time>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <a
        href="/blog"
        className="mt-4 inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
      >
        {blogLabel}
      </a>
    </div>
  );
}
