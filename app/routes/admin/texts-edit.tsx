import { ArrowLeft } from "lucide-react";
import { useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import {
  ArticleContentField,
  type ArticleContentFieldHandle,
} from "~/components/admin/article-content-field";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { FlagNotice } from "~/components/admin/flag-notice";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { database } from "~/context";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import { claimFlags } from "~/modules/compliance/flags";
import {
  asFieldText,
  type PageDefinition,
  pageDefinition,
  pageFromForm,
  pageSchema,
} from "~/modules/pages/fields";
import {
  pageRevisions,
  pageValues,
  restorePageTexts,
  savePageTexts,
} from "~/modules/pages/texts.server";
import { failure } from "~/utils/action.server";
import { adminMeta } from "~/utils/admin-meta";
import { parseId, readForm } from "~/utils/form";
import { htmlConstraints, parseWith } from "~/utils/form-schema";
import { formatShortDateTime } from "~/utils/format-time";
import { redirectWithToast } from "~/utils/toast.server";
import { useFieldErrors } from "~/utils/use-field-errors";
import type { Route } from "./+types/texts-edit";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.page ? `Textos: ${loaderData.page.title}` : "Textos de la web");

function definitionOr404(key: string | undefined) {
  const definition = pageDefinition(key ?? "");
  if (!definition) throw data({ message: "Esa página no existe." }, { status: 404 });
  return definition;
}

/** One page's texts (/admin/textos/:page), its saved versions, and the claims check. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context, "pages.edit");
  const definition = definitionOr404(params.page);
  const db = await database(context);
  const values = await pageValues(db, definition.key);
  const revisions = await pageRevisions(db, definition.key);
  return {
    page: { key: definition.key, title: definition.title, path: definition.path },
    texts: Object.fromEntries(
      definition.fields.map((f) => [f.name, asFieldText(f.kind, values[f.name])]),
    ),
    revisions: revisions.map((r, i) => ({
      id: r.id,
      userName: r.userName,
      createdAt: r.createdAt.toISOString(),
      current: i === 0,
    })),
    constraints: htmlConstraints(pageSchema(definition)),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "pages.edit");
  const definition = definitionOr404(params.page);
  const db = await database(context);
  const form = await readForm(request);
  const ip = clientInfo(request, context).ip;
  const intent = form.get("intent");
  if (intent === "save") {
    const result = await savePageTexts(
      db,
      user,
      definition.key,
      pageFromForm(definition, form),
      ip,
    );
    if (!result.ok) return failure(result);
    return redirectWithToast(`/admin/textos/${definition.key}`, {
      title: "Textos guardados",
      description: `«${definition.title}» ya muestra el texto nuevo.`,
    });
  }
  if (intent === "restore") {
    const raw = form.get("revisionId");
    const revisionId = raw === "original" ? null : parseId(raw);
    if (raw !== "original" && revisionId === null) {
      return failure({ status: 404, formError: "Esa versión ya no existe." });
    }
    const result = await restorePageTexts(db, user, definition.key, revisionId, ip);
    if (!result.ok) return failure(result);
    return redirectWithToast(`/admin/textos/${definition.key}`, {
      title: "Versión restaurada",
      description: `«${definition.title}» vuelve a mostrar esa versión.`,
    });
  }
  return failure({ status: 400, formError: "No se ha entendido la petición." });
}

/** Every field's words, for the claims check (as typed, before sending). */
function formText(form: HTMLFormElement | null, fallback: Record<string, string>) {
  if (!form) return Object.values(fallback).join("\n");
  return [...new FormData(form).entries()]
    .filter(([name]) => name !== "intent")
    .map(([, value]) => String(value))
    .join("\n");
}

