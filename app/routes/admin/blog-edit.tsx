import { data, Link } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { History } from "lucide-react";
import { RecoverableArticleEditor } from "~/components/admin/recoverable-article-editor";
import { useSaveErrorToast } from "~/components/admin/use-save-error-toast";
import { database } from "~/context";
import { audit } from "~/platform/audit.server";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import { articleOptions, getArticle, saveArticle } from "~/modules/blog/admin.server";
import { ArticleSchema } from "~/modules/blog/article-form";
import { madridLocalValue } from "~/modules/blog/schedule";
import { clearAutosave, unsavedCopy } from "~/modules/blog/autosave.server";
import { countRevisions } from "~/modules/blog/revisions.server";
import { getSettings } from "~/modules/settings/settings.server";
import { readForm } from "~/utils/form";
import { redirectWithToast } from "~/utils/toast.server";
import { failure } from "~/utils/action.server";
import { htmlConstraints } from "~/utils/form-schema";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/blog-edit";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(`Editar «${loaderData?.article.title ?? "artículo"}»`);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const db = await database(context);
  const article = await getArticle(db, params.slug);
  if (!article) throw data({ message: "Artículo no encontrado" }, { status: 404 });
  const { professionalName } = await getSettings(db);
  const editable = {
    title: article.title,
    slug: article.slug,
    category: article.category,
    excerpt: article.excerpt,
    content: article.content,
    image: article.image,
    imageAlt: article.imageAlt,
    author: article.author ?? professionalName,
    relatedSlugs: article.relatedSlugs,
    status: article.status,
    publishAt: article.publishAt ? madridLocalValue(article.publishAt) : "",
  };
  const canPublish = can(user.role, "articles.publish");
  return {
    article: editable,
    // This person's autosaved copy, when it differs from the article as stored.
    unsaved: canPublish ? await unsavedCopy(db, user.id, { ...editable, id: article.id }) : null,
    revisionCount: await countRevisions(db, article.id),
    options: await articleOptions(db, article.slug),
    canPublish,
    constraints: htmlConstraints(ArticleSchema),
    professionalName,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "articles.publish");
  const form = await readForm(request);
  const db = await database(context);
  const result = await saveArticle(
    db,
    { ...Object.fromEntries(form), related: form.getAll("related") },
    { originalSlug: params.slug, by: { id: user.id, name: user.name } },
  );
  if (!result.ok) return failure(result);
  await clearAutosave(db, user.id, result.id);
  await audit(db, {
    action: "article_updated",
    actor: user,
    target: result.slug,
    // A new slug: the old one, so the history of the article can be followed.
    details: result.slug === params.slug ? undefined : { previousSlug: params.slug },
    ip: clientInfo(request, context).ip,
  });
  return redirectWithToast("/admin/blog", {
    title: "Artículo actualizado",
    description: result.title,
  });
}

export default function EditArticlePage({ loaderData, actionData }: Route.ComponentProps) {
  useSaveErrorToast(actionData);
  return (
    <RecoverableArticleEditor
      key={loaderData.article.slug}
      unsaved={loaderData.unsaved}
      headerAction={
        <Link
          to={`/admin/blog/editar/${encodeURIComponent(loaderData.article.slug)}/revisiones`}
          className="ml-auto inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-primary no-underline hover:bg-primary-soft"
        >
          <History aria-hidden="true" className="size-4" /> Revisiones ({loaderData.revisionCount})
        </Link>
      }
      article={loaderData.article}
      options={loaderData.options}
      canPublish={loaderData.canPublish}
      professionalName={loaderData.professionalName}
      result={actionData}
      constraints={loaderData.constraints}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary };
