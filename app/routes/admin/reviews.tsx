import { useCallback, useState } from "react";
import { useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { InviteReviewerForm } from "~/components/admin/reviews/invite-reviewer-form";
import type { ReviewRow } from "~/components/admin/reviews/review-card";
import { ReviewDialog } from "~/components/admin/reviews/review-dialog";
import { ReviewList, ReviewPagination } from "~/components/admin/reviews/review-list";
import {
  ReviewStatusFilters,
  STATUS_FILTERS,
} from "~/components/admin/reviews/review-status-filters";
import { ReviewsHeading, ReviewsToolbar } from "~/components/admin/reviews/reviews-header";
import { useListRefresh, useMarkReviewsSeen } from "~/components/admin/reviews/use-review-list";
import { database } from "~/context";
import { audit } from "~/platform/audit.server";
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
import { markReviewsSeen } from "~/modules/reviews/notice.server";
import { ReviewAdminSchema } from "~/modules/reviews/schema";
import { failure } from "~/utils/action.server";
import { htmlConstraints } from "~/utils/form-schema";
import { backTo, parseId, readForm } from "~/utils/form";
import { inviteReviewer } from "~/modules/reviews/invitations.server";
import { logger } from "~/utils/logger.server";
import { redirectWithToast } from "~/utils/toast.server";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => adminMeta("Reseñas");

const isStatus = (value: string | null): value is StatusFilter =>
  STATUS_FILTERS.some((f) => f.value === value);

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
      // Only what the list shows: never the author's e-mail, the withdrawal token's hash or the
      // consent time (the page data reaches the browser, contributors' included).
      items: result.items.map((r): ReviewRow => ({
        id: r.id,
        name: r.name,
        role: r.role,
        content: r.content,
        rating: r.rating,
        isPublished: r.isPublished,
        source: r.source,
        createdAt: r.createdAt.toISOString(),
      })),
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

/** The page: header and buttons, filters, the list, and the dialog to write or edit a review. */
export default function ReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount, pending, status, canModerate, moderator } = loaderData;
  const navigation = useNavigation();
  useMarkReviewsSeen();
  useListRefresh();
  const [editing, setEditing] = useState<ReviewRow | "new" | null>(null);
  const close = useCallback(() => setEditing(null), []);
  const failed = actionData?.ok === false ? actionData : undefined;
  // Changing filter or page loads the list again: say so where the list is.
  const listLoading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/resenas";
  // The filter always travels: without one the page would pick it again (drafts first).
  const back = new URLSearchParams({
    estado: status,
    ...(page > 1 ? { pagina: String(page) } : {}),
  }).toString();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <ReviewsHeading total={total} pending={pending} moderator={moderator} />
        {canModerate ? <InviteReviewerForm back={back} failed={failed} /> : null}
        <ReviewsToolbar back={back} canModerate={canModerate} onNew={() => setEditing("new")} />
      </div>
      {failed?.formError && !editing ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {failed.formError}
        </p>
      ) : null}
      <ReviewStatusFilters status={status} pending={pending} />
      <ReviewList
        items={items}
        status={status}
        loading={listLoading}
        loadError={loaderData.loadError}
        canModerate={canModerate}
        back={back}
        onEdit={setEditing}
      />
      <ReviewPagination status={status} page={page} pageCount={pageCount} />

      <ReviewDialog
        editing={editing}
        onClose={close}
        answer={actionData}
        failed={failed}
        constraints={loaderData.constraints}
        back={back}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