export default function TextsEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, texts, revisions, constraints } = loaderData;
  const definition = pageDefinition(page.key) as PageDefinition;
  const fields = useFieldErrors(actionData?.fieldErrors, page.key);
  const content = useRef<ArticleContentFieldHandle>(null);
  const markdownField = definition.fields.find((f) => f.kind === "markdown");
  const [markdown, setMarkdown] = useState(markdownField ? texts[markdownField.name]! : "");
  const [checked, setChecked] = useState(() => Object.values(texts).join("\n"));
  const flags = claimFlags(checked);
  const saving = useNavigation().state === "submitting";
  const recheck = () => setChecked(formText(fields.formRef.current, texts));
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    content.current?.flush();
    const form = new FormData(event.currentTarget);
    const verdict = parseWith(pageSchema(definition), pageFromForm(definition, form));
    if (!fields.show(verdict.ok ? {} : verdict.fieldErrors)) event.preventDefault();
  };
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <Link
          to="/admin/textos"
          className="inline-flex min-h-11 items-center gap-1 text-primary underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Textos de la web
        </Link>
        <h1 className="text-h1">{page.title}</h1>
        <p className="mt-1 text-muted">
          Se publica al guardar, en{" "}
          <a href={page.path} target="_blank" rel="noreferrer" className="text-primary underline">
            {page.path}
            <span className="sr-only"> (se abre en otra pestaña)</span>
          </a>
          . Cada versión guardada queda abajo, por si quieres volver a ella.
        </p>
      </div>
      {actionData?.formError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {actionData.formError}
        </p>
      ) : null}
      <Form
        ref={fields.formRef}
        method="post"
        noValidate
        onChange={(e) => {
          fields.clearOnChange(e);
          recheck();
        }}
        onSubmit={onSubmit}
        className="flex flex-col gap-5 rounded-card border border-border bg-surface p-5 shadow-soft"
      >
        <input type="hidden" name="intent" value="save" />
        {definition.fields.map((f) => {
          if (f.kind === "markdown") {
            return (
              <ArticleContentField
                key={f.name}
                ref={content}
                name={f.name}
                label={f.label}
                value={markdown}
                onChange={(value) => {
                  setMarkdown(value);
                  recheck();
                }}
                onEdit={() => undefined}
                errors={fields.of(f.name)}
                readOnly={false}
              />
            );
          }
          const limits = { maxLength: constraints[f.name]?.maxLength };
          return (
            <FormField
              key={f.name}
              label={f.label}
              name={f.name}
              required={!f.optional}
              description={f.description}
              errors={fields.of(f.name)}
            >
              {(field) =>
                f.kind === "line" ? (
                  <Input {...field} {...limits} defaultValue={texts[f.name]} />
                ) : (
                  <Textarea
                    {...field}
                    {...limits}
                    defaultValue={texts[f.name]}
                    rows={f.kind === "text" ? 3 : 6}
                  />
                )
              }
            </FormField>
          );
        })}
        <div aria-live="polite">
          <FlagNotice flags={flags} intro="Revisa antes de guardar" />
        </div>
        <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
          <Button type="submit" size="lg" disabled={saving}>
            {saving ? "Guardando..." : "Guardar y publicar"}
          </Button>
        </div>
      </Form>
      <section
        aria-labelledby="versiones"
        className="rounded-card border border-border bg-surface p-5 shadow-soft"
      >
        <h2 id="versiones" className="text-h3">
          Versiones guardadas
        </h2>
        {revisions.length === 0 ? (
          <p className="mt-2 text-muted">
            Todavía no has guardado esta página: muestra el texto de ejemplo.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-border">
            {revisions.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <span>
                  {formatShortDateTime(r.createdAt)} · {r.userName}
                  {r.current ? <strong> (la que se ve ahora)</strong> : null}
                </span>
                {r.current ? null : (
                  <ConfirmAction
                    trigger={
                      <Button type="button" variant="outline" size="sm">
                        Restaurar
                        <span className="sr-only">
                          {" "}
                          la versión de {formatShortDateTime(r.createdAt)}
                        </span>
                      </Button>
                    }
                    title="Restaurar esta versión"
                    description="La página volverá a mostrar el texto de esta versión. El texto actual se conserva en la lista."
                    fields={{ intent: "restore", revisionId: r.id }}
                    confirmLabel="Restaurar"
                  />
                )}
              </li>
            ))}
          </ul>
        )}
        {revisions.length > 0 ? (
          <div className="mt-3">
            <ConfirmAction
              trigger={
                <Button type="button" variant="outline" size="sm">
                  Volver al texto de ejemplo
                </Button>
              }
              title="Volver al texto de ejemplo"
              description="La página volverá a mostrar el texto con el que empezó la web. Tus versiones se conservan en la lista."
              fields={{ intent: "restore", revisionId: "original" }}
              confirmLabel="Volver al texto de ejemplo"
            />
          </div>
        ) : null}
      </section>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
