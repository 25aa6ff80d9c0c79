import { ArrowLeft, ArrowRight } from "lucide-react";
import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { ArticleCard } from "~/components/site/article-card";
import { ArticleLead } from "~/components/site/article-lead";
import { ErrorPage } from "~/components/site/error-page";
import {
  NotFoundSuggestions,
  type RecentArticle,
  SUGGESTED_ARTICLES,
} from "~/components/site/not-found-suggestions";
import { ShareLinks } from "~/components/site/share";
import { database } from "~/context";
import { redirectFor } from "~/modules/blog/admin.server";
import { getPublicArticle, neighbours, recentArticleLinks } from "~/modules/blog/blog.server";
import { articleHtml } from "~/modules/content/article-html";
import { articleOgImagePath, blogPostingJsonLd } from "~/modules/seo/structured-data";
import { useRootData } from "~/root";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import { requestSettings } from "~/modules/settings/settings.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/article";

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = await database(context);
  const found = await getPublicArticle(db, params.slug);
  if (!found) {
    // An article whose address changed keeps its old links working (301).
    const moved = await redirectFor(db, params.slug);
    if (moved) throw redirect(`/blog/${encodeURIComponent(moved)}`, 301);
    // The 404 page suggests the newest articles instead (as the catch-all 404 does).
    throw data({ recent: await recentArticleLinks(db, SUGGESTED_ARTICLES) }, { status: 404 });
  }
  const { article, related } = found;
  // Built on the server only (search engines read it from the HTML).
  const jsonLd = [
    blogPostingJsonLd(
      { ...article, updatedAt: article.updatedAt.toISOString() },
      await requestSettings(context),
      getEnv().PUBLIC_URL,
    ),
  ];
  return {
    jsonLd,
    article: {
      slug: article.slug,
      title: article.title,
      category: article.category,
      date: article.date,
      excerpt: article.excerpt,
      image: article.image,
      imageAlt: article.imageAlt,
      author: article.author,
      updatedAt: article.updatedAt.toISOString(),
      readingMinutes: article.readingMinutes,
    },
    html: articleHtml(article.content).html,
    related,
    ...(await neighbours(db, article)),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const root = rootFromMatches(matches);
  const article = loaderData?.article;
  if (!article) {
    return pageMeta(root, {
      title: "Artículo no encontrado",
      path: location.pathname,
      noindex: true,
    });
  }
  const path = `/blog/${encodeURIComponent(article.slug)}`;
  return pageMeta(root, {
    title: article.title,
    description: article.excerpt || undefined,
    path,
    type: "article",
    publishedTime: article.date,
    modifiedTime: article.updatedAt,
    image: { path: articleOgImagePath(article.slug), alt: article.imageAlt || article.title },
    breadcrumbs: [
      { name: "Blog", path: "/blog" },
      { name: article.title, path },
    ],
    jsonLd: loaderData.jsonLd,
  });
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, html, related, newer, older } = loaderData;
  const root = useRootData();
  const author = article.author || root?.settings.professionalName || "";
  const url = `${root?.publicUrl ?? ""}/blog/${encodeURIComponent(article.slug)}`;
  return (
    <article>
      <ArticleLead article={article} author={author} html={html} />
      <div className="container-page max-w-4xl">
        <section
          aria-labelledby="compartir"
          className="mx-auto mt-12 max-w-[68ch] border-t border-border pt-8"
        >
          <h2 id="compartir" className="text-h3">
            Compartir este artículo
          </h2>
          <ShareLinks url={url} title={article.title} className="mt-4" />
        </section>
        <nav
          aria-label="Más artículos"
          className="mx-auto mt-10 grid max-w-[68ch] gap-4 sm:grid-cols-2"
        >
          {older ? (
            <a
              href={`/blog/${older.slug}`}
              className="rounded-card border border-border bg-surface p-4 no-underline hover:border-primary"
            >
              <span className="flex items-center gap-1 text-sm text-muted">
                <ArrowLeft aria-hidden="true" className="size-4" /> Anterior
              </span>
              <span className="font-semibold">{older.title}</span>
            </a>
          ) : (
            <span />
          )}
          {newer ? (
            <a
              href={`/blog/${newer.slug}`}
              className="rounded-card border border-border bg-surface p-4 text-right no-underline hover:border-primary"
            >
              <span className="flex items-center justify-end gap-1 text-sm text-muted">
                Siguiente <ArrowRight aria-hidden="true" className="size-4" />
              </span>
              <span className="font-semibold">{newer.title}</span>
            </a>
          ) : null}
        </nav>
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="relacionados" className="mt-16 bg-sand py-14">
          <div className="container-page">
            <h2 id="relacionados" className="text-h2">
              Artículos relacionados
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((r) => (
                <li key={r.slug}>
                  <ArticleCard article={r} headingLevel="h3" />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : (
        <div className="h-16" />
      )}
    </article>
  );
}

/** Looks like the catch-all 404 (and the site's error page), with the way back to the blog. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const recent = (error.data as { recent?: RecentArticle[] } | null)?.recent ?? [];
    return (
      <ErrorPage
        status={404}
        title="Artículo no encontrado"
        message="El artículo que buscas no existe o ya no está disponible."
        head={false}
      >
        <NotFoundSuggestions recent={recent} blogLabel="Volver al blog" />
      </ErrorPage>
    );
  }
  return (
    <ErrorPage
      status={isRouteErrorResponse(error) ? error.status : 500}
      message="No hemos podido mostrar este artículo. Inténtalo de nuevo en unos minutos."
      head={false}
    />
  );
}
