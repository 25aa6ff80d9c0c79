import { ArrowDown, ArrowUp, ExternalLink, Eye, Pencil, Plus, Search, Trash2 } from "lucide-react";
import { SEARCH_MAX } from "~/utils/search";
import { Form, Link, useFetcher } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/pagination";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { LinkButton } from "~/components/ui/link-button";
import { Switch } from "~/components/ui/switch";
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
import {
  type AdminSort,
  deleteArticle,
  listAdminArticles,
  setArticleVisibility,
} from "~/modules/blog/admin.server";
import { type ArticleStatus, STATUS_LABELS } from "~/modules/blog/article-form";
import { categoryLabel } from "~/modules/blog/categories";
import { formatShortDateTime } from "~/utils/format-time";
import { parsePage } from "~/utils/pagination";
import { responsiveImage } from "~/modules/media/responsive";
import { formatShortDate, plural } from "~/utils/format";
import { backTo, readForm } from "~/utils/form";
import { failure } from "~/utils/action.server";
import { redirectWithToast } from "~/utils/toast.server";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = () => adminMeta("Gestión del blog");

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const sort: AdminSort = url.searchParams.get("orden") === "antiguos" ? "antiguos" : "recientes";
  const page = parsePage(url.searchParams.get("pagina")) ?? 1;
  const result = await listAdminArticles(await database(context), {
    q: url.searchParams.get("q") ?? "",
    sort,
    page,
  });
  return { ...result, canPublish: can(user.role, "articles.publish") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "articles.publish");
  const ip = clientInfo(request, context).ip;
  const form = await readForm(request);
  const slug = String(form.get("slug") ?? "").slice(0, 200);
  const back = backTo("/admin/blog", form.get("back"));
  const db = await database(context);
  switch (form.get("intent")) {
    case "visibility": {
      const isPublic = form.get("isPublic") === "1";
      const done = slug ? await setArticleVisibility(db, slug, isPublic) : null;
      if (!done) {
        return failure({
          status: 404,
          formError: "No se pudo cambiar la visibilidad: el artículo no existe.",
        });
      }
      await audit(db, {
        action: isPublic ? "article_published" : "article_unpublished",
        actor: user,
        target: slug,
        ip,
      });
      return redirectWithToast(back, {
        title: isPublic ? "Artículo publicado" : "Artículo privado",
        description: done.title,
      });
    }
    case "delete": {
      const done = slug ? await deleteArticle(db, slug) : null;
      if (!done) {
        return redirectWithToast(
          back,
          { type: "error", title: "Error", description: "No se pudo eliminar el artículo" },
          { status: 303 },
        );
      }
      await audit(db, { action: "article_deleted", actor: user, target: slug, ip });
      return redirectWithToast(back, { title: "Artículo eliminado", description: done.title });
    }
    default:
      return failure({ status: 400, formError: "Acción no válida" });
  }
}

