import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/utils/cn";
import { formatDay } from "~/utils/format-time";
import { agendaHref, type AgendaRange, type AgendaView, type GridDay } from "./types";
import { WeekGrid } from "./week-grid";

const navLink =
  "inline-flex min-h-11 items-center rounded-full px-3 font-semibold text-primary hover:bg-primary-soft";

/**
 * The seven days' title, the way to the seven before and after (and back to today), and the
 * 'Lista'/'Semana' toggle. Both live in the URL, so a reload or a shared link keeps them.
 */
export function AgendaHeader({
  range,
  view,
  today,
}: {
  range: AgendaRange;
  view: AgendaView;
  today: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <CardTitle as="h2" id="agenda-dias">
        {range.start === today ? "Próximos 7 días" : "7 días"}:{" "}
        <span className="font-normal">
          del {formatDay(`${range.start}T12:00:00Z`)} al {formatDay(`${range.end}T12:00:00Z`)}
        </span>
      </CardTitle>
      <div className="flex flex-wrap items-center gap-2">
        <nav aria-label="Días de la agenda" className="flex flex-wrap gap-1">
          <Link to={agendaHref({ week: range.previous, view })} className={navLink}>
            ← Anteriores<span className="sr-only"> 7 días</span>
          </Link>
          <Link
            to={agendaHref({ view })}
            className={navLink}
            aria-current={range.start === today ? "page" : undefined}
          >
            Hoy
          </Link>
          <Link to={agendaHref({ week: range.next, view })} className={navLink}>
            Siguientes<span className="sr-only"> 7 días</span> →
          </Link>
        </nav>
        <nav aria-label="Vista de la agenda">
          <ul className="flex rounded-full border border-border p-0.5">
            {(
              [
                ["lista", "Lista"],
                ["semana", "Semana"],
              ] as const
            ).map(([value, label]) => (
              <li key={value}>
                <Link
                  to={agendaHref({ week: range.start === today ? null : range.start, view: value })}
                  aria-current={view === value ? "page" : undefined}
                  className={cn(
                    "inline-flex min-h-10 items-center rounded-full px-4 font-semibold",
                    view === value
                      ? "bg-primary text-surface"
                      : "text-primary hover:bg-primary-soft",
                  )}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

/** The agenda's card: its header, then the week grid ('Semana') or the list of days ('Lista'). */
export function AgendaCard({
  range,
  view,
  today,
  grid,
  caption,
  list,
}: {
  range: AgendaRange;
  view: AgendaView;
  today: string;
  grid: GridDay[];
  caption: string;
  /** The list view, rendered only when it is the one shown. */
  list: () => ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <AgendaHeader range={range} view={view} today={today} />
      </CardHeader>
      <CardContent>
        {view === "semana" ? <WeekGrid days={grid} today={today} caption={caption} /> : list()}
      </CardContent>
    </Card>
  );
}
