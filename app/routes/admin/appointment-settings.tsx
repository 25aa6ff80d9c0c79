import { Link, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AgendaFeedSection } from "~/components/admin/booking/agenda-feed";
import { BusyFeedSection } from "~/components/admin/booking/busy-feed";
import { ClosedDaysSection } from "~/components/admin/booking/closed-days";
import { RulesForm } from "~/components/admin/booking/rules-form";
import { ServicesSection } from "~/components/admin/booking/service-form";
import { database } from "~/context";
import { clientInfo, requireRecentAuth, requireUser } from "~/modules/accounts/guard.server";
import { getBookingConfig, listServices } from "~/modules/booking/booking.server";
import {
  BookingRulesFormSchema,
  BusyFeedFormSchema,
  ClosedDaysFormSchema,
  rangesText,
  ServiceFormSchema,
} from "~/modules/booking/config";
import { WEEKDAY_NAMES } from "~/modules/booking/messages";
import { hasAgendaFeed, removeAgendaFeed, renewAgendaFeed } from "~/modules/booking/feed.server";
import {
  busyFeedStatus,
  refreshBusyFeed,
  removeBusyFeed,
  setBusyFeed,
} from "~/modules/booking/busy-feed.server";
import { can } from "~/modules/accounts/roles";
import { getEnv } from "~/utils/env.server";
import {
  addClosedDays,
  removeClosedDays,
  removeService,
  saveRules,
  saveService,
  upcomingClosedDays,
} from "~/modules/booking/practice.server";
import { failure } from "~/utils/action.server";
import { parseId, readForm } from "~/utils/form";
import { htmlConstraints } from "~/utils/form-schema";
import { plural } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/appointment-settings";

export const meta: Route.MetaFunction = () => [
  { title: "Horario y servicios de citas | Área de Gestión" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The 'Citas' settings: hours and rules, the services offered, closed days. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "appointments.manage");
  const db = await database(context);
  const config = await getBookingConfig(db);
  // The busy-times calendar: administrators set it; editors see only how it went.
  const mayManageBusyFeed = can(user.role, "settings.manage");
  const busyFeed = await busyFeedStatus(db);
  return {
    hours: WEEKDAY_NAMES.map((name, i) => ({
      weekday: i + 1,
      name,
      text: rangesText(config.weekly, i + 1),
    })),
    config,
    services: await listServices(db),
    closed: await upcomingClosedDays(db),
    hasFeed: await hasAgendaFeed(db),
    // The agenda's address: administrators create and remove it; editors see whether there is one.
    mayManageFeed: can(user.role, "appointments.feed"),
    mayManageBusyFeed,
    busyFeed: mayManageBusyFeed ? busyFeed : { ...busyFeed, masked: null },
    // The forms' limits, from the schemas their actions run (docs/decisions/006-one-schema-per-form.md).
    constraints: {
      rules: htmlConstraints(BookingRulesFormSchema),
      service: htmlConstraints(ServiceFormSchema),
      closed: htmlConstraints(ClosedDaysFormSchema),
      busyFeed: htmlConstraints(BusyFeedFormSchema),
    },
  };
}

