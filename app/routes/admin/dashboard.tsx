import { FilePlus2, Globe, Settings, Users } from "lucide-react";
import {
  agendaSummary,
  EXPIRED_HOLDS_WARNING,
  expiredHoldCount,
} from "~/modules/booking/agenda.server";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Banner } from "~/components/ui/banner";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { database } from "~/context";
import { requestSession, requireUser } from "~/modules/accounts/guard.server";
import { previousSignIn } from "~/modules/accounts/sessions.server";
import { pageViewStats } from "~/modules/analytics/page-views.server";
import { can } from "~/modules/accounts/roles";
import { articleStats } from "~/modules/blog/blog.server";
import { unreadCount } from "~/modules/contact/contact.server";
import { pendingReviewCount } from "~/modules/reviews/reviews.server";
import { categoryLabel } from "~/modules/blog/categories";
import { cn } from "~/utils/cn";
import { formatShortDate, greetingFor } from "~/utils/format";
import { formatDateTime, madridHour } from "~/utils/format-time";
import type { PageViewStats } from "~/modules/analytics/page-views.server";
import { privacyPolicyHtml } from "~/components/site/legal/privacy-text.server";
import { checks, gatherFacts, summary } from "~/modules/compliance/readiness.server";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const db = await database(context);
  const stats = await articleStats(db);
  // Each count only for the roles that may read what it counts.
  const unread = can(user.role, "messages.read") ? await unreadCount(db) : null;
  const pendingReviews = can(user.role, "reviews.readUnpublished")
    ? await pendingReviewCount(db)
    : null;
  const visits = await pageViewStats(db);
  const appointments = can(user.role, "appointments.read") ? await agendaSummary(db) : null;
  // Many holds nobody confirmed may be someone keeping the agenda full: told to those who can act.
  const expiredHolds = can(user.role, "appointments.manage") ? await expiredHoldCount(db) : 0;
  const legal = can(user.role, "settings.manage")
    ? summary(checks(await gatherFacts(db, privacyPolicyHtml)))
    : null;
  const state = await requestSession(request, context);
  const previous = state ? await previousSignIn(db, user.id, state.session.id) : null;
  return {
    name: user.name,
    canPublish: can(user.role, "articles.publish"),
    managesUsers: can(user.role, "users.manage"),
    managesSettings: can(user.role, "settings.manage"),
    serverHour: madridHour(new Date()),
    stats,
    unread,
    pendingReviews,
    visits,
    appointments,
    expiredHolds: expiredHolds >= EXPIRED_HOLDS_WARNING ? expiredHolds : null,
    legal,
    lastAccess: previous
      ? {
          at: previous.at.toISOString(),
          platform: previous.platform,
        }
      : null,
  };
}

/**
 * Columns for the stat cards so that no card is left alone on a row: 'Último acceso' spans two
 * columns when the number of counts is even (keys: how many counts this role sees).
 */
