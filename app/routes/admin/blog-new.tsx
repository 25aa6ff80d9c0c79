import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { RecoverableArticleEditor } from "~/components/admin/recoverable-article-editor";
import { database } from "~/context";
import { audit } from "~/platform/audit.server";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import { articleOptions, saveArticle } from "~/modules/blog/admin.server";
import { getSettings } from "~/modules/settings/settings.server";
import { useSaveErrorToast } from "~/components/admin/use-save-error-toast";
import { ArticleSchema } from "~/modules/blog/article-form";
import { clearAutosave, unsavedCopy } from "~/modules/blog/autosave.server";
import { readForm } from "~/utils/form";
import { redirectWithToast } from "~/utils/toast.server";
import { failure } from "~/utils/action.server";
import { htmlConstraints } from "~/utils/form-schema";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/blog-new";

export const meta: Route.MetaFunction = () => adminMeta("Nuevo artículo");

/** Only roles that may publish write articles: the others get 403 here, as from the action. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "articles.publish");
  const db = await database(context);
  return {
    options: await articleOptions(db),
    canPublish: can(user.role, "articles.publish"),
    constraints: htmlConstraints(ArticleSchema),
    professionalName: (await getSettings(db)).professionalName,
    // This person's autosaved copy of a new article, if any.
    unsaved: await unsavedCopy(db, user.id, null),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "articles.publish");
  const form = await readForm(request);
  const db = await database(context);
  const result = await saveArticle(
    db,
    { ...Object.fromEntries(form), related: form.getAll("related") },
    { by: { id: user.id, name: user.name } },
  );
  if (!result.ok) return failure(result);
  await clearAutosave(db, user.id, null);
  await audit(db, {
    action: "article_created",
    actor: user,
    target: result.slug,
    ip: clientInfo(request, context).ip,
  });
  return redirectWithToast("/admin/blog", { title: "Artículo creado", description: result.title });
}

export default function NewArticlePage({ loaderData, actionData }: Route.ComponentProps) {
  useSaveErrorToast(actionData);
  return (
    <RecoverableArticleEditor
      unsaved={loaderData.unsaved}
      options={loaderData.options}
      canPublish={loaderData.canPublish}
      professionalName={loaderData.professionalName}
      result={actionData}
      constraints={loaderData.constraints}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary };
