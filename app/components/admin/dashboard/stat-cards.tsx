import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/utils/cn";
import { formatDateTime } from "~/utils/format-time";

/**
 * Columns for the stat cards so that no card is left alone on a row: 'Último acceso' spans two
 * columns when the number of counts is even (keys: how many counts this role sees).
 */
const STAT_GRID: Record<number, string> = {
  1: "grid-cols-2",
  2: "grid-cols-2 xl:grid-cols-4",
  3: "grid-cols-2 xl:grid-cols-4",
  4: "grid-cols-2 xl:grid-cols-3",
};

interface Count {
  title: string;
  value: number;
  /** Where the number leads, and what a screen reader hears after it. */
  to?: string;
  spoken?: string;
}

/**
 * The dashboard's cards: articles and categories, unread messages and pending reviews (null: this
 * role may not read them, so no card), then the previous sign-in ('Último acceso').
 */
export function StatCards({
  articles,
  categories,
  unread,
  pendingReviews,
  lastAccess,
}: {
  articles: number;
  categories: number;
  unread: number | null;
  pendingReviews: number | null;
  lastAccess: { at: string; platform: string | null } | null;
}) {
  const counts: Count[] = [
    { title: "Artículos", value: articles },
    { title: "Categorías", value: categories },
  ];
  if (unread !== null) {
    counts.push({
      title: "Mensajes sin leer",
      value: unread,
      to: "/admin/mensajes",
      spoken: `${unread === 1 ? "mensaje sin leer" : "mensajes sin leer"}: ver Mensajes`,
    });
  }
  if (pendingReviews !== null) {
    counts.push({
      title: "Reseñas pendientes",
      value: pendingReviews,
      to: "/admin/resenas?estado=borradores",
      spoken: `${pendingReviews === 1 ? "reseña pendiente" : "reseñas pendientes"} de publicar: ver Reseñas`,
    });
  }
  return (
    <div className={cn("grid gap-4", STAT_GRID[counts.length])} data-testid="tarjetas">
      {counts.map((c) => (
        <Card key={c.title}>
          <CardHeader>
            <CardTitle as="h2">{c.title}</CardTitle>
          </CardHeader>
          <CardContent>
            {c.to ? (
              <Link
                to={c.to}
                className="font-serif text-4xl font-semibold text-primary no-underline"
              >
                {c.value}
                <span className="sr-only"> {c.spoken}</span>
              </Link>
            ) : (
              <p className="font-serif text-4xl font-semibold text-primary">{c.value}</p>
            )}
          </CardContent>
        </Card>
      ))}
      <Card className={cn(counts.length % 2 === 0 && "col-span-2")}>
        <CardHeader>
          <CardTitle as="h2">Último acceso</CardTitle>
        </CardHeader>
        <CardContent>
          {lastAccess ? (
            <>
              <p className="text-lg font-semibold">
                <time dateTime={lastAccess.at}>{formatDateTime(lastAccess.at)}</time>
              </p>
              <p className="text-muted">
                {lastAccess.platform ? `Desde ${lastAccess.platform} · ` : ""}hora de España
              </p>
            </>
          ) : (
            <>
              <p className="text-lg font-semibold">Primer acceso</p>
              <p className="text-muted">Es la primera vez que entras en el área de gestión.</p>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