/** Where a re-authentication comes back to (and the calendar intents' toasts go). */
const PAGE = "/admin/citas/ajustes";

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireUser(request, context, "appointments.manage");
  const db = await database(context);
  const form = await readForm(request);
  const { ip } = clientInfo(request, context);
  const intent = String(form.get("intent"));
  const values = Object.fromEntries(form);
  let result;
  switch (intent) {
    case "rules": {
      const hours = Object.fromEntries(
        WEEKDAY_NAMES.map((_, i) => [String(i + 1), values[`hours.${i + 1}`] ?? ""]),
      );
      result = await saveRules(db, me, { ...values, hours }, ip);
      break;
    }
    case "service":
      result = await saveService(db, me, parseId(form.get("id")), values, ip);
      break;
    case "remove-service":
      result = await removeService(db, me, parseId(form.get("id")), ip);
      break;
    case "closed-add":
      result = await addClosedDays(db, me, values, ip);
      break;
    case "closed-remove":
      result = await removeClosedDays(db, me, parseId(form.get("id")), ip);
      break;
    case "feed-renew": {
      // A lasting key to every appointment: administrators only, with a recent password (+ code).
      await requireUser(request, context, "appointments.feed");
      await requireRecentAuth(request, context, me, PAGE);
      // Shown once: only its hash is kept; every administrator is told by e-mail.
      const token = await renewAgendaFeed(db, me, ip);
      return { ok: true as const, feedUrl: `${getEnv().PUBLIC_URL}/api/citas.ics?token=${token}` };
    }
    case "feed-remove":
      await requireUser(request, context, "appointments.feed");
      await requireRecentAuth(request, context, me, PAGE);
      await removeAgendaFeed(db, me, ip);
      return redirectWithToast(PAGE, { title: "Calendario desactivado" });
    case "busy-feed-save": {
      await requireUser(request, context, "settings.manage");
      await requireRecentAuth(request, context, me, PAGE);
      const saved = await setBusyFeed(db, me, values, ip);
      if (!saved.ok) {
        const { status, ...refused } = saved;
        return failure({ status, ...refused, intent: "busy-feed-save:" });
      }
      return redirectWithToast("/admin/citas/ajustes", busyFeedToast(saved.refreshed, true));
    }
    case "busy-feed-refresh": {
      await requireUser(request, context, "settings.manage");
      await requireRecentAuth(request, context, me, PAGE);
      const refreshed = await refreshBusyFeed(db);
      if (!refreshed) return failure({ status: 400, formError: "No hay ningún calendario." });
      return redirectWithToast("/admin/citas/ajustes", busyFeedToast(refreshed, false));
    }
    case "busy-feed-remove":
      await requireUser(request, context, "settings.manage");
      await requireRecentAuth(request, context, me, PAGE);
      await removeBusyFeed(db, me, ip);
      return redirectWithToast("/admin/citas/ajustes", { title: "Calendario quitado" });
    default:
      return failure({ status: 400, formError: "Acción no válida" });
  }
  if (!result.ok) {
    const { status, ...refused } = result;
    return failure({ status, ...refused, intent: `${intent}:${String(form.get("id") ?? "")}` });
  }
  return redirectWithToast("/admin/citas/ajustes", { title: "Cambios guardados" });
}

/** What a fetch of the busy-times calendar gave, as a toast. */
function busyFeedToast(
  result: { ok: true; count: number } | { ok: false; error: string },
  saved: boolean,
) {
  if (!result.ok) {
    return {
      type: "error" as const,
      title: saved ? "Calendario guardado, pero no se pudo leer" : "No se pudo leer el calendario",
      description: result.error,
    };
  }
  return {
    title: saved ? "Calendario guardado" : "Calendario actualizado",
    description: `${plural(result.count, "hora ocupada", "horas ocupadas")} en las próximas semanas`,
  };
}

export default function AppointmentSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    hours,
    config,
    services,
    closed,
    hasFeed,
    mayManageFeed,
    mayManageBusyFeed,
    busyFeed,
    constraints,
  } = loaderData;
  const feedUrl = actionData && "feedUrl" in actionData ? actionData.feedUrl : null;
  const busy = useNavigation().state === "submitting";
  // A refusal names its form (`intent:id`): its messages go there, a form-wide one also on top.
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const refusedFor = (key: string) => (refused?.intent === key ? refused : undefined);
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <div>
        <h1 className="text-h1">Horario y servicios de citas</h1>
        <p className="mt-1 text-muted">
          Lo que se puede reservar en la web (<Link to="/cita">/cita</Link>). Todas las horas son
          hora peninsular. La reserva en la web se activa en{" "}
          <Link to="/admin/ajustes">Ajustes</Link>.{" "}
          <Link to="/admin/citas">Volver a la agenda</Link>.
        </p>
      </div>
      {refused?.formError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {refused.formError}
        </p>
      ) : null}

      <RulesForm
        hours={hours}
        config={config}
        constraints={constraints.rules}
        refused={refusedFor("rules:")}
        busy={busy}
      />
      <ServicesSection
        services={services}
        constraints={constraints.service}
        refusedFor={refusedFor}
        busy={busy}
      />
      <ClosedDaysSection
        closed={closed}
        constraints={constraints.closed}
        refused={refusedFor("closed-add:")}
        busy={busy}
      />
      <AgendaFeedSection
        feedUrl={feedUrl}
        hasFeed={hasFeed}
        mayManage={mayManageFeed}
        busy={busy}
      />
      <BusyFeedSection
        busyFeed={busyFeed}
        mayManage={mayManageBusyFeed}
        constraints={constraints.busyFeed}
        refused={refusedFor("busy-feed-save:")}
        busy={busy}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
