import type { ReactNode } from "react";

interface Day<T> {
  date: string;
  /** 'miércoles, 3 de febrero de 2027'. */
  label: string;
  items: T[];
}

type Segment<T> = { kind: "day"; day: Day<T> } | { kind: "empty"; days: Day<T>[] };

/** Days in order, each run of days without appointments as one segment. */
export function segments<T>(days: Day<T>[]): Segment<T>[] {
  const out: Segment<T>[] = [];
  for (const day of days) {
    const last = out.at(-1);
    if (day.items.length > 0) out.push({ kind: "day", day });
    else if (last?.kind === "empty") last.days.push(day);
    else out.push({ kind: "empty", days: [day] });
  }
  return out;
}

/** 'Miércoles, 3 de febrero' (the year is the title's). */
const withoutYear = (label: string) => {
  const text = label.replace(/ de \d{4}$/, "");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * The list view: each day with appointments under its heading, and every run of empty days
 * collapsed into one line («Sin citas»), so a quiet week reads at a glance.
 */
export function AgendaDays<T>({
  days,
  today,
  renderItems,
}: {
  days: Day<T>[];
  today: string;
  renderItems: (items: T[]) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      {segments(days).map((segment) =>
        segment.kind === "day" ? (
          <section key={segment.day.date} aria-labelledby={`dia-${segment.day.date}`}>
            <h3 id={`dia-${segment.day.date}`} className="font-semibold">
              {withoutYear(segment.day.label)}
              {segment.day.date === today ? <span className="text-muted"> · hoy</span> : null}
            </h3>
            {renderItems(segment.day.items)}
          </section>
        ) : (
          <p
            key={segment.days[0]!.date}
            className="rounded-field bg-sand/60 px-3 py-2 text-sm"
            data-testid="dias-sin-citas"
          >
            <span className="font-semibold">
              {segment.days.length === 1
                ? withoutYear(segment.days[0]!.label)
                : `${withoutYear(segment.days[0]!.label)} – ${withoutYear(segment.days.at(-1)!.label)}`}
            </span>
            {segment.days.some((d) => d.date === today) ? " (hoy)" : null}
            <span className="text-muted"> · Sin citas</span>
          </p>
        ),
      )}
    </div>
  );
}
