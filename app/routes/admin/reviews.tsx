import { Bell, Pencil, Plus, RefreshCw, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation, useRevalidator } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Stars } from "~/components/site/stars";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { database } from "~/context";
import { audit } from "~/modules/accounts/audit.server";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import { parsePage } from "~/utils/pagination";
import {
  deleteReview,
  listReviews,
  pendingReviewCount,
  saveReview,
  setReviewPublished,
  type StatusFilter,
} from "~/modules/reviews/reviews.server";
import { markReviewsSeen } from "~/modules/reviews/live.server";
import { ReviewAdminSchema } from "~/modules/reviews/schema";
import { failure } from "~/utils/action.server";
import { htmlConstraints, parseWith } from "~/utils/form-schema";
import { cn } from "~/utils/cn";
import { plural } from "~/utils/format";
import { formatDay } from "~/utils/format-time";
import { notify } from "~/utils/notify";
import {
  type NotificationState,
  notificationState,
  requestNotifications,
} from "~/utils/desktop-notifications";
import { backTo, parseId, readForm } from "~/utils/form";
import { useFieldErrors } from "~/utils/use-field-errors";
import { FlaggedText, FlagNotice } from "~/components/admin/flag-notice";
import { reviewFlags } from "~/modules/compliance/flags";
import { inviteReviewer } from "~/modules/reviews/invitations.server";
import { logger } from "~/utils/logger.server";
import { redirectWithToast } from "~/utils/toast.server";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => adminMeta("Reseñas");

const FILTERS: Array<{ value: StatusFilter; label: string }> = [
  { value: "todas", label: "Todas" },
  { value: "borradores", label: "Borradores" },
  { value: "publicadas", label: "Publicadas" },
];

const isStatus = (value: string | null): value is StatusFilter =>
  FILTERS.some((f) => f.value === value);

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const raw = url.searchParams.get("estado");
  const page = parsePage(url.searchParams.get("pagina")) ?? 1;
  const db = await database(context);
  const canModerate = can(user.role, "reviews.moderate");
  let status: StatusFilter = isStatus(raw) ? raw : "todas";
  try {
    // Contributors see the published reviews only (unpublished ones are visitors' health data).
    if (!can(user.role, "reviews.readUnpublished")) status = "publicadas";
    // Without a chosen filter, the list opens on the drafts when some wait for moderation.
    else if (!isStatus(raw) && (await pendingReviewCount(db)) > 0) status = "borradores";
    // Showing the list changes nothing: the page posts intent=seen once mounted (see action).
    const result = await listReviews(db, { status, page });
    return {
      ...result,
      pending: can(user.role, "reviews.readUnpublished") ? result.pending : 0,
      items: result.items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      status,
      canModerate,
      moderator: can(user.role, "reviews.readUnpublished"),
      constraints: htmlConstraints(ReviewAdminSchema),
      loadError: null,
    };
  } catch (err) {
    // The page still renders (header, buttons) with the inline error (docs/product.md#admin-area).
    logger.error({ err }, "no se pudieron cargar las reseñas");
    return {
      items: [],
      total: 0,
      pending: 0,
      page: 1,
      pageCount: 1,
      status,
      canModerate,
      moderator: can(user.role, "reviews.readUnpublished"),
      constraints: htmlConstraints(ReviewAdminSchema),
      loadError: "la base de datos no respondió. Inténtalo de nuevo en unos segundos.",
    };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, context);
  const form = await readForm(request);
  if (form.get("intent") === "seen") {
    // Clearing one's own new-review notice: any signed-in person, by POST only.
    await markReviewsSeen(await database(context), viewer.id);
    if (form.get("auto") === "1") return { ok: true as const };
    return redirectWithToast(backTo("/admin/resenas", form.get("back")), {
      title: "Reseñas marcadas como vistas",
    });
  }
  const user = await requireUser(request, context, "reviews.moderate");
  const ip = clientInfo(request, context).ip;
  const db = await database(context);
  const intent = form.get("intent");
  const id = parseId(form.get("id"));
  const back = backTo("/admin/resenas", form.get("back"));
  if (intent === "invite") {
    const result = await inviteReviewer(db, user, form.get("email"), ip);
    if (!result.ok) {
      const { status, ...refused } = result;
      return failure({ status, ...refused, intent: "invite" });
    }
    return redirectWithToast(back, {
      title: "Invitación enviada",
      description: "El enlace sirve una vez y caduca en 30 días.",
    });
  }
  if (intent === "toggle") {
    const publish = form.get("publish") === "1";
    if (id === null || !(await setReviewPublished(db, id, publish))) {
      return failure({ status: 404, formError: "No se pudo cambiar el estado de publicación" });
    }
    await audit(db, {
      action: publish ? "review_published" : "review_unpublished",
      actor: user,
      target: String(id),
      ip,
    });
    return redirectWithToast(back, {
      title: publish ? "Reseña publicada correctamente" : "Reseña despublicada correctamente",
    });
  }
  if (intent === "delete") {
    if (id === null || !(await deleteReview(db, id))) {
      return failure({ status: 404, formError: "No se pudo eliminar la reseña" });
    }
    await audit(db, { action: "review_deleted", actor: user, target: String(id), ip });
    return redirectWithToast(back, { title: "Reseña eliminada correctamente" });
  }
  if (intent === "save") {
    if (form.get("id") && id === null) {
      return failure({ status: 404, formError: "Reseña no encontrada" });
    }
    const editing = id ?? undefined;
    const result = await saveReview(db, Object.fromEntries(form), editing);
    if (!result.ok) return failure(result);
    // Never the review's text (it may speak of someone's health): its id only.
    await audit(db, {
      action: editing ? "review_updated" : "review_created",
      actor: user,
      target: String(result.id),
      ip,
    });
    return redirectWithToast(back, {
      title: editing ? "Reseña actualizada correctamente" : "Reseña creada correctamente",
    });
  }
  return failure({ status: 400, formError: "Acción no válida" });
}

