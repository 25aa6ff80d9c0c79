import { cva } from "class-variance-authority";
import { normalizeQuery, SEARCH_MAX } from "~/utils/search";
import { Rss, Search } from "lucide-react";
import { redirect } from "react-router";
import { ArticleCard } from "~/components/site/article-card";
import { PageHeader } from "~/components/site/page-header";
import { database } from "~/context";
import { listArticles, publicCategories } from "~/modules/blog/blog.server";
import { CATEGORY_VALUES, CATEGORIES, isCategory } from "~/modules/blog/categories";
import { pageSlots, parsePage } from "~/utils/pagination";
import { cn } from "~/utils/cn";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const tags = pageMeta(rootFromMatches(matches), {
    title: loaderData?.page && loaderData.page > 1 ? `Blog (página ${loaderData.page})` : "Blog",
    description:
      "Artículos de psicología para el día a día: ansiedad, autoestima, duelo, pareja, mindfulness y más, escritos por una psicóloga general sanitaria.",
    path: "/blog",
    breadcrumbs: [{ name: "Blog", path: "/blog" }],
  });
  return [
    ...tags,
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: "Blog (RSS)",
      href: "/blog/rss.xml",
    },
  ];
};

function blogUrl(params: { q?: string; categoria?: string | null; pagina?: number }) {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.categoria) search.set("categoria", params.categoria);
  if (params.pagina && params.pagina > 1) search.set("pagina", String(params.pagina));
  const s = search.toString();
  return s ? `/blog?${s}` : "/blog";
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const params = url.searchParams;
  const rawQ = params.get("q") ?? "";
  const q = normalizeQuery(rawQ);
  const rawCategory = params.get("categoria");
  const category = rawCategory && isCategory(rawCategory) ? rawCategory : null;
  const requested = parsePage(params.get("pagina"));
  const db = await database(context);
  const result = await listArticles(db, { q, category, page: requested ?? 1 });
  // Malformed or out-of-range pages, unknown categories and over-long queries get a clean URL.
  if (
    requested === null ||
    requested !== result.page ||
    rawQ !== q ||
    (rawCategory !== null && category === null)
  ) {
    throw redirect(blogUrl({ q, categoria: category, pagina: result.page }));
  }
  const withArticles = await publicCategories(db);
  const categories = CATEGORY_VALUES.filter((c) => withArticles.includes(c));
  return { ...result, categories };
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, q, category, categories } = loaderData;
  return (
    <>
      <PageHeader
        title="Blog"
        lead="Artículos para entender lo que sientes y cuidarte en el día a día."
      />
      <div className="container-page py-10">
        {/* A GET form; the site script shows the results while typing (app/browser/blog-search.ts). */}
        <form
          method="get"
          action="/blog"
          data-blog-search=""
          role="search"
          aria-label="Buscar artículos"
          className="flex max-w-2xl flex-col gap-2 sm:flex-row"
        >
          <label htmlFor="q" className="sr-only">
            Buscar artículos
          </label>
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted"
            />
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={SEARCH_MAX}
              placeholder="Por ejemplo: ansiedad"
              className="min-h-12 w-full rounded-full border border-border-strong bg-surface pr-4 pl-12 text-base placeholder:text-muted"
            />
          </div>
          {category ? <input type="hidden" name="categoria" value={category} /> : null}
          <button
            type="submit"
            className="min-h-12 cursor-pointer rounded-full bg-primary px-6 font-semibold text-white hover:bg-primary-strong"
          >
            Buscar
          </button>
        </form>

        <div data-blog-results="">
          {/* On a phone the chips are one row that scrolls sideways (18 chips wrapped took eight
            rows before the first article); from 640 px they wrap. */}
          <nav aria-label="Categorías" className="mt-6">
            <ul
              data-blog-chips=""
              className="-mx-5 flex snap-x gap-2 overflow-x-auto scroll-px-5 px-5 pb-2 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
            >
              {categories.map((c) => {
                const active = c === category;
                return (
                  <li key={c} className="shrink-0 snap-start">
                    <a
                      href={blogUrl({ q, categoria: active ? null : c })}
                      aria-current={active ? "true" : undefined}
                      className={cn(
                        "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold no-underline",
                        active
                          ? "border-primary bg-primary text-white"
                          : "border-border bg-surface text-ink hover:border-primary",
                      )}
                    >
                      {CATEGORIES[c]}
                      {active ? (
                        <span className="sr-only"> (filtro activo; pulsa para quitarlo)</span>
                      ) : null}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>

          <div className="mt-8 flex items-center justify-between gap-4">
            <p role="status" className="text-muted">
              {total === 1 ? "1 artículo" : `${total} artículos`}
              {q ? ` para «${q}»` : ""}
              {category ? ` en ${CATEGORIES[category as keyof typeof CATEGORIES]}` : ""}
            </p>
            <a
              href="/blog/rss.xml"
              className="inline-flex min-h-11 items-center gap-1 text-sm text-muted underline"
            >
              <Rss aria-hidden="true" className="size-4" /> RSS
            </a>
          </div>

          {items.length === 0 ? (
            <div className="mt-8 rounded-card border border-border bg-surface p-8 text-center shadow-soft">
              <p>No se encontraron artículos que coincidan con tu búsqueda.</p>
              <a href="/blog" className="mt-3 inline-block font-semibold text-primary underline">
                Mostrar todos los artículos
              </a>
            </div>
          ) : (
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((a, i) => (
                <li key={a.slug}>
                  <ArticleCard article={a} eager={i < 2} priority={i === 0} />
                </li>
              ))}
            </ul>
          )}

          {pageCount > 1 ? (
            <nav aria-label="Paginación" className="mt-10">
              <ul className="flex flex-wrap items-center justify-center gap-2">
                <li>
                  {page > 1 ? (
                    <a
                      className={pageLink()}
                      href={blogUrl({ q, categoria: category, pagina: page - 1 })}
                    >
                      Anterior
                    </a>
                  ) : (
                    <span className={cn(pageLink(), "opacity-50")} aria-disabled="true">
                      Anterior
                    </span>
                  )}
                </li>
                {pageSlots(page, pageCount).map((slot) =>
                  typeof slot === "number" ? (
                    <li key={slot}>
                      <a
                        href={blogUrl({ q, categoria: category, pagina: slot })}
                        aria-current={slot === page ? "page" : undefined}
                        aria-label={`Página ${slot}`}
                        className={pageLink({ current: slot === page })}
                      >
                        {slot}
                      </a>
                    </li>
                  ) : (
                    <li key={slot} aria-hidden="true" className="px-1 text-muted">
                      …
                    </li>
                  ),
                )}
                <li>
                  {page < pageCount ? (
                    <a
                      className={pageLink()}
                      href={blogUrl({ q, categoria: category, pagina: page + 1 })}
                    >
                      Siguiente
                    </a>
                  ) : (
                    <span className={cn(pageLink(), "opacity-50")} aria-disabled="true">
                      Siguiente
                    </span>
                  )}
                </li>
              </ul>
            </nav>
          ) : null}
        </div>

        <p className="mt-12">
          <a href="/" className="font-semibold text-primary underline underline-offset-4">
            Volver al inicio
          </a>
        </p>
      </div>
    </>
  );
}

const pageLink = cva(
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border px-3 font-semibold no-underline hover:border-primary",
  {
    variants: {
      current: {
        true: "border-primary bg-primary text-white",
        false: "border-border bg-surface",
      },
    },
    defaultVariants: { current: false },
  },
);