const STAT_GRID: Record<number, string> = {
  1: "grid-cols-2",
  2: "grid-cols-2 xl:grid-cols-4",
  3: "grid-cols-2 xl:grid-cols-4",
  4: "grid-cols-2 xl:grid-cols-3",
};

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    name,
    canPublish,
    managesUsers,
    managesSettings,
    serverHour,
    stats,
    unread,
    pendingReviews,
    visits,
    appointments,
    expiredHolds,
    legal,
  } = loaderData;
  const { lastAccess } = loaderData;
  // The server greets by Spanish time; the browser then uses the visitor's own clock.
  const [hour, setHour] = useState(serverHour);
  useEffect(() => setHour(new Date().getHours()), []);
  // Only what this role may do: contributors cannot write articles (the server refuses too).
  const actions = [
    { to: "/admin/blog/nuevo", label: "Nuevo artículo", icon: FilePlus2, show: canPublish },
    { to: "/admin/usuarios", label: "Gestionar usuarios", icon: Users, show: managesUsers },
    { to: "/blog", label: "Ver blog", icon: Globe, show: true, external: true },
    { to: "/admin/ajustes", label: "Ajustes", icon: Settings, show: managesSettings },
  ].filter((a) => a.show);
  const counts: Array<{ title: string; value: number; to?: string; spoken?: string }> = [
    { title: "Artículos", value: stats.articles },
    { title: "Categorías", value: stats.categories },
  ];
  if (unread !== null) {
    counts.push({
      title: "Mensajes sin leer",
      value: unread,
      to: "/admin/mensajes",
      spoken: `${unread === 1 ? "mensaje sin leer" : "mensajes sin leer"}: ver Mensajes`,
    });
  }
  if (pendingReviews !== null) {
    counts.push({
      title: "Reseñas pendientes",
      value: pendingReviews,
      to: "/admin/resenas?estado=borradores",
      spoken: `${pendingReviews === 1 ? "reseña pendiente" : "reseñas pendientes"} de publicar: ver Reseñas`,
    });
  }

  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-h1">
        {greetingFor(hour)}, {name}
      </h1>
      <div className={cn("grid gap-4", STAT_GRID[counts.length])} data-testid="tarjetas">
        {counts.map((c) => (
          <Card key={c.title}>
            <CardHeader>
              <CardTitle as="h2">{c.title}</CardTitle>
            </CardHeader>
            <CardContent>
              {c.to ? (
                <Link
                  to={c.to}
                  className="font-serif text-4xl font-semibold text-primary no-underline"
                >
                  {c.value}
                  <span className="sr-only"> {c.spoken}</span>
                </Link>
              ) : (
                <p className="font-serif text-4xl font-semibold text-primary">{c.value}</p>
              )}
            </CardContent>
          </Card>
        ))}
        <Card className={cn(counts.length % 2 === 0 && "col-span-2")}>
          <CardHeader>
            <CardTitle as="h2">Último acceso</CardTitle>
          </CardHeader>
          <CardContent>
            {lastAccess ? (
              <>
                <p className="text-lg font-semibold">
                  <time dateTime={lastAccess.at}>{formatDateTime(lastAccess.at)}</time>
                </p>
                <p className="text-muted">
                  {lastAccess.platform ? `Desde ${lastAccess.platform} · ` : ""}hora de España
                </p>
              </>
            ) : (
              <>
                <p className="text-lg font-semibold">Primer acceso</p>
                <p className="text-muted">Es la primera vez que entras en el área de gestión.</p>
              </>
            )}
          </CardContent>
        </Card>
      </div>
      {legal ? (
        <section aria-labelledby="estado-legal">
          <h2 id="estado-legal" className="text-h3">
            Estado legal
          </h2>
          <p className="mt-2">
            {legal.falta === 0 && legal.revisar === 0
              ? "Todas las reglas se cumplen."
              : `${legal.falta} por resolver · ${legal.revisar} por revisar · ${legal.ok} correctas.`}{" "}
            <Link to="/admin/estado-legal" className="font-semibold text-primary underline">
              Ver el estado legal
            </Link>
          </p>
        </section>
      ) : null}
      {appointments ? (
        <section aria-labelledby="citas-hoy">
          <h2 id="citas-hoy" className="text-h3">
            Citas de hoy
          </h2>
          {expiredHolds !== null ? (
            <Banner variant="info" title={null} className="mt-2" data-testid="reservas-caducadas">
              <p>
                {`${expiredHolds} reservas sin confirmar caducaron en las últimas 24 horas: puede ser alguien bloqueando la agenda. Las horas ya vuelven a estar libres, así que no tienes que hacer nada con ellas.`}{" "}
                Si sigue pasando, en{" "}
                <Link to="/admin/citas/ajustes" className="font-semibold text-primary underline">
                  Horario y servicios
                </Link>{" "}
                puedes cambiar los servicios de reserva inmediata a solicitud: así cada petición te
                llega con sus datos y decides tú cuáles aceptar.
              </p>
            </Banner>
          ) : null}
          {appointments.waiting > 0 ? (
            <p className="mt-2">
              <Link to="/admin/citas" className="font-semibold text-primary underline">
                {appointments.waiting === 1
                  ? "1 solicitud por responder"
                  : `${appointments.waiting} solicitudes por responder`}
              </Link>
            </p>
          ) : null}
          {appointments.today.length === 0 ? (
            <p className="mt-2 text-muted">No hay citas hoy.</p>
          ) : (
            <ul className="mt-3 divide-y divide-border rounded-card border border-border bg-surface shadow-soft">
              {appointments.today.map((a) => (
                <li key={a.id} className="flex flex-wrap gap-x-3 p-3">
                  <time dateTime={a.startsAt} className="font-semibold">
                    {formatDateTime(a.startsAt).split(", ").at(-1)}
                  </time>
                  <span>{a.serviceName}</span>
                  {a.status === "requested" ? (
                    <span className="text-muted">(solicitada)</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <section aria-labelledby="recientes">
        <h2 id="recientes" className="text-h3">
          Artículos recientes
        </h2>
        {stats.recent.length === 0 ? (
          <p className="mt-3 text-muted">
            Aún no hay artículos.{canPublish ? " Crea el primero desde «Nuevo artículo»." : ""}
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

export { AdminErrorBoundary as ErrorBoundary };
