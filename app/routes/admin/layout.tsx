import { ExternalLink, LogOut } from "lucide-react";
import { Form, Link, Outlet, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import {
  type AdminUser,
  AdminMobileNav,
  AdminSidebar,
  type NavCounts,
} from "~/components/admin/admin-nav";
import { useLiveReviews } from "~/components/admin/use-live-reviews";
import { Spinner } from "~/components/ui/spinner";
import { database } from "~/context";
import { requestSession, requireUser, staffMiddleware } from "~/modules/accounts/guard.server";
import { twoFactorRequired } from "~/modules/accounts/two-factor.server";
import { Button } from "~/components/ui/button";
import { can } from "~/modules/accounts/roles";
import { unreadCount } from "~/modules/contact/contact.server";
import { pendingReviewCount } from "~/modules/reviews/reviews.server";
import { waitingRequestCount } from "~/modules/booking/agenda.server";
import { useRootData } from "~/root";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => adminMeta();

// The guard runs once, before any admin loader or action; each page then names its capability.
export const middleware: Route.MiddlewareFunction[] = [staffMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const state = await requestSession(request, context);
  // Not enrolled yet in a 2FA its role requires: Mi cuenta is the only page it may open (the
  // guard), shown alone, without the sidebar or its counts.
  if (twoFactorRequired(user.role) && !state?.user.twoFactorEnabled) {
    return {
      focused: true as const,
      user: { name: user.name, email: user.email, role: user.role },
    };
  }
  const db = await database(context);
  // The sidebar's counts, each only for the roles that may read what it counts.
  const counts: NavCounts = {
    unread: can(user.role, "messages.read") ? await unreadCount(db) : 0,
    pendingReviews: can(user.role, "reviews.readUnpublished") ? await pendingReviewCount(db) : 0,
    waitingRequests: can(user.role, "appointments.read") ? await waitingRequestCount(db) : 0,
  };
  return {
    focused: false as const,
    user: { name: user.name, email: user.email, role: user.role },
    counts,
  };
}

/** The enrolment screen's shell: the area's name, the way out, the page. */
function FocusedShell({ name }: { name: string }) {
  return (
    <div className="admin flex min-h-screen flex-col bg-paper text-base">
      <header className="flex min-h-16 items-center justify-between gap-3 border-b border-border bg-surface px-4 sm:px-6 print:hidden">
        <div>
          <p className="font-serif text-lg font-semibold">Área de Gestión</p>
          <p className="text-sm text-muted">Hola, {name}</p>
        </div>
        <Form method="post" action="/auth/salir">
          <Button type="submit" variant="ghost" size="compact">
            <LogOut aria-hidden="true" /> Salir
          </Button>
        </Form>
      </header>
      <main id="contenido" className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  if (loaderData.focused) return <FocusedShell name={loaderData.user.name} />;
  return <FullLayout user={loaderData.user} counts={loaderData.counts} />;
}

function FullLayout({ user, counts }: { user: AdminUser; counts: NavCounts }) {
  const navigation = useNavigation();
  const notice = useRootData()?.reviewNotice ?? null;
  useLiveReviews(notice, counts.waitingRequests);
  const pending =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  return (
    <div className="admin flex min-h-screen bg-paper text-base">
      <AdminSidebar user={user} counts={counts} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex min-h-16 items-center justify-between gap-3 border-b border-border bg-surface/95 px-4 backdrop-blur sm:px-6">
          <div className="flex items-center gap-2">
            <AdminMobileNav user={user} counts={counts} />
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
              className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full border-2 border-primary px-3 text-sm font-semibold text-primary no-underline hover:bg-primary-soft sm:px-4"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {/* On a phone, the icon alone (the header has little room); the name stays. */}
              <span className="max-sm:sr-only">Ver sitio web</span>
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
