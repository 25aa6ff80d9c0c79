import { data } from "react-router";
import { ArticleLead } from "~/components/site/article-lead";
import { PageHeader } from "~/components/site/page-header";
import { Banner } from "~/components/ui/banner";
import { database } from "~/context";
import { STATUS_LABELS } from "~/modules/blog/article-form";
import { PREVIEW_LINK_MESSAGES } from "~/modules/blog/preview-link-form";
import { articleForPreview } from "~/modules/blog/preview-links.server";
import { articleHtml } from "~/modules/content/article-html";
import { requestSettings } from "~/modules/settings/settings.server";
import { formatDateTime } from "~/utils/format-time";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/article-preview";

/**
 * A preview link (docs/product.md#enlaces-de-vista-previa): the article exactly as its public
 * page will show it, to someone without an account, while the link is valid. Never indexed,
 * never cached (a private path: no-store), and the token is not sent on as a referrer.
 */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(rootFromMatches(matches), {
    title: loaderData?.article ? `Vista previa: ${loaderData.article.title}` : "Vista previa",
    path: "/vista-previa",
    noindex: true,
  }),
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = (url.searchParams.get("token") ?? "").slice(0, 100);
  const found = await articleForPreview(await database(context), token);
  if (!found) return data({ article: null }, { status: 404 });
  const { article, expiresAt } = found;
  const { professionalName } = await requestSettings(context);
  return {
    article: {
      title: article.title,
      category: article.category,
      date: article.date,
      image: article.image,
      imageAlt: article.imageAlt,
      readingMinutes: article.readingMinutes,
      status: article.status,
    },
    author: article.author || professionalName,
    html: articleHtml(article.content).html,
    // Written here: the page's JavaScript needs no date formatting.
    expires: formatDateTime(expiresAt),
  };
}

export default function ArticlePreviewPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.article) {
    return (
      <>
        <PageHeader title="Vista previa no disponible" />
        <div className="container-page max-w-2xl py-12">
          <Banner variant="error" role="alert">
            {PREVIEW_LINK_MESSAGES.invalid} Pide un enlace nuevo a quien te lo envió.
          </Banner>
        </div>
      </>
    );
  }
  const { article, author, html, expires } = loaderData;
  return (
    <article className="pb-16">
      <ArticleLead
        article={article}
        author={author}
        html={html}
        notice={
          <Banner variant="info" role="note" className="mt-4">
            Vista previa ({STATUS_LABELS[article.status].toLowerCase()}):{" "}
            {article.status === "publicado"
              ? "este artículo ya está publicado."
              : "este artículo no está publicado y los buscadores no lo ven."}{" "}
            El enlace vale hasta el {expires}.
          </Banner>
        }
      />
    </article>
  );
}
