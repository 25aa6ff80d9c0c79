import { ArrowLeft, Copy } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { database } from "~/context";
import { audit } from "~/platform/audit.server";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import { getArticle } from "~/modules/blog/admin.server";
import { STATUS_LABELS } from "~/modules/blog/article-form";
import {
  PREVIEW_LINK_DEFAULT_DAYS,
  PREVIEW_LINK_MESSAGES,
  PreviewLinkSchema,
} from "~/modules/blog/preview-link-form";
import {
  activePreviewLinks,
  createPreviewLink,
  revokePreviewLink,
} from "~/modules/blog/preview-links.server";
import { madridLocalValue } from "~/modules/blog/schedule";
import { failure } from "~/utils/action.server";
import { formFailure, readForm } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { formatDateTime } from "~/utils/format-time";
import { redirectWithToast } from "~/utils/toast.server";
import { useFieldErrors } from "~/utils/use-field-errors";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/blog-share";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(`Compartir vista previa: ${loaderData?.article.title ?? "artículo"}`);

const DAY = 24 * 60 * 60_000;

/**
 * Preview links of one article (docs/product.md#enlaces-de-vista-previa): who made each and
 * until when it works; a new link (shown once: only its hash is kept) and 'Revocar'. Every
 * signed-in person sees the list; changing it takes articles.publish.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const db = await database(context);
  const article = await getArticle(db, params.slug);
  if (!article) throw data({ message: "Artículo no encontrado" }, { status: 404 });
  const links = await activePreviewLinks(db, article.id);
  return {
    article: { slug: article.slug, title: article.title, status: article.status },
    links: links.map((l) => ({
      id: l.id,
      createdAt: l.createdAt.toISOString(),
      expiresAt: l.expiresAt.toISOString(),
    })),
    defaultExpiry: madridLocalValue(Date.now() + PREVIEW_LINK_DEFAULT_DAYS * DAY),
    canPublish: can(user.role, "articles.publish"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "articles.publish");
  const form = await readForm(request);
  const db = await database(context);
  const intent = form.get("intent");
  const ip = clientInfo(request, context).ip;
  if (intent === "create") {
    const made = await createPreviewLink(db, params.slug, Object.fromEntries(form), user.id);
    if (!made.ok) return failure({ ...made, intent: "create" });
    await audit(db, {
      action: "article_preview_link_created",
      actor: user,
      target: params.slug,
      details: { expiresAt: made.expiresAt.toISOString() },
      ip,
    });
    return { ok: true as const, url: made.url, expiresAt: made.expiresAt.toISOString() };
  }
  if (intent === "revoke") {
    const id = Number(form.get("linkId"));
    if (!(await revokePreviewLink(db, params.slug, id))) {
      return failure({
        ...formFailure(PREVIEW_LINK_MESSAGES.notFound),
        status: 404,
        intent: "revoke",
      });
    }
    await audit(db, {
      action: "article_preview_link_revoked",
      actor: user,
      target: params.slug,
      ip,
    });
    return redirectWithToast(`/admin/blog/editar/${encodeURIComponent(params.slug)}/compartir`, {
      title: "Enlace revocado",
      description: "Quien lo tenga ya no podrá abrir la vista previa.",
    });
  }
  return failure({ ...formFailure("Acción no válida"), status: 400 });
}

export default function ShareArticlePage({ loaderData, actionData }: Route.ComponentProps) {
  const { article, links, defaultExpiry, canPublish } = loaderData;
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const fields = useFieldErrors(refused?.intent === "create" ? refused.fieldErrors : undefined);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // "copied", or "select" where the browser refuses the clipboard (a page not served over HTTPS):
  // the link is then selected in its field, ready for Ctrl+C.
  const [copy, setCopy] = useState<"copied" | "select" | null>(null);
  const copyLink = (url: string) => {
    const selectField = () => {
      const field = document.getElementById("enlace-creado");
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
      setCopy("select");
    };
    if (!navigator.clipboard) return selectField();
    navigator.clipboard.writeText(url).then(() => setCopy("copied"), selectField);
  };
  const created = actionData?.ok ? actionData : null;
  const editUrl = `/admin/blog/editar/${encodeURIComponent(article.slug)}`;

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={canPublish ? editUrl : "/admin/blog"}
          className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-primary no-underline hover:bg-primary-soft"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />{" "}
          {canPublish ? "Volver al artículo" : "Volver al blog"}
        </Link>
        <h1 className="text-h1">Compartir vista previa</h1>
      </div>
      <p>
        «{article.title}» ({STATUS_LABELS[article.status]}). Un enlace de vista previa deja leer el
        artículo tal como se publicará a quien no tiene cuenta, por ejemplo a una colega que lo
        revisa. Los buscadores no lo indexan, caduca cuando elijas y puedes revocarlo.
      </p>

      {created ? (
        <Banner variant="success" role="status">
          <p className="font-semibold">
            Enlace creado. Cópialo ahora: por seguridad no se vuelve a mostrar.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <label htmlFor="enlace-creado" className="sr-only">
              Enlace de vista previa
            </label>
            <Input
              id="enlace-creado"
              readOnly
              value={created.url}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 font-mono"
            />
            <Button type="button" variant="outline" onClick={() => copyLink(created.url)}>
              <Copy aria-hidden="true" className="size-4" />{" "}
              {copy === "copied" ? "Copiado" : "Copiar enlace"}
            </Button>
          </div>
          <p className="mt-2 text-sm empty:hidden">
            {copy === "select"
              ? "El navegador no deja copiar desde esta página: el enlace está seleccionado, pulsa Ctrl+C (⌘+C en Mac)."
              : null}
          </p>
          <p className="mt-2 text-sm">Vale hasta el {formatDateTime(created.expiresAt)}.</p>
        </Banner>
      ) : null}
      {refused?.formError && !refused.fieldErrors?.expiresAt ? (
        <Banner variant="error" role="alert">
          {refused.formError}
        </Banner>
      ) : null}

      {canPublish ? (
        <Form
          ref={fields.formRef}
          method="post"
          noValidate
          onChange={fields.clearOnChange}
          onSubmit={(event) => {
            const verdict = parseWith(
              PreviewLinkSchema,
              Object.fromEntries(new FormData(event.currentTarget)),
            );
            if (!fields.show(verdict.ok ? {} : verdict.fieldErrors)) event.preventDefault();
          }}
          className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5"
        >
          <h2 className="text-h3">Nuevo enlace</h2>
          <input type="hidden" name="intent" value="create" />
          <FormField
            label="Caduca el"
            name="expiresAt"
            required
            errors={fields.of("expiresAt")}
            description="Día y hora de Madrid; como mucho dentro de 30 días."
          >
            {(field) => (
              <Input
                {...field}
                type="datetime-local"
                step={60}
                required
                defaultValue={defaultExpiry}
              />
            )}
          </FormField>
          <div>
            <Button type="submit" disabled={busy}>
              Crear enlace de vista previa
            </Button>
          </div>
        </Form>
      ) : (
        <p className="rounded-field bg-sand p-3">
          Tu rol permite ver los enlaces, no crearlos ni revocarlos.
        </p>
      )}

      <section aria-labelledby="enlaces-activos" className="flex flex-col gap-3">
        <h2 id="enlaces-activos" className="text-h3">
          Enlaces activos
        </h2>
        {links.length === 0 ? (
          <p className="text-muted">No hay enlaces activos para este artículo.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {links.map((link) => (
              <li
                key={link.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-field border border-border bg-surface p-3"
              >
                <span>
                  Creado el {formatDateTime(link.createdAt)} · caduca el{" "}
                  {formatDateTime(link.expiresAt)}
                </span>
                {canPublish ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="linkId" value={link.id} />
                    <Button type="submit" variant="ghost-danger" disabled={busy}>
                      Revocar
                      <span className="sr-only">
                        {" "}
                        el enlace creado el {formatDateTime(link.createdAt)}
                      </span>
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
