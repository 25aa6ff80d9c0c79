import { Link } from "react-router";
import { cn } from "~/utils/cn";
import { ReviewCard, type ReviewRow } from "./review-card";
import type { ReviewStatus } from "./review-status-filters";

/**
 * The list of reviews under the filters: a live 'Cargando reseñas...' while another filter or page
 * loads, the load error, a message for an empty list (by filter), or the cards.
 */
export function ReviewList({
  items,
  status,
  loading,
  loadError,
  canModerate,
  back,
  onEdit,
}: {
  items: ReviewRow[];
  status: ReviewStatus;
  loading: boolean;
  loadError: string | null;
  canModerate: boolean;
  back: string;
  onEdit: (review: ReviewRow) => void;
}) {
  return (
    <>
      <p role="status" className={cn(!loading && "sr-only")}>
        {loading ? "Cargando reseñas..." : ""}
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
            <ReviewCard
              key={r.id}
              review={r}
              back={back}
              canModerate={canModerate}
              onEdit={() => onEdit(r)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/** 'Anterior', 'Página n de m', 'Siguiente', keeping the filter; nothing for one page. */
export function ReviewPagination({
  status,
  page,
  pageCount,
}: {
  status: ReviewStatus;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  return (
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
  );
}
