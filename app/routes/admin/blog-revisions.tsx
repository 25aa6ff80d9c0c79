import { ArrowLeft, RotateCcw } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { RevisionDiff } from "~/components/admin/revision-diff";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { database } from "~/context";
import { audit } from "~/platform/audit.server";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import { getArticle } from "~/modules/blog/admin.server";
import { diffRevisions } from "~/modules/blog/revision-diff.server";
import { REVISION_MESSAGES } from "~/modules/blog/revisions";
import { listRevisions, restoreRevision, revisionTexts } from "~/modules/blog/revisions.server";
import { failure } from "~/utils/action.server";
import { parseId, readForm } from "~/utils/form";
import { plural } from "~/utils/format";
import { formatShortDateTime } from "~/utils/format-time";
import { redirectWithToast } from "~/utils/toast.server";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/blog-revisions";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(`Revisiones de «${loaderData?.article.title ?? "artículo"}»`);

const editorPath = (slug: string) => `/admin/blog/editar/${encodeURIComponent(slug)}`;

/**
 * Every signed-in member of staff reads an article's revisions and compares any two
 * (`?de=<id>&con=<id>`; by default the newest with the one before it). The diff is computed
 * here, on the server: the page sends no diff code to the browser.
 */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const db = await database(context);
  const article = await getArticle(db, params.slug);
  if (!article) throw data({ message: REVISION_MESSAGES.articleNotFound }, { status: 404 });
  const rows = await listRevisions(db, article.id);
  const index = (id: number | null) => (id === null ? -1 : rows.findIndex((r) => r.id === id));
  let to = index(parseId(url.searchParams.get("con")));
  if (to < 0) to = 0;
  let from = index(parseId(url.searchParams.get("de")));
  if (from < 0) from = Math.min(to + 1, rows.length - 1);
  const pair = rows.length > 1 ? { from: rows[from]!.id, to: rows[to]!.id } : null;
  let diff = null;
  if (pair) {
    const texts = await revisionTexts(db, article.id, [pair.from, pair.to]);
    const text = (id: number) => texts.find((t) => t.id === id)!;
    diff = diffRevisions(text(pair.from), text(pair.to));
  }
  return {
    article: { slug: article.slug, title: article.title },
    revisions: rows.map((r, i) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      userName: r.userName,
      words: r.words,
      // Against the revision before it (the next one in this newest-first list).
      wordsChange: i + 1 < rows.length ? r.words - rows[i + 1]!.words : null,
      // Counted from the oldest kept: two saves in the same minute still read apart.
      number: rows.length - i,
      current: r.current,
    })),
    from: pair?.from ?? null,
    to: pair?.to ?? null,
    diff,
    canPublish: can(user.role, "articles.publish"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  if (!can(user.role, "articles.publish")) {
    return failure({ status: 403, formError: REVISION_MESSAGES.forbidden });
  }
  const form = await readForm(request);
  if (form.get("intent") !== "restore") {
    return failure({ status: 400, formError: REVISION_MESSAGES.invalid });
  }
  const revisionId = parseId(form.get("revisionId"));
  if (revisionId === null) return failure({ status: 404, formError: REVISION_MESSAGES.notFound });
  const db = await database(context);
  const result = await restoreRevision(db, params.slug, revisionId, {
    id: user.id,
    name: user.name,
  });
  if (!result.ok) return failure(result);
  await audit(db, {
    action: "article_revision_restored",
    actor: user,
    target: params.slug,
    details: { revisionId },
    ip: clientInfo(request, context).ip,
  });
  return redirectWithToast(editorPath(params.slug), {
    title: REVISION_MESSAGES.restored,
    description: result.title,
  });
}

/** '1.200 palabras (+35)'. */
function wordsText(words: number, change: number | null) {
  const delta =
    change === null || change === 0 ? "" : ` (${change > 0 ? "+" : "−"}${Math.abs(change)})`;
  return `${plural(words, "palabra", "palabras")}${delta}`;
}

