import { longDateText, MONTHS } from "~/utils/format";
import type { BookingView, CalendarDay } from "~/modules/booking/view";
import { WEEKDAY_NAMES } from "~/modules/booking/messages";

export function monthLabel(month: string) {
  const [year, m] = month.split("-").map(Number);
  return `${MONTHS[m! - 1]} de ${year}`;
}

/** 'lunes, 1 de febrero de 2027' for a calendar date. */
export function dayLabel(date: string) {
  const [year, month, day] = date.split("-").map(Number);
  const weekday = new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay();
  return `${WEEKDAY_NAMES[(weekday + 6) % 7]}, ${longDateText({ year: year!, month: month! - 1, day: day! })}`;
}

const hoursText = (n: number) => (n === 1 ? "1 hora libre" : `${n} horas libres`);

/**
 * A month of days as a table (a link on each day with free hours) and the hours of the day chosen:
 * links, so it works before and without JavaScript, and each choice has its own address.
 */
export function BookingCalendar({
  service,
  month,
  day,
  firstSlots,
}: {
  service: number;
  month: NonNullable<BookingView["month"]>;
  day: BookingView["day"];
  firstSlots: BookingView["firstSlots"];
}) {
  const query = (params: Record<string, string>) =>
    `/cita?${new URLSearchParams({ servicio: String(service), ...params }).toString()}`;
  const weeks: (CalendarDay | null)[][] = [];
  let week: (CalendarDay | null)[] = Array(month.days[0]!.weekday - 1).fill(null);
  for (const d of month.days) {
    week.push(d);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length) weeks.push([...week, ...Array(7 - week.length).fill(null)]);
  const anyFree = month.days.some((d) => d.free > 0);
  const arrow =
    "inline-flex size-11 shrink-0 items-center justify-center rounded-full text-2xl font-semibold text-primary no-underline hover:bg-sand";
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="primeros-huecos">
        <h3 id="primeros-huecos" className="text-h3">
          Primeros huecos libres
        </h3>
        {firstSlots.length ? (
          <>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {firstSlots.map((s) => (
                <li key={s.start}>
                  <a
                    href={`${query({ hora: String(s.start) })}#paso-3`}
                    className="flex min-h-11 items-center rounded-field border border-border-strong px-3 py-2 text-ink no-underline hover:border-primary hover:bg-primary-soft"
                  >
                    <span>
                      <span className="first-letter:uppercase">{dayLabel(s.date)}</span>, a las{" "}
                      <strong>{s.time}</strong>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-muted">O elige otro día en el calendario.</p>
          </>
        ) : (
          <p className="mt-2">
            Ahora mismo no quedan horas libres para este servicio.{" "}
            <a href="/#contacto" className="font-semibold text-primary underline">
              Escríbeme
            </a>{" "}
            y buscamos una hora.
          </p>
        )}
      </section>
      <div>
        <div className="mb-3 flex items-center justify-between gap-2">
          {month.previous ? (
            <a href={`${query({ mes: month.previous })}#paso-2`} className={arrow}>
              <span aria-hidden="true">‹</span>
              <span className="sr-only">Mes anterior: {monthLabel(month.previous)}</span>
            </a>
          ) : (
            <span className="size-11 shrink-0" />
          )}
          <h3 id="mes" className="text-center text-h3 first-letter:uppercase">
            {monthLabel(month.value)}
          </h3>
          {month.next ? (
            <a href={`${query({ mes: month.next })}#paso-2`} className={arrow}>
              <span aria-hidden="true">›</span>
              <span className="sr-only">Mes siguiente: {monthLabel(month.next)}</span>
            </a>
          ) : (
            <span className="size-11 shrink-0" />
          )}
        </div>
        <table aria-labelledby="mes" className="w-full table-fixed border-collapse text-center">
          <thead>
            <tr>
              {WEEKDAY_NAMES.map((name) => (
                <th key={name} scope="col" className="pb-2 text-sm font-semibold text-muted">
                  <abbr title={name} className="no-underline">
                    {name.slice(0, 3)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((days, i) => (
              <tr key={i}>
                {days.map((d, j) => (
                  <td key={j} className="p-0.5">
                    {d === null ? null : d.free > 0 ? (
                      <a
                        href={`${query({ dia: d.date })}#horas`}
                        aria-label={`${dayLabel(d.date)}: ${hoursText(d.free)}`}
                        aria-current={day?.date === d.date ? "date" : undefined}
                        className="flex min-h-11 items-center justify-center rounded-field bg-primary-soft font-semibold text-primary-strong no-underline hover:bg-primary hover:text-white aria-[current=date]:bg-primary aria-[current=date]:text-white"
                      >
                        {d.day}
                      </a>
                    ) : (
                      <span className="flex min-h-11 items-center justify-center text-muted">
                        {d.day}
                        <span className="sr-only"> (sin horas libres)</span>
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {anyFree ? null : (
          <p className="mt-3 text-muted">
            No quedan horas libres este mes
            {month.next ? ": prueba con el siguiente." : "."}
          </p>
        )}
      </div>
      {day ? (
        <section aria-labelledby="horas" className="scroll-mt-24">
          <h3 id="horas" className="text-h3 first-letter:uppercase" tabIndex={-1}>
            {dayLabel(day.date)}
          </h3>
          {day.slots.length ? (
            <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5">
              {day.slots.map((s) => (
                <li key={s.start}>
                  <a
                    href={`${query({ hora: String(s.start) })}#paso-3`}
                    className="flex min-h-11 items-center justify-center rounded-field border border-border-strong font-semibold text-ink no-underline hover:border-primary hover:bg-primary-soft"
                  >
                    <span className="sr-only">Elegir las </span>
                    {s.time}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-muted">Este día ya no quedan horas libres.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
