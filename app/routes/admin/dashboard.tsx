import {
  agendaSummary,
  EXPIRED_HOLDS_WARNING,
  expiredHoldCount,
} from "~/modules/booking/agenda.server";
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { FirstSteps } from "~/components/admin/dashboard/first-steps";
import { ForToday } from "~/components/admin/dashboard/for-today";
import { LegalSummary } from "~/components/admin/dashboard/legal-summary";
import { QuickActions } from "~/components/admin/dashboard/quick-actions";
import { RecentArticles } from "~/components/admin/dashboard/recent-articles";
import { StatCards } from "~/components/admin/dashboard/stat-cards";
import { Visits } from "~/components/admin/dashboard/visits";
import { database } from "~/context";
import { clientInfo, requestSession, requireUser } from "~/modules/accounts/guard.server";
import { previousSignIn } from "~/modules/accounts/sessions.server";
import { pageViewStats } from "~/modules/analytics/page-views.server";
import { can } from "~/modules/accounts/roles";
import { articleStats } from "~/modules/blog/blog.server";
import { unreadCount } from "~/modules/contact/contact.server";
import { pendingReviewCount } from "~/modules/reviews/reviews.server";
import { greetingFor } from "~/utils/format";
import { madridHour } from "~/utils/format-time";
import { privacyPolicyHtml } from "~/components/site/legal/privacy-text.server";
import { checks, gatherFacts, summary } from "~/modules/compliance/readiness.server";
import {
  firstStepsView,
  hideFirstSteps,
  sendTestMail,
} from "~/modules/onboarding/first-steps.server";
import { unpublishExampleReviews } from "~/modules/reviews/examples.server";
import { failure } from "~/utils/action.server";
import { readForm } from "~/utils/form";
import { redirectWithToast } from "~/utils/toast.server";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => adminMeta("Panel");

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
  const legalChecks = can(user.role, "settings.manage")
    ? checks(await gatherFacts(db, privacyPolicyHtml))
    : null;
  const legal = legalChecks ? summary(legalChecks) : null;
  // 'Primeros pasos': the site's setup, for administrators only, until done or hidden.
  const firstSteps = can(user.role, "settings.manage") ? await firstStepsView(db) : null;
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
    // Estado legal's red items, each with where to fix it ('Para hoy').
    legalMissing: legalChecks
      ? legalChecks
          .filter((c) => c.status === "falta")
          .map(({ id, title, fix }) => ({ id, title, fix }))
      : null,
    firstSteps,
    lastAccess: previous
      ? {
          at: previous.at.toISOString(),
          platform: previous.platform,
        }
      : null,
  };
}

/**
 * The panel's own forms: 'Primeros pasos' sends a test e-mail to whoever is signed in,
 * unpublishes the example reviews, or hides the list.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!["test-mail", "unpublish-examples", "hide-first-steps"].includes(String(intent))) {
    return failure({ status: 400, formError: "Acción no válida" });
  }
  const db = await database(context);
  const { ip } = clientInfo(request, context);
  if (intent === "unpublish-examples") {
    const moderator = await requireUser(request, context, "reviews.moderate");
    const count = await unpublishExampleReviews(db, moderator, ip);
    return redirectWithToast("/admin", {
      title: "Reseñas de ejemplo despublicadas",
      description:
        count === 0
          ? "No quedaba ninguna publicada."
          : `${count === 1 ? "1 reseña ya no se ve" : `${count} reseñas ya no se ven`} en la web. Siguen en Reseñas, sin publicar.`,
    });
  }
  const admin = await requireUser(request, context, "settings.manage");
  if (intent === "hide-first-steps") {
    await hideFirstSteps(db, admin, ip);
    return redirectWithToast("/admin", {
      title: "Primeros pasos ocultados",
      description: "Lo que falte sigue en Ajustes, Citas y Estado legal.",
    });
  }
  const sent = await sendTestMail(db, admin, ip);
  if (!sent.ok) return failure({ ...sent, intent: "test-mail" });
  return redirectWithToast("/admin", {
    title: "Correo de prueba enviado",
    description: sent.smtp
      ? `Mira la bandeja de entrada de ${admin.email} (y la de correo no deseado).`
      : "Sin servidor de correo (SMTP), se guarda como archivo en el servidor: no llega a nadie.",
  });
}

/** The panel: 'Para hoy' first, then 'Primeros pasos', the counts, the legal state, articles, visits. */
export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { name, canPublish, stats, appointments, legal } = loaderData;
  const busy = useNavigation().state === "submitting";
  // The server greets by Spanish time; the browser then uses the visitor's own clock.
  const [hour, setHour] = useState(loaderData.serverHour);
  useEffect(() => setHour(new Date().getHours()), []);

  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-h1">Panel</h1>
        <p className="mt-1 text-lg">
          {greetingFor(hour)}, {name}
        </p>
      </div>
      <ForToday
        appointments={appointments}
        pendingReviews={loaderData.pendingReviews}
        unread={loaderData.unread}
        legal={loaderData.legalMissing}
        expiredHolds={loaderData.expiredHolds}
      />
      {actionData && !actionData.ok ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {actionData.formError}
        </p>
      ) : null}
      {loaderData.firstSteps ? (
        <FirstSteps
          steps={loaderData.firstSteps.steps}
          testMail={loaderData.firstSteps.testMail}
          busy={busy}
        />
      ) : null}
      <StatCards
        articles={stats.articles}
        categories={stats.categories}
        unread={loaderData.unread}
        pendingReviews={loaderData.pendingReviews}
        lastAccess={loaderData.lastAccess}
      />
      {legal ? <LegalSummary legal={legal} /> : null}
      <RecentArticles recent={stats.recent} canPublish={canPublish} />
      <Visits visits={loaderData.visits} />
      <QuickActions
        canPublish={canPublish}
        managesUsers={loaderData.managesUsers}
        managesSettings={loaderData.managesSettings}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
