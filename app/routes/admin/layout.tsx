import { ExternalLink } from "lucide-react";
import { Link, Outlet, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminMobileNav, AdminSidebar } from "~/components/admin/admin-nav";
import { useLiveReviews } from "~/components/admin/use-live-reviews";
import { Spinner } from "~/components/ui/spinner";
import { getDb } from "~/db/client.server";
import { requireUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import { unreadCount } from "~/modules/contact/contact.server";
import { useRootData } from "~/root";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [
  { title: "Área de Gestión" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const unread = can(user.role, "canReadMessages") ? await unreadCount(await getDb()) : 0;
  return { user: { name: user.name, email: user.email, role: user.role }, unread };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, unread } = loaderData;
  const navigation = useNavigation();
  const notice = useRootData()?.reviewNotice ?? null;
  useLiveReviews(notice);
  const pending =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  return (
    <div className="admin flex min-h-screen bg-paper text-base">
      <AdminSidebar user={user} unread={unread} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex min-h-16 items-center justify-between gap-3 border-b border-border bg-surface/95 px-4 backdrop-blur sm:px-6">
          <div className="flex items-center gap-2">
            <AdminMobileNav user={user} unread={unread} />
            <div>
              <p className="font-serif text-lg font-semibold">Área de Gestión</p>
              <p className="text-sm text-muted">Hola, {user.name}</p>
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-end gap-3">
            {pending ? <Spinner label="Cargando página…" /> : null}
            <div aria-live="polite">
              {notice && notice.fresh > 0 ? (
                <Link
                  to="/admin/reviews"
                  className="inline-flex min-h-11 items-center gap-2 rounded-full bg-danger-soft px-4 text-sm font-semibold text-danger no-underline hover:underline"
                >
                  <span aria-hidden="true" className="size-2 rounded-full bg-danger" />
                  Nueva reseña recibida
                </Link>
              ) : null}
            </div>
            <a
              href="/"
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-primary px-4 text-sm font-semibold text-primary no-underline hover:bg-primary-soft"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              Ver sitio web
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
          </div>
        </header>
        <main id="contenido" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <main id="contenido" className="p-6">
      <AdminErrorBoundary />
    </main>
  );
}