type Row = Route.ComponentProps["loaderData"]["items"][number];
const REFRESH_MS = 30_000;
const REFRESH_LOCK_MS = 1500;

export default function ReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    items,
    total,
    page,
    pageCount,
    pending,
    status,
    canModerate,
    moderator,
    loadError,
    constraints,
  } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // Opening the page clears the new-review notice, by a POST once it is shown (never by the GET).
  const seen = useFetcher();
  useEffect(() => {
    void seen.submit({ intent: "seen", auto: "1" }, { method: "post" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit
  }, []);
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  // The text being edited, for the moderation check as staff type (null: the saved text).
  const [draft, setDraft] = useState<string | null>(null);
  useEffect(() => setDraft(null), [editing]);
  const [locked, setLocked] = useState(false);
  // The dialog's form: checked in the browser with the server's rules and messages (noValidate).
  const failed = actionData?.ok === false ? actionData : undefined;
  const fields = useFieldErrors(failed?.fieldErrors, editing === "new" ? "new" : editing?.id);
  // Changing filter or page loads the list again: say so where the list is.
  const listLoading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/resenas";

  // The list refreshes every 30 s and after each change (loaders revalidate);
  // docs/product.md#admin-area.
  useEffect(() => {
    const timer = setInterval(() => void revalidator.revalidate(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  // Close the dialog once a save went through (a failed save keeps it open with its errors).
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting") submitted.current = true;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      if (!actionData) setEditing(null);
    }
  }, [navigation.state, actionData]);

  const refresh = async () => {
    setLocked(true);
    await revalidator.revalidate();
    notify({ title: "Lista de reseñas actualizada" });
    setTimeout(() => setLocked(false), REFRESH_LOCK_MS);
  };
  // The filter always travels: without one the page would pick it again (drafts first).
  const back = new URLSearchParams({
    estado: status,
    ...(page > 1 ? { pagina: String(page) } : {}),
  }).toString();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <div>
          <h1 className="text-h1">Gestión de reseñas</h1>
          <p className="mt-1 text-muted">
            {plural(total, "reseña", "reseñas")}
            {moderator
              ? ` · ${plural(pending, "pendiente de publicar", "pendientes de publicar")}`
              : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="seen" />
            <input type="hidden" name="back" value={back} />
            <Button type="submit" variant="ghost">
              Marcar como vistas
            </Button>
          </Form>
          <Button
            variant="secondary"
            onClick={() => void refresh()}
            disabled={locked || revalidator.state === "loading"}
          >
            <RefreshCw aria-hidden="true" />
            {locked || revalidator.state === "loading" ? "Actualizando..." : "Actualizar"}
          </Button>
          {canModerate ? (
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden="true" /> Nueva reseña
            </Button>
          ) : null}
          {/* Last, in a row that starts on the left: it only appears once the browser says
              whether notifications are allowed, and must not move the buttons already shown. */}
          <EnableNotificationsButton />
        </div>
        {canModerate ? (
          <details open={failed?.intent === "invite" || undefined}>
            <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full px-4 font-semibold text-primary hover:bg-primary-soft">
              Invitar a dejar una reseña
            </summary>
            <Form
              method="post"
              className="mt-2 flex flex-col gap-3 sm:max-w-md"
              aria-label="Invitar a dejar una reseña"
            >
              <input type="hidden" name="intent" value="invite" />
              <input type="hidden" name="back" value={back} />
              <FormField
                label="Email del cliente"
                name="email"
                id="invite-email"
                required
                errors={failed?.intent === "invite" ? failed.fieldErrors.email : undefined}
                description="Recibe un enlace personal de un solo uso, válido 30 días. Su reseña se mostrará como verificada; su email, nunca."
              >
                {(field) => <Input {...field} type="email" required autoComplete="off" />}
              </FormField>
              <Button type="submit" className="self-start">
                Enviar la invitación
              </Button>
            </Form>
          </details>
        ) : null}
      </div>
      {failed?.formError && !editing ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {failed.formError}
        </p>
      ) : null}
      <nav aria-label="Filtrar por estado">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <li key={f.value}>
              <Link
                to={`/admin/resenas?estado=${f.value}`}
                aria-current={status === f.value ? "true" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center rounded-full border px-3 text-sm font-semibold whitespace-nowrap no-underline sm:px-4",
                  status === f.value
                    ? "border-primary bg-primary text-white"
                    : "border-border bg-surface",
                )}
              >
                {f.label}
                {f.value === "borradores" && pending > 0 ? ` (${pending})` : ""}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p role="status" className={cn(!listLoading && "sr-only")}>
        {listLoading ? "Cargando reseñas..." : ""}
      </p>
      {loadError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          Error al cargar las reseñas: {loadError}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-card border border-border bg-surface p-6 text-muted">
          {status === "borradores"
            ? "No hay reseñas pendientes de publicar."
            : status === "publicadas"
              ? "No hay reseñas publicadas."
              : canModerate
                ? "No hay reseñas disponibles. ¡Crea la primera!"
                : "No hay reseñas disponibles."}
        </p>
      ) : (
        <ul aria-label="Lista de reseñas" className="flex flex-col gap-3">
          {items.map((r) => (
            <li
              key={r.id}
              className="grid gap-3 rounded-card border border-border bg-surface p-4 shadow-soft xl:grid-cols-[13rem_minmax(0,1fr)_auto] xl:gap-6"
            >
              <div className="flex flex-col items-start gap-1">
                <h2 className="text-base font-semibold break-words">{r.name}</h2>
                <p className="text-sm text-muted">
                  {r.role || "Sin servicio indicado"} · {formatDay(r.createdAt)}
                </p>
                <Stars rating={r.rating} />
                <Badge variant={r.isPublished ? "success" : "warning"}>
                  {r.isPublished ? "Publicada" : "Borrador"}
                </Badge>
                {r.source === "invitation" ? <Badge variant="neutral">Verificada</Badge> : null}
                {r.source === "seed" ? <Badge variant="neutral">Ejemplo</Badge> : null}
              </div>
              <ReviewText id={`resena-${r.id}`} name={r.name} text={r.content} />
              {/* 'Publicar' across the card (easy to tap on a phone), then Editar and Eliminar. */}
              <div className="grid grid-cols-2 content-start gap-2 sm:flex sm:flex-wrap xl:grid xl:w-60">
                <Form method="post" className="contents">
                  <input type="hidden" name="intent" value="toggle" />
                  <input type="hidden" name="id" value={r.id} />
                  <input type="hidden" name="publish" value={r.isPublished ? "0" : "1"} />
                  <input type="hidden" name="back" value={back} />
                  <Button
                    type="submit"
                    variant={r.isPublished ? "secondary" : "primary"}
                    disabled={!canModerate}
                    className="col-span-2"
                  >
                    {r.isPublished ? "Despublicar" : "Publicar"}
                    <span className="sr-only"> la reseña de {r.name}</span>
                  </Button>
                </Form>
                <Button variant="ghost" disabled={!canModerate} onClick={() => setEditing(r)}>
                  <Pencil aria-hidden="true" /> Editar
                  <span className="sr-only"> la reseña de {r.name}</span>
                </Button>
                <ConfirmAction
                  title="Eliminar reseña"
                  description={
                    <>Se eliminará la reseña de {r.name}. Esta acción no se puede deshacer.</>
                  }
                  fields={{ intent: "delete", id: r.id, back: back }}
                  trigger={
                    <Button variant="ghost-danger" disabled={!canModerate}>
                      <Trash2 aria-hidden="true" /> Eliminar
                      <span className="sr-only"> la reseña de {r.name}</span>
                    </Button>
                  }
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Paginación" className="flex items-center gap-3">
          {page > 1 ? (
            <Link
              className="underline"
              to={`?${new URLSearchParams({ estado: status, pagina: String(page - 1) })}`}
            >
              Anterior
            </Link>
          ) : null}
          <span className="text-muted">
            Página {page} de {pageCount}
          </span>
          {page < pageCount ? (
            <Link
              className="underline"
              to={`?${new URLSearchParams({ estado: status, pagina: String(page + 1) })}`}
            >
              Siguiente
            </Link>
          ) : null}
        </nav>
      ) : null}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{editing === "new" ? "Nueva reseña" : "Editar reseña"}</DialogTitle>
            <DialogDescription>
              Las reseñas publicadas se ven en la página de inicio.
            </DialogDescription>
          </DialogHeader>
          {editing ? (
            <Form
              ref={fields.formRef}
              method="post"
              noValidate
              onChange={fields.clearOnChange}
              onSubmit={(event) => {
                const raw = Object.fromEntries(new FormData(event.currentTarget));
                const verdict = parseWith(ReviewAdminSchema, raw);
                if (!fields.show(verdict.ok ? {} : verdict.fieldErrors)) {
                  event.preventDefault();
                }
              }}
              className="flex flex-col gap-4"
              key={editing === "new" ? "new" : editing.id}
            >
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="back" value={back} />
              {editing !== "new" ? <input type="hidden" name="id" value={editing.id} /> : null}
              {failed?.formError ? (
                <p role="alert" className="text-danger">
                  {failed.formError}
                </p>
              ) : null}
              <FormField label="Nombre" name="name" required errors={fields.of("name")}>
                {(field) => (
                  <Input
                    {...field}
                    required
                    aria-required
                    maxLength={constraints.name?.maxLength}
                    defaultValue={editing === "new" ? "" : editing.name}
                  />
                )}
              </FormField>
              <FormField label="Servicio" name="role" errors={fields.of("role")}>
                {(field) => (
                  <Input
                    {...field}
                    maxLength={constraints.role?.maxLength}
                    defaultValue={editing === "new" ? "" : editing.role}
                  />
                )}
              </FormField>
              <FormField label="Reseña" name="content" required errors={fields.of("content")}>
                {(field) => (
                  <Textarea
                    {...field}
                    required
                    aria-required
                    rows={5}
                    maxLength={constraints.content?.maxLength}
                    defaultValue={editing === "new" ? "" : editing.content}
                    onChange={(event) => setDraft(event.currentTarget.value)}
                  />
                )}
              </FormField>
              <FlagNotice
                flags={reviewFlags(draft ?? (editing === "new" ? "" : editing.content))}
              />
              <FormField label="Valoración" name="rating" required errors={fields.of("rating")}>
                {(field) => (
                  <NativeSelect
                    {...field}
                    defaultValue={String(editing === "new" ? 5 : editing.rating)}
                  >
                    {[1, 2, 3, 4, 5].map((n) => (
                      <option key={n} value={n}>
                        {n === 1 ? "1 estrella" : `${n} estrellas`}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <div className="flex items-center justify-between gap-4">
                <label htmlFor="isPublished" className="font-semibold">
                  Publicada
                </label>
                <Switch
                  id="isPublished"
                  name="isPublished"
                  defaultChecked={editing !== "new" && editing.isPublished}
                />
              </div>
              <div className="flex justify-end gap-2">
                <Button type="button" variant="ghost" onClick={() => setEditing(null)}>
                  Cancelar
                </Button>
                <Button type="submit" disabled={navigation.state === "submitting"}>
                  {navigation.state === "submitting" ? "Guardando..." : "Guardar"}
                </Button>
              </div>
            </Form>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Until measured in the browser, a text this long is taken to need more than three lines. */
const CLAMP_GUESS_CHARS = 90;

/**
 * The review's full text in the list: three lines, and a 'Leer reseña completa' disclosure
 * (a native <details>, so it works before the page's JavaScript has loaded) that lifts the limit.
 * Once measured, the disclosure is left out for a text that fits.
 */
function ReviewText({ id, name, text }: { id: string; name: string; text: string }) {
  const flags = reviewFlags(text);
  const paragraph = useRef<HTMLParagraphElement>(null);
  const disclosure = useRef<HTMLDetailsElement>(null);
  const [fits, setFits] = useState(text.length <= CLAMP_GUESS_CHARS);
  useEffect(() => {
    const el = paragraph.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const measure = () => {
      // Open, nothing is clamped: keep the disclosure so it can close again.
      if (disclosure.current?.open) return;
      setFits(el.scrollHeight <= el.clientHeight + 1);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="group/texto min-w-0">
      <p
        id={id}
        className="line-clamp-3 break-words whitespace-pre-wrap group-has-[details[open]]/texto:line-clamp-none"
      >
        <FlaggedText text={text} flags={flags} />
      </p>
      <details ref={disclosure} className={cn("group/leer mt-1", fits && "hidden")}>
        <summary
          aria-controls={id}
          className="inline-flex min-h-11 cursor-pointer list-none items-center rounded-full px-1 text-sm font-semibold text-primary underline underline-offset-4 hover:text-primary-strong [&::-webkit-details-marker]:hidden"
        >
          <span className="group-open/leer:hidden">Leer reseña completa</span>
          <span className="hidden group-open/leer:inline">Mostrar menos</span>
          <span className="sr-only"> de {name}</span>
        </summary>
      </details>
      <FlagNotice flags={flags} id={`${id}-revisar`} />
    </div>
  );
}

/** Shown only while desktop notifications are not granted (docs/product.md#new-review-notice). */
function EnableNotificationsButton() {
  const [state, setState] = useState<NotificationState | null>(null);
  useEffect(() => setState(notificationState()), []);
  if (state === null || state === "granted") return null;
  const enable = async () => {
    if (await requestNotifications()) {
      notify({ title: "Las notificaciones están habilitadas" });
    } else {
      notify({ type: "error", title: "No se pudo habilitar las notificaciones" });
    }
    setState(notificationState());
  };
  return (
    <Button variant="secondary" onClick={() => void enable()}>
      <Bell aria-hidden="true" /> Activar notificaciones
    </Button>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
