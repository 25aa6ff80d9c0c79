import { categoryLabel } from "~/modules/blog/categories";
import { formatShortDate } from "~/utils/format";

/** 'Artículos recientes': the newest articles with their cover, date and category. */
export function RecentArticles({
  recent,
  canPublish,
}: {
  recent: Array<{ slug: string; title: string; image: string; date: string; category: string }>;
  /** Whether to point at 'Nuevo artículo' when there are none. */
  canPublish: boolean;
}) {
  return (
    <section aria-labelledby="recientes">
      <h2 id="recientes" className="text-h3">
        Artículos recientes
      </h2>
      {recent.length === 0 ? (
        <p className="mt-3 text-muted">
          Aún no hay artículos.{canPublish ? " Crea el primero desde «Nuevo artículo»." : ""}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-border rounded-card border border-border bg-surface shadow-soft">
          {recent.map((a) => (
            <li key={a.slug} className="flex items-center gap-4 p-3">
              <img
                src={a.image}
                alt=""
                width={96}
                height={54}
                className="h-[54px] w-24 rounded-md bg-primary-soft object-cover"
              />
              <div className="min-w-0">
                <p className="truncate font-semibold">{a.title}</p>
                <p className="text-sm text-muted">
                  {formatShortDate(a.date)} · {categoryLabel(a.category)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
