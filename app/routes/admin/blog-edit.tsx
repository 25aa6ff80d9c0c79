import { data } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { ArticleEditor } from "~/components/admin/article-editor";
import { useSaveErrorToast } from "~/components/admin/use-save-error-toast";
import { database } from "~/context";
import { audit } from "~/modules/accounts/audit.server";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import { articleOptions, getArticle, saveArticle } from "~/modules/blog/admin.server";
import { ArticleSchema } from "~/modules/blog/article-form";
import { getSettings } from "~/modules/settings/settings.server";
import { readForm } from "~/utils/form";
import { redirectWithToast } from "~/utils/toast.server";
import { failure } from "~/utils/action.server";
import { htmlConstraints } from "~/utils/form-schema";
import type { Route } from "./+types/blog-edit";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Editar «${loaderData?.article.title ?? "artículo"}» | Área de Gestión` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const db = await database(context);
  const article = await getArticle(db, params.slug);
  if (!article) throw data({ message: "Artículo no encontrado" }, { status: 404 });
  const { professionalName } = await getSettings(db);
  return {
    article: {
      title: article.title,
      slug: article.slug,
      category: article.category,
      excerpt: article.excerpt,
      content: article.content,
      image: article.image,
      imageAlt: article.imageAlt,
      author: article.author ?? professionalName,
      relatedSlugs: article.relatedSlugs,
      isPublic: article.isPublic,
    },
    options: await articleOptions(db, article.slug),
    canPublish: can(user.role, "articles.publish"),
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
    { originalSlug: params.slug },
  );
  if (!result.ok) return failure(result);
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
    <ArticleEditor
      key={loaderData.article.slug}
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
