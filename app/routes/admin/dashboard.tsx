import {
  agendaSummary,
  EXPIRED_HOLDS_WARNING,
  expiredHoldCount,
} from "~/modules/booking/agenda.server";
import { useEffect, useState } from "react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { LegalSummary } from "~/components/admin/dashboard/legal-summary";
import { QuickActions } from "~/components/admin/dashboard/quick-actions";
import { RecentArticles } from "~/components/admin/dashboard/recent-articles";
import { StatCards } from "~/components/admin/dashboard/stat-cards";
import { TodayAppointments } from "~/components/admin/dashboard/today-appointments";
import { Visits } from "~/components/admin/dashboard/visits";
import { database } from "~/context";
import { requestSession, requireUser } from "~/modules/accounts/guard.server";
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

/** The dashboard: a greeting, the counts, the legal state, today's agenda, articles, visits. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, canPublish, stats, appointments, legal } = loaderData;
  // The server greets by Spanish time; the browser then uses the visitor's own clock.
  const [hour, setHour] = useState(loaderData.serverHour);
  useEffect(() => setHour(new Date().getHours()), []);

  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-h1">
        {greetingFor(hour)}, {name}
      </h1>
      <StatCards
        articles={stats.articles}
        categories={stats.categories}
        unread={loaderData.unread}
        pendingReviews={loaderData.pendingReviews}
        lastAccess={loaderData.lastAccess}
      />
      {legal ? <LegalSummary legal={legal} /> : null}
      {appointments ? (
        <TodayAppointments appointments={appointments} expiredHolds={loaderData.expiredHolds} />
      ) : null}
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
