import { AgendaDays } from "./agenda-days";
import { AgendaCard } from "./agenda-header";
import type { AgendaRange, AgendaView, GridDay } from "./types";

/** Contributors: when the practice is busy, and nothing about whom or why. */
export function BusyAgenda({
  range,
  days,
  view,
  today,
  caption,
}: {
  range: AgendaRange;
  days: GridDay[];
  view: AgendaView;
  today: string;
  caption: string;
}) {
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-h1">Citas</h1>
        <p className="mt-1 text-muted">
          Las horas ocupadas de los próximos días (hora peninsular). Los datos de cada cita solo los
          ven Editor y Administrador.
        </p>
      </div>
      <AgendaCard
        range={range}
        view={view}
        today={today}
        grid={days}
        caption={caption}
        list={() => (
          <AgendaDays
            days={days.map((d) => ({ ...d, items: d.blocks }))}
            today={today}
            renderItems={(blocks) => (
              <ul className="mt-2 flex flex-col gap-2">
                {blocks.map((block) => (
                  <li key={block.key} className="rounded-field border border-border p-3">
                    <strong>
                      {block.from}–{block.to}
                    </strong>{" "}
                    · Ocupado
                  </li>
                ))}
              </ul>
            )}
          />
        )}
      />
    </div>
  );
}
