import { ArrowLeft, Pencil } from "lucide-react";
import { data, Link } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { database } from "~/context";
import { requireUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import { getArticle } from "~/modules/blog/admin.server";
import { STATUS_LABELS } from "~/modules/blog/article-form";
import { categoryLabel } from "~/modules/blog/categories";
import { formatDateTime } from "~/utils/format-time";
import { articleHtml } from "~/modules/content/article-html";
import { responsiveImage } from "~/modules/media/responsive";
import { formatLongDate } from "~/utils/format";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/blog-preview";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(`Vista previa: ${loaderData?.article.title ?? "artículo"}`);

/** Staff see any article (a private one too) as it will read on the public page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const article = await getArticle(await database(context), params.slug);
  if (!article) throw data({ message: "Artículo no encontrado" }, { status: 404 });
  return {
    article: {
      slug: article.slug,
      title: article.title,
      category: article.category,
      date: article.date,
      image: article.image,
      imageAlt: article.imageAlt,
      status: article.status,
      publishAt: article.publishAt,
    },
    // As the public page shows it: linkable sections and, with three or more, the contents.
    html: articleHtml(article.content).html,
    canPublish: can(user.role, "articles.publish"),
  };
}

export default function PreviewPage({ loaderData }: Route.ComponentProps) {
  const { article, html, canPublish } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to="/admin/blog"
          className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-primary no-underline hover:bg-primary-soft"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Volver al blog
        </Link>
        {canPublish ? (
          <Link
            to={`/admin/blog/editar/${encodeURIComponent(article.slug)}`}
            className="inline-flex min-h-11 items-center gap-1 rounded-full border-2 border-primary px-4 font-semibold text-primary no-underline hover:bg-primary-soft"
          >
            <Pencil aria-hidden="true" className="size-4" /> Editar
          </Link>
        ) : null}
      </div>
      <p className="rounded-field bg-sand p-3">
        Vista previa para el equipo.{" "}
        {article.status === "publicado"
          ? "Este artículo está publicado."
          : article.status === "programado" && article.publishAt
            ? `Este artículo se publicará el ${formatDateTime(article.publishAt)}: hasta entonces los visitantes no lo ven.`
            : `Este artículo está en estado «${STATUS_LABELS[article.status]}»: los visitantes no lo ven.`}
      </p>
      <article className="mx-auto w-full max-w-3xl rounded-card border border-border bg-surface p-5 sm:p-8">
        <p className="inline-flex rounded-full bg-primary-soft px-3 py-0.5 text-sm font-semibold text-primary-strong">
          {categoryLabel(article.category)}
        </p>
        <h1 className="mt-3 text-h1">{article.title}</h1>
        <p className="mt-2 text-muted">{formatLongDate(article.date)}</p>
        <img
          {...responsiveImage(article.image, "(min-width: 48rem) 48rem, 100vw")}
          alt={article.imageAlt}
          width={1200}
          height={675}
          className="mt-6 aspect-[16/9] w-full rounded-card object-cover"
        />
        <div
          className="prose-reading mt-8 text-[1.0625rem]"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </article>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
