import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/utils/cn";
import { formatShortDateTime } from "~/utils/format-time";

/** A contact message as the inbox lists it. */
export interface MessageSummary {
  id: number;
  name: string;
  email: string;
  createdAt: Date | string;
  readAt: Date | string | null;
  answeredAt: Date | string | null;
}

/**
 * The inbox (/admin/mensajes): one page of messages, each a link that opens it, and the links to
 * the other pages. `query` writes a link's query string, keeping the search.
 */
export function MessageList({
  items,
  q,
  page,
  pageCount,
  selectedId,
  query,
}: {
  items: MessageSummary[];
  q: string;
  page: number;
  pageCount: number;
  selectedId: number | undefined;
  query: (extra: Record<string, string | number>) => string;
}) {
  return (
    <section aria-label="Lista de mensajes">
      {items.length === 0 ? (
        <p className="rounded-card border border-border bg-surface p-6 text-muted">
          No hay mensajes{q ? " que coincidan con la búsqueda" : " todavía"}.
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-card border border-border bg-surface shadow-soft">
          {items.map((m) => (
            <li key={m.id}>
              <Link
                to={`?${query({ id: m.id, pagina: page })}`}
                aria-current={selectedId === m.id ? "true" : undefined}
                className={cn(
                  "flex flex-col gap-1 p-4 no-underline hover:bg-paper",
                  selectedId === m.id && "bg-primary-soft",
                )}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className={cn(!m.readAt && "font-bold")}>{m.name}</span>
                  <span className="text-sm text-muted">{formatShortDateTime(m.createdAt)}</span>
                </span>
                <span className="text-sm text-muted">{m.email}</span>
                <span className="flex gap-2">
                  {!m.readAt ? <Badge variant="primary">Sin leer</Badge> : null}
                  {m.answeredAt ? <Badge variant="success">Respondido</Badge> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Paginación" className="mt-4 flex items-center gap-3">
          {page > 1 ? (
            <Link className="underline" to={`?${query({ pagina: page - 1 })}`}>
              Anterior
            </Link>
          ) : null}
          <span className="text-muted">
            Página {page} de {pageCount}
          </span>
          {page < pageCount ? (
            <Link className="underline" to={`?${query({ pagina: page + 1 })}`}>
              Siguiente
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
