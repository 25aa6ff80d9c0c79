import { Link } from "react-router";
import { cn } from "~/utils/cn";

/** The list's filters (/admin/resenas?estado=…), in the order they are offered. */
export const STATUS_FILTERS = [
  { value: "todas", label: "Todas" },
  { value: "borradores", label: "Borradores" },
  { value: "publicadas", label: "Publicadas" },
] as const;

export type ReviewStatus = (typeof STATUS_FILTERS)[number]["value"];

/** One link per filter, the current one marked; 'Borradores' says how many wait. */
export function ReviewStatusFilters({
  status,
  pending,
}: {
  status: ReviewStatus;
  pending: number;
}) {
  return (
    <nav aria-label="Filtrar por estado">
      <ul className="flex flex-wrap gap-2">
        {STATUS_FILTERS.map((f) => (
          <li key={f.value}>
            <Link
              to={`/admin/resenas?estado=${f.value}`}
              aria-current={status === f.value ? "true" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center rounded-full border px-3 text-sm font-semibold whitespace-nowrap no-underline sm:px-4",
                status === f.value
                  ? "border-primary bg-primary text-white"
                  : "border-border bg-surface",
              )}
            >
              {f.label}
              {f.value === "borradores" && pending > 0 ? ` (${pending})` : ""}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