export default function BlogAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount, q, sort, canPublish } = loaderData;
  const query = (over: Record<string, string | number | null>) => {
    const p = new URLSearchParams();
    const values = { q, orden: sort === "antiguos" ? "antiguos" : null, pagina: page, ...over };
    for (const [k, v] of Object.entries(values)) {
      if (v !== null && v !== "" && !(k === "pagina" && v === 1)) p.set(k, String(v));
    }
    const s = p.toString();
    return s ? `?${s}` : "";
  };
  const back = query({}).slice(1);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-h1">Gestión del blog</h1>
          <p className="mt-1 text-muted">
            {plural(total, "artículo", "artículos")}
            {q ? ` para «${q}»` : ""}
          </p>
        </div>
        {canPublish ? (
          <LinkButton to="/admin/blog/nuevo">
            <Plus aria-hidden="true" /> Nuevo artículo
          </LinkButton>
        ) : null}
      </div>

      <Form method="get" role="search" className="flex max-w-xl gap-2">
        <label htmlFor="buscar-articulos" className="sr-only">
          Buscar por título o texto
        </label>
        <Input
          id="buscar-articulos"
          name="q"
          type="search"
          maxLength={SEARCH_MAX}
          defaultValue={q}
          placeholder="Buscar por título o texto"
        />
        {sort === "antiguos" ? <input type="hidden" name="orden" value="antiguos" /> : null}
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" /> Buscar
        </Button>
      </Form>

      {actionData?.formError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {actionData.formError}
        </p>
      ) : null}

      {items.length === 0 ? (
        <p className="rounded-card border border-border bg-surface p-6 text-muted">
          No se encontraron artículos
        </p>
      ) : (
        // Below 640 px each row is a card, as in Reseñas (issue #34).
        <Table scrollLabel="Tabla de artículos" stackOnPhone>
          <TableHeader>
            <TableRow>
              {/* The cover only where the table has room for it (1280 px and up). */}
              <TableHead className="hidden w-24 xl:table-cell">
                <span className="sr-only">Imagen</span>
              </TableHead>
              <TableHead>Título</TableHead>
              <TableHead aria-sort={sort === "antiguos" ? "ascending" : "descending"}>
                <Link
                  to={query({ orden: sort === "antiguos" ? null : "antiguos", pagina: 1 })}
                  className="inline-flex min-h-11 items-center gap-1 underline-offset-4 hover:underline"
                >
                  Fecha
                  {sort === "antiguos" ? (
                    <ArrowUp aria-hidden="true" className="size-4" />
                  ) : (
                    <ArrowDown aria-hidden="true" className="size-4" />
                  )}
                  <span className="sr-only">
                    {sort === "antiguos"
                      ? " (más antiguos primero; ordenar por más recientes)"
                      : " (más recientes primero; ordenar por más antiguos)"}
                  </span>
                </Link>
              </TableHead>
              <TableHead>Estado</TableHead>
              <TableHead>Acciones</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((a) => (
              <TableRow key={a.id}>
                <TableCell size="sm" className="hidden pr-0 xl:table-cell">
                  <img
                    {...responsiveImage(a.image, "80px")}
                    alt=""
                    width={80}
                    height={45}
                    loading="lazy"
                    decoding="async"
                    className="h-[45px] w-20 max-w-none rounded-md object-cover"
                  />
                </TableCell>
                <TableCell className="min-w-52">
                  <span className="block font-semibold">{a.title}</span>
                  <span className="block text-muted">{categoryLabel(a.category)}</span>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatShortDate(a.date)}</TableCell>
                <TableCell>
                  <VisibilitySwitch
                    slug={a.slug}
                    title={a.title}
                    status={a.status}
                    publishAt={a.publishAt}
                    back={back}
                    disabled={!canPublish}
                  />
                </TableCell>
                <TableCell size="sm">
                  {/* One line of icon buttons: each named in full for screen readers. */}
                  <div className="flex gap-1">
                    {a.isPublic ? (
                      <a
                        href={`/blog/${encodeURIComponent(a.slug)}`}
                        target="_blank"
                        rel="noopener noreferrer"
                        title="Ver en el blog"
                        className={buttonVariants({ variant: "ghost-primary", size: "icon" })}
                      >
                        <ExternalLink aria-hidden="true" />
                        <span className="sr-only">
                          Ver «{a.title}» (se abre en una pestaña nueva)
                        </span>
                      </a>
                    ) : (
                      <Link
                        to={`/admin/blog/vista-previa/${encodeURIComponent(a.slug)}`}
                        title="Vista previa"
                        className={buttonVariants({ variant: "ghost-primary", size: "icon" })}
                      >
                        <Eye aria-hidden="true" />
                        <span className="sr-only">Vista previa de «{a.title}»</span>
                      </Link>
                    )}
                    {canPublish ? (
                      <Link
                        to={`/admin/blog/editar/${encodeURIComponent(a.slug)}`}
                        title="Editar"
                        className={buttonVariants({ variant: "ghost", size: "icon" })}
                      >
                        <Pencil aria-hidden="true" />
                        <span className="sr-only">Editar «{a.title}»</span>
                      </Link>
                    ) : (
                      <Button size="icon" variant="ghost" disabled title="Editar">
                        <Pencil aria-hidden="true" />
                        <span className="sr-only">Editar «{a.title}»</span>
                      </Button>
                    )}
                    <ConfirmAction
                      title="Eliminar artículo"
                      description={<>Se eliminará «{a.title}». Esta acción no se puede deshacer.</>}
                      fields={{ intent: "delete", slug: a.slug, back: back }}
                      trigger={
                        <Button
                          size="icon"
                          variant="ghost-danger"
                          disabled={!canPublish}
                          title="Eliminar"
                        >
                          <Trash2 aria-hidden="true" />
                          <span className="sr-only">Eliminar «{a.title}»</span>
                        </Button>
                      }
                    />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <AdminPagination page={page} pageCount={pageCount} href={(p) => query({ pagina: p })} />
    </div>
  );
}

/** Public/private switch: posts at once, shows the new state while the server confirms. */
function VisibilitySwitch({
  slug,
  title,
  status,
  publishAt,
  back,
  disabled,
}: {
  slug: string;
  title: string;
  status: ArticleStatus;
  publishAt: Date | string | null;
  back: string;
  disabled: boolean;
}) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("isPublic");
  const shown = pending ? pending === "1" : status === "publicado";
  return (
    <div className="flex flex-col items-start gap-1 xl:flex-row xl:items-center xl:gap-2">
      <Switch
        checked={shown}
        disabled={disabled}
        aria-label={`Público: ${title}`}
        onCheckedChange={(checked) =>
          void fetcher.submit(
            { intent: "visibility", slug, isPublic: checked ? "1" : "0", back },
            { method: "post" },
          )
        }
      />
      <Badge variant={shown ? "success" : "neutral"}>
        {pending ? (shown ? "Publicado" : "Privado") : STATUS_LABELS[status]}
      </Badge>
      {!pending && status === "programado" && publishAt ? (
        <span className="text-sm text-muted">{formatShortDateTime(publishAt)}</span>
      ) : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