export default function RevisionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { article, revisions, from, to, diff, canPublish } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // 'Ver cambios' and 'Comparar' change the comparison above: its heading takes the focus, so the
  // new comparison is read next (without JavaScript, the link's #comparar does the same).
  const { search } = useLocation();
  const comparison = useRef<HTMLHeadingElement>(null);
  const shownSearch = useRef(search);
  useEffect(() => {
    if (search === shownSearch.current) return;
    shownSearch.current = search;
    comparison.current?.focus();
  }, [search]);
  const label = (id: number | null) => {
    const r = revisions.find((x) => x.id === id);
    return r ? `${r.number} · ${formatShortDateTime(r.createdAt)} (${r.userName})` : "";
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={editorPath(article.slug)}
          className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-primary no-underline hover:bg-primary-soft"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Volver al editor
        </Link>
        <h1 className="text-h1">Revisiones</h1>
      </div>
      <p className="text-muted">
        «{article.title}». Cada vez que se guarda el artículo se guarda su título, resumen y texto.
      </p>
      {actionData?.formError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {actionData.formError}
        </p>
      ) : null}

      {revisions.length === 0 ? (
        <p className="rounded-card border border-border bg-surface p-6 text-muted">
          Este artículo aún no tiene revisiones: la primera se guardará la próxima vez que se
          guarde.
        </p>
      ) : null}

      {diff ? (
        <section aria-labelledby="comparar" className="flex flex-col gap-4">
          <h2 id="comparar" ref={comparison} tabIndex={-1} className="text-h2">
            Comparar revisiones
          </h2>
          <Form method="get" className="flex flex-wrap items-end gap-3">
            {(
              [
                ["de", "De", from],
                ["con", "Con", to],
              ] as const
            ).map(([name, text, selected]) => (
              <div key={name} className="flex flex-col gap-1">
                <label htmlFor={`comparar-${name}`} className="font-semibold">
                  {text}
                </label>
                {/* Keyed by the choice: after 'Comparar' the page's answer sets it again. */}
                <NativeSelect
                  id={`comparar-${name}`}
                  name={name}
                  defaultValue={String(selected)}
                  key={selected}
                >
                  {revisions.map((r) => (
                    <option key={r.id} value={r.id}>
                      {label(r.id)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            ))}
            <Button type="submit" variant="secondary">
              Comparar
            </Button>
          </Form>
          <p>
            Cambios de la revisión {label(from)} a la {label(to)}.
          </p>
          <RevisionDiff fields={diff} />
        </section>
      ) : null}

      {revisions.length > 0 ? (
        <section aria-labelledby="historial" className="flex flex-col gap-4">
          <h2 id="historial" className="text-h2">
            Historial ({revisions.length})
          </h2>
          <Table scrollLabel="Tabla de revisiones">
            <TableHeader>
              <TableRow>
                <TableHead>N.º</TableHead>
                <TableHead>Fecha</TableHead>
                <TableHead>Autor</TableHead>
                <TableHead>Texto</TableHead>
                <TableHead>Acciones</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {revisions.map((r, i) => {
                const older = revisions[i + 1];
                return (
                  <TableRow key={r.id}>
                    <TableCell>{r.number}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={r.createdAt}>{formatShortDateTime(r.createdAt)}</time>
                    </TableCell>
                    <TableCell>{r.userName}</TableCell>
                    <TableCell>
                      <span className="whitespace-nowrap">{wordsText(r.words, r.wordsChange)}</span>
                      {r.current ? (
                        <Badge variant="success" className="ml-2">
                          Texto actual
                        </Badge>
                      ) : null}
                    </TableCell>
                    <TableCell size="sm">
                      <div className="flex flex-wrap gap-1">
                        {older ? (
                          <Link
                            to={`?de=${older.id}&con=${r.id}#comparar`}
                            className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-primary hover:bg-sand"
                          >
                            Ver cambios
                            <span className="sr-only"> de la revisión {r.number}</span>
                          </Link>
                        ) : null}
                        {canPublish && !r.current ? (
                          <Form method="post">
                            <input type="hidden" name="intent" value="restore" />
                            <input type="hidden" name="revisionId" value={r.id} />
                            <Button
                              type="submit"
                              variant="ghost-primary"
                              size="compact"
                              disabled={busy}
                            >
                              <RotateCcw aria-hidden="true" /> Restaurar
                              <span className="sr-only"> la revisión {r.number}</span>
                            </Button>
                          </Form>
                        ) : null}
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {canPublish ? null : (
            <p className="rounded-field bg-sand p-3">
              Tu rol permite ver las revisiones, no restaurarlas.
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
