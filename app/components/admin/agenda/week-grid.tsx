import { Link } from "react-router";
import { cn } from "~/utils/cn";
import type { GridBlock, GridDay } from "./types";

/** Height of one hour's row, in rem: blocks are placed and sized in these units. */
const HOUR_REM = 3;
/** The hours always shown (a working day), widened to fit any appointment outside them. */
const DAY_START = 8;
const DAY_END = 20;

const TONE: Record<string, string> = {
  confirmed: "border-success bg-success-soft",
  requested: "border-accent bg-accent-soft",
  held: "border-border-strong bg-sand",
};

/** The first and last hour rows for these days. */
export function hourSpan(days: GridDay[]) {
  const blocks = days.flatMap((d) => d.blocks);
  const first = Math.min(DAY_START, ...blocks.map((b) => Math.floor(b.startMinute / 60)));
  const last = Math.max(DAY_END, ...blocks.map((b) => Math.ceil(b.endMinute / 60)));
  return { first, last: Math.min(24, last) };
}

/** Side by side when they overlap: each block's lane and how many lanes its day needs. */
export function lanes(blocks: GridBlock[]) {
  const ends: number[] = [];
  const placed = [...blocks]
    .sort((a, b) => a.startMinute - b.startMinute)
    .map((block) => {
      let lane = ends.findIndex((end) => end <= block.startMinute);
      if (lane < 0) lane = ends.length;
      ends[lane] = block.endMinute;
      return { block, lane };
    });
  return { placed, count: Math.max(1, ends.length) };
}

const shortDay = (label: string) => {
  const [weekday = "", rest = ""] = label.split(", ");
  return `${weekday.slice(0, 3)} ${rest.split(" ")[0] ?? ""}`;
};

/**
 * The week as calendar apps draw it: hours down, days across, each appointment a block placed
 * and sized by its time. A real table (a caption, day and hour headers), each block sits in the
 * cell of the hour it starts and, when it leads somewhere, is a link reachable with the keyboard.
 * Wider than a phone: the region scrolls sideways there.
 */
export function WeekGrid({
  days,
  today,
  caption,
}: {
  days: GridDay[];
  today: string;
  caption: string;
}) {
  const { first, last } = hourSpan(days);
  const hours = Array.from({ length: last - first }, (_, i) => first + i);
  const laid = new Map(days.map((d) => [d.date, lanes(d.blocks)]));
  return (
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a box that scrolls sideways on a phone must be reachable with the keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="relative overflow-x-auto rounded-field border border-border"
      data-testid="agenda-semana"
    >
      <table className="w-full min-w-[46rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-16 border-b border-border p-2 text-left">
              <span className="sr-only">Hora</span>
            </th>
            {days.map((d) => (
              <th
                key={d.date}
                scope="col"
                className={cn(
                  "border-b border-l border-border p-2 text-left font-semibold",
                  d.date === today && "bg-primary-soft text-primary-strong",
                )}
              >
                <span aria-hidden="true" className="capitalize">
                  {shortDay(d.label)}
                </span>
                <span className="sr-only">
                  {d.label}
                  {d.date === today ? " (hoy)" : ""}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {hours.map((hour) => (
            <tr key={hour}>
              <th
                scope="row"
                className="border-t border-border px-2 align-top text-xs font-normal text-muted tabular-nums"
                style={{ height: `${HOUR_REM}rem` }}
              >
                {String(hour).padStart(2, "0")}:00
              </th>
              {days.map((d) => {
                const { placed, count } = laid.get(d.date)!;
                const here = placed.filter(
                  ({ block }) => Math.floor(block.startMinute / 60) === hour,
                );
                return (
                  <td
                    key={d.date}
                    className="relative border-t border-l border-border p-0 align-top"
                  >
                    {here.map(({ block, lane }) => (
                      <Block
                        key={block.key}
                        block={block}
                        style={{
                          top: `${((block.startMinute - hour * 60) / 60) * HOUR_REM}rem`,
                          height: `${Math.max(((block.endMinute - block.startMinute) / 60) * HOUR_REM, 1.25)}rem`,
                          left: `calc(${(lane / count) * 100}% + 2px)`,
                          width: `calc(${100 / count}% - 4px)`,
                        }}
                      />
                    ))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Block({ block, style }: { block: GridBlock; style: React.CSSProperties }) {
  const className = cn(
    "absolute z-10 overflow-hidden rounded-md border-l-4 px-1.5 py-0.5 text-xs leading-tight text-ink",
    TONE[block.status ?? ""] ?? "border-primary bg-primary-soft",
  );
  const content = (
    <>
      <span className="block font-semibold tabular-nums">
        {block.from}–{block.to}
      </span>
      <span className="block truncate">{block.title}</span>
      {block.detail ? <span className="block truncate">{block.detail}</span> : null}
    </>
  );
  return block.href ? (
    <Link
      to={block.href}
      className={cn(className, "no-underline hover:brightness-95 focus-visible:z-20")}
      style={style}
    >
      {content}
    </Link>
  ) : (
    <div className={className} style={style}>
      {content}
    </div>
  );
}
