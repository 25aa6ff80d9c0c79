import { FilePlus2, Globe, Settings, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { getDb } from "~/db/client.server";
import { requireUser } from "~/modules/accounts/guard.server";
import { pageViewStats } from "~/modules/analytics/page-views.server";
import { can } from "~/modules/accounts/roles";
import { articleStats } from "~/modules/blog/blog.server";
import { unreadCount } from "~/modules/contact/contact.server";
import { categoryLabel } from "~/modules/blog/categories";
import {
  formatDateTime,
  formatShortDate,
  greetingFor,
  guessPlatform,
  madridHour,
} from "~/utils/format";
import type { PageViewStats } from "~/modules/analytics/page-views.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard | Área de Gestión" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const stats = await articleStats(db);
  const unread = can(user.role, "canReadMessages") ? await unreadCount(db) : null;
  const visits = await pageViewStats(db);
  return {
    name: user.name,
    role: user.role,
    serverHour: madridHour(new Date()),
    stats,
    unread,
    visits,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, role, serverHour, stats, unread, visits } = loaderData;
  // The server greets by Spanish time; the browser then uses the visitor's own clock.
  const [hour, setHour] = useState(serverHour);
  const [access, setAccess] = useState<{ when: string; platform: string } | null>(null);
  useEffect(() => {
    const now = new Date();
    setHour(now.getHours());
    setAccess({ when: formatDateTime(now), platform: guessPlatform(navigator.userAgent) });
  }, []);
  const isAdmin = role === "administrator";
  const actions = [
    { to: "/admin/blog/nuevo", label: "Nuevo artículo", icon: FilePlus2, show: true },
    { to: "/admin/usuarios", label: "Gestionar usuarios", icon: Users, show: isAdmin },
    { to: "/blog", label: "Ver blog", icon: Globe, show: true, external: true },
    { to: "/admin/ajustes", label: "Ajustes", icon: Settings, show: isAdmin },
  ].filter((a) => a.show);

  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-h1">
        {greetingFor(hour)}, {name}
      </h1>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Artículos</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="font-serif text-4xl font-semibold text-primary">{stats.articles}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Categorías</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="font-serif text-4xl font-semibold text-primary">{stats.categories}</p>
          </CardContent>
        </Card>
        {unread !== null ? (
          <Card>
            <CardHeader>
              <CardTitle as="h2">Mensajes sin leer</CardTitle>
            </CardHeader>
            <CardContent>
              <Link
                to="/admin/mensajes"
                className="font-serif text-4xl font-semibold text-primary no-underline"
              >
                {unread}
                <span className="sr-only"> mensajes sin leer: ver Mensajes</span>
              </Link>
            </CardContent>
          </Card>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle as="h2">Último acceso</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-lg font-semibold">{access?.when ?? "—"}</p>
            <p className="text-muted">{access ? `Desde ${access.platform}` : " "}</p>
          </CardContent>
        </Card>
      </div>
      <section aria-labelledby="recientes">
        <h2 id="recientes" className="text-h3">
          Artículos recientes
        </h2>
        {stats.recent.length === 0 ? (
          <p className="mt-3 text-muted">
            Aún no hay artículos. Crea el primero desde «Nuevo artículo».
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-border rounded-card border border-border bg-surface shadow-soft">
            {stats.recent.map((a) => (
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
      <Visits visits={visits} />
      <section aria-labelledby="acciones">
        <h2 id="acciones" className="text-h3">
          Acciones rápidas
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {actions.map(({ to, label, icon: Icon, external }) => (
            <li key={to}>
              <Link
                to={to}
                target={external ? "_blank" : undefined}
                rel={external ? "noopener noreferrer" : undefined}
                className="flex min-h-14 items-center gap-3 rounded-card border border-border bg-surface px-4 font-semibold no-underline shadow-soft hover:border-primary"
              >
                <Icon aria-hidden="true" className="size-5 text-primary" />
                {label}
                {external ? <span className="sr-only"> (se abre en una pestaña nueva)</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const dayLabel = new Intl.DateTimeFormat("es-ES", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const number = new Intl.NumberFormat("es-ES");

/** Last 30 days as a table with CSS bars (the numbers are always written too) and top pages. */
function Visits({ visits }: { visits: PageViewStats }) {
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
            páginas vistas en total
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

export { AdminErrorBoundary as ErrorBoundary };
