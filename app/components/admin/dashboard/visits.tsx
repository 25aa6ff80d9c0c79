/** Page views counted by the server itself (no cookies), as the dashboard's loader reads them. */
export interface VisitStats {
  total: number;
  days: Array<{ day: string; views: number }>;
  top: Array<{ path: string; views: number }>;
}

const dayLabel = new Intl.DateTimeFormat("es-ES", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const number = new Intl.NumberFormat("es-ES");

/** Last 30 days as a table with CSS bars (the numbers are always written too) and top pages. */
export function Visits({ visits }: { visits: VisitStats }) {
  const max = Math.max(1, ...visits.days.map((d) => d.views));
  return (
    <section aria-labelledby="visitas" className="flex flex-col gap-3">
      <h2 id="visitas" className="text-h3">
        Visitas (últimos 30 días)
      </h2>
      <p className="text-muted">
        El propio servidor cuenta las páginas vistas por día, sin cookies ni ningún dato que
        identifique a quien visita la web.
      </p>
      {visits.total === 0 ? (
        <p>Todavía no hay visitas registradas.</p>
      ) : (
        <>
          <p>
            <span className="font-serif text-4xl font-semibold text-primary">
              {number.format(visits.total)}
            </span>{" "}
            {visits.total === 1 ? "página vista" : "páginas vistas"} en total
          </p>
          <div className="grid gap-6 xl:grid-cols-2">
            <table className="w-full text-sm">
              <caption className="sr-only">Visitas por día</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col" className="w-32 py-1 font-semibold">
                    Día
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    Visitas
                  </th>
                </tr>
              </thead>
              <tbody>
                {visits.days.map((d) => (
                  <tr key={d.day}>
                    <th scope="row" className="py-0.5 pr-2 text-left font-normal text-muted">
                      <time dateTime={d.day}>
                        {dayLabel.format(new Date(`${d.day}T00:00:00Z`))}
                      </time>
                    </th>
                    <td className="py-0.5">
                      <div className="flex items-center gap-2">
                        <div
                          aria-hidden="true"
                          className="h-3 rounded-sm bg-primary"
                          style={{ width: `${(d.views / max) * 85}%` }}
                        />
                        <span className="tabular-nums">{number.format(d.views)}</span>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="w-full self-start text-sm">
              <caption className="mb-2 text-left text-lg font-semibold">
                Páginas más visitadas
              </caption>
              <thead>
                <tr className="text-left">
                  <th scope="col" className="py-1 font-semibold">
                    Página
                  </th>
                  <th scope="col" className="py-1 text-right font-semibold">
                    Visitas
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {visits.top.map((p) => (
                  <tr key={p.path}>
                    <td className="max-w-0 truncate py-1 pr-2">
                      <span title={p.path}>{p.path}</span>
                    </td>
                    <td className="py-1 text-right tabular-nums">{number.format(p.views)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
