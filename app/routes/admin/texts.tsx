import { ExternalLink, PenLine } from "lucide-react";
import { Link } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Badge } from "~/components/ui/badge";
import { database } from "~/context";
import { requireUser } from "~/modules/accounts/guard.server";
import { PAGES } from "~/modules/pages/fields";
import { savedPages } from "~/modules/pages/texts.server";
import { adminMeta } from "~/utils/admin-meta";
import { formatShortDateTime } from "~/utils/format-time";
import type { Route } from "./+types/texts";

export const meta: Route.MetaFunction = () => adminMeta("Textos de la web");

/** 'Textos de la web': every public page whose texts she writes, and when each was last saved. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "pages.edit");
  const saved = await savedPages(await database(context));
  return {
    pages: PAGES.map((p) => ({
      key: p.key,
      title: p.title,
      path: p.path,
      savedAt: saved.get(p.key)?.toISOString() ?? null,
    })),
  };
}

export default function TextsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-h1">Textos de la web</h1>
        <p className="mt-1 text-muted">
          Las palabras y las cifras de las páginas públicas, escritas por ti. Cada vez que guardas
          queda una versión que puedes restaurar, y se revisan las promesas de resultados como en el
          blog. Los datos de contacto y de colegiación están en Ajustes.
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {loaderData.pages.map((page) => (
          <li
            key={page.key}
            className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-border bg-surface p-4 shadow-soft"
          >
            <div>
              <h2 className="text-base font-semibold">{page.title}</h2>
              <p className="text-sm text-muted">
                {page.savedAt ? (
                  `Guardado el ${formatShortDateTime(page.savedAt)}`
                ) : (
                  <Badge variant="neutral">Texto de ejemplo</Badge>
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-4">
              <a
                href={page.path}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-11 items-center gap-1 text-primary underline"
              >
                Ver la página <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only"> «{page.title}» (se abre en otra pestaña)</span>
              </a>
              <Link
                to={`/admin/textos/${page.key}`}
                className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary underline"
              >
                <PenLine aria-hidden="true" className="size-4" /> Editar
                <span className="sr-only"> «{page.title}»</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
