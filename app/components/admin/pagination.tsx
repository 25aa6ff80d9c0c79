import { Link } from "react-router";
import { pageSlots } from "~/utils/pagination";

const SLOT = "inline-flex size-11 items-center justify-center rounded-full no-underline";

/** Numbered page links for the admin lists ("Anterior", 1 … n, "Siguiente"); nothing for one page. */
export function AdminPagination({
  page,
  pageCount,
  href,
}: {
  page: number;
  pageCount: number;
  /** The link to a page (the list's other filters kept). */
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Paginación">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <Link className="inline-flex min-h-11 items-center px-2 underline" to={href(page - 1)}>
              Anterior
            </Link>
          </li>
        ) : null}
        {pageSlots(page, pageCount).map((slot) =>
          typeof slot === "number" ? (
            <li key={slot}>
              <Link
                to={href(slot)}
                aria-current={slot === page ? "page" : undefined}
                aria-label={`Página ${slot}`}
                className={
                  slot === page
                    ? `${SLOT} bg-primary font-semibold text-white`
                    : `${SLOT} border border-border bg-surface`
                }
              >
                {slot}
              </Link>
            </li>
          ) : (
            <li key={slot} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link className="inline-flex min-h-11 items-center px-2 underline" to={href(page + 1)}>
              Siguiente
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
