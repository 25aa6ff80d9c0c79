import { ArrowLeft } from "lucide-react";
import { useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import {
  ArticleContentField,
  type ArticleContentFieldHandle,
} from "~/components/admin/article-content-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { database } from "~/context";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import {
  currentDocuments,
  documentVersions,
  isDocumentKind,
  saveDocument,
} from "~/modules/consent/documents.server";
import { DOCUMENT_LABELS, DocumentSchema } from "~/modules/consent/rules";
import { failure } from "~/utils/action.server";
import { adminMeta } from "~/utils/admin-meta";
import { limitsOf, readForm } from "~/utils/form";
import { htmlConstraints, parseWith } from "~/utils/form-schema";
import { formatShortDateTime } from "~/utils/format-time";
import { redirectWithToast } from "~/utils/toast.server";
import { useFieldErrors } from "~/utils/use-field-errors";
import type { Route } from "./+types/consent-document";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Consentimientos: ${loaderData.label}` : "Consentimientos");

function kindOr404(kind: string | undefined) {
  if (!isDocumentKind(kind)) throw data({ message: "Ese documento no existe." }, { status: 404 });
  return kind;
}

/**
 * One consent document in the visual editor (/admin/consentimientos/documentos/:kind). Saving
 * writes a new version; a sent version never changes. Only a version marked as reviewed is sent.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context, "consent.documents");
  const kind = kindOr404(params.kind);
  const db = await database(context);
  const [documents, versions] = await Promise.all([
    currentDocuments(db),
    documentVersions(db, kind),
  ]);
  const doc = documents[kind];
  return {
    kind,
    label: DOCUMENT_LABELS[kind].name,
    when: DOCUMENT_LABELS[kind].when,
    title: doc.title,
    body: doc.body,
    ready: doc.ready,
    saved: doc.versionId !== null,
    versions: versions.map((v, i) => ({
      id: v.id,
      number: versions.length - i,
      ready: v.ready,
      userName: v.userName,
      createdAt: v.createdAt.toISOString(),
      sha256: v.sha256,
    })),
    constraints: htmlConstraints(DocumentSchema),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "consent.documents");
  const kind = kindOr404(params.kind);
  const form = await readForm(request);
  if (form.get("intent") !== "save") {
    return failure({ status: 400, formError: "No se ha entendido la petición." });
  }
  const result = await saveDocument(
    await database(context),
    user,
    kind,
    Object.fromEntries(form),
    clientInfo(request, context).ip,
  );
  if (!result.ok) return failure(result);
  return redirectWithToast(`/admin/consentimientos/documentos/${kind}`, {
    title: result.ready ? "Documento listo para enviar" : "Borrador guardado",
    description: result.ready
      ? `Versión ${result.version}: se enviará desde ahora. Lo ya firmado conserva su versión.`
      : `Versión ${result.version}. No se envía hasta que la marques como revisada.`,
  });
}

export default function ConsentDocumentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, label, when, title, body, ready, saved, versions, constraints } = loaderData;
  const fields = useFieldErrors(actionData?.fieldErrors, kind);
  const content = useRef<ArticleContentFieldHandle>(null);
  const [markdown, setMarkdown] = useState(body);
  const saving = useNavigation().state === "submitting";
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <Link
          to="/admin/consentimientos"
          className="inline-flex min-h-11 items-center gap-1 text-primary underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Consentimientos
        </Link>
        <h1 className="text-h1">{label}</h1>
        <p className="mt-1 text-muted">
          {when} Cada vez que guardas se crea una versión nueva: lo que ya se envió o se firmó
          conserva el texto exacto de su versión.
        </p>
        {!saved ? (
          <p className="mt-2">
            <Badge variant="warning">Texto de partida</Badge> Revísalo y adáptalo: el contenido del
            consentimiento es responsabilidad de la profesional (Ley 41/2002 y Código Deontológico).
          </p>
        ) : null}
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
        onChange={fields.clearOnChange}
        onSubmit={(event) => {
          content.current?.flush();
          const verdict = parseWith(
            DocumentSchema,
            Object.fromEntries(new FormData(event.currentTarget)),
          );
          if (!fields.show(verdict.ok ? {} : verdict.fieldErrors)) event.preventDefault();
        }}
        className="flex flex-col gap-5 rounded-card border border-border bg-surface p-5 shadow-soft"
      >
        <input type="hidden" name="intent" value="save" />
        <FormField label="Título" name="title" required errors={fields.of("title")}>
          {(field) => (
            <Input {...field} {...limitsOf(constraints.title)} aria-required defaultValue={title} />
          )}
        </FormField>
        <ArticleContentField
          ref={content}
          name="body"
          label="Texto"
          value={markdown}
          onChange={setMarkdown}
          onEdit={() => undefined}
          errors={fields.of("body")}
          readOnly={false}
        />
        <label htmlFor="ready" className="flex min-h-11 items-start gap-3">
          <Checkbox id="ready" name="ready" value="on" defaultChecked={ready} className="mt-1" />
          <span>
            He revisado este texto y puede enviarse a quien tenga cita.
            <span className="block text-sm text-ink-soft">
              Sin marcar, se guarda como borrador y se sigue enviando la última versión lista (si la
              hay).
            </span>
          </span>
        </label>
        <Button type="submit" size="lg" className="self-start" disabled={saving}>
          {saving ? "Guardando..." : "Guardar versión"}
        </Button>
      </Form>
      <section
        aria-labelledby="versiones"
        className="rounded-card border border-border bg-surface p-5 shadow-soft"
      >
        <h2 id="versiones" className="text-h3">
          Versiones
        </h2>
        {versions.length === 0 ? (
          <p className="mt-2 text-muted">Todavía no has guardado ninguna versión.</p>
        ) : (
          <ul className="mt-3 divide-y divide-border">
            {versions.map((v) => (
              <li key={v.id} className="flex flex-col gap-1 py-3">
                <span>
                  Versión {v.number} · {formatShortDateTime(v.createdAt)} · {v.userName}{" "}
                  <Badge variant={v.ready ? "success" : "neutral"}>
                    {v.ready ? "Lista" : "Borrador"}
                  </Badge>
                </span>
                <span className="text-xs break-all text-ink-soft">SHA-256 {v.sha256}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
