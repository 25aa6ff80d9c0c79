import { useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { BusyAgenda } from "~/components/admin/agenda/busy-agenda";
import { FullAgenda } from "~/components/admin/agenda/full-agenda";
import type { BookingAnswer } from "~/components/admin/agenda/staff-booking-card";
import type { AgendaRange, AgendaView, GridBlock } from "~/components/admin/agenda/types";
import { database } from "~/context";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import {
  consentOfAppointments,
  offerConsentForAppointment,
} from "~/modules/consent/requests.server";
import { can } from "~/modules/accounts/roles";
import {
  acceptRequest,
  agenda,
  answerChangeRequest,
  type AgendaItem,
  busyWeek,
  cancelByPractice,
  declineRequest,
} from "~/modules/booking/agenda.server";
import { listServices } from "~/modules/booking/booking.server";
import { madridDate } from "~/modules/booking/slots";
import { bookByStaff, clientOf, moveAppointment } from "~/modules/booking/staff.server";
import { nudgeWaitlist } from "~/modules/booking/waitlist.server";
import { appointmentDayText, appointmentWhenText } from "~/modules/booking/when";
import { inviteAfterAppointment } from "~/modules/reviews/invitations.server";
import {
  MoveSchema,
  PracticeMessageSchema,
  StaffBookingSchema,
} from "~/modules/booking/staff-schema";
import { failure } from "~/utils/action.server";
import { readForm } from "~/utils/form";
import { htmlConstraints } from "~/utils/form-schema";
import { formatDay, formatTime } from "~/utils/format-time";
import { redirectWithToast } from "~/utils/toast.server";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/appointments";

export const meta: Route.MetaFunction = () => adminMeta("Citas");

/** Minutes after Madrid midnight ('14:30' → 870); an end at midnight is the day's last minute. */
function minutesOf(iso: string, end = false) {
  const [h, m] = formatTime(iso).split(":").map(Number);
  const minutes = h! * 60 + m!;
  return end && minutes === 0 ? 24 * 60 : minutes;
}

/** Where and how a time sits in the week grid. */
const placed = (startsAt: string, endsAt: string) => ({
  startMinute: minutesOf(startsAt),
  endMinute: Math.max(minutesOf(endsAt, true), minutesOf(startsAt) + 1),
  from: formatTime(startsAt),
  to: formatTime(endsAt),
});

const rangeOf = ({ start, end, previous, next }: AgendaRange) => ({ start, end, previous, next });

/** The grid's caption: which days it shows. */
const captionOf = (week: { start: string; end: string }) =>
  `Semana por horas, del ${formatDay(`${week.start}T12:00:00Z`)} al ${formatDay(`${week.end}T12:00:00Z`)}`;

/**
 * The agenda: requests waiting first, then the seven days from today (or '?semana=YYYY-MM-DD'),
 * as a list or, with '?vista=semana', a week grid (docs/decisions/015-appointments.md). Roles
 * without appointments.read (contributors) get the days as busy blocks only: the module never
 * reads the client, service or note for them.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "appointments.readBusy");
  const db = await database(context);
  const view: AgendaView = url.searchParams.get("vista") === "semana" ? "semana" : "lista";
  const week = url.searchParams.get("semana");
  if (!can(user.role, "appointments.read")) {
    const busy = await busyWeek(db, { week });
    return {
      detail: false as const,
      view,
      today: busy.today,
      range: rangeOf(busy.week),
      caption: captionOf(busy.week),
      grid: busy.week.days.map((d) => ({
        date: d.date,
        label: appointmentDayText(d.date),
        blocks: d.blocks.map((b, i): GridBlock => ({
          key: `${b.startsAt}-${i}`,
          ...placed(b.startsAt, b.endsAt),
          title: "Ocupado",
        })),
      })),
    };
  }
  const full = await agenda(db, { week });
  const mayManage = can(user.role, "appointments.manage");
  const when = (i: AgendaItem) => ({
    ...i,
    when: appointmentWhenText(i.startsAt),
    date: madridDate(Date.parse(i.startsAt)),
    past: Date.parse(i.endsAt) < Date.now(),
  });
  // Each appointment's consent, for whoever follows consents (the agenda shows its state).
  const consents = can(user.role, "consent.manage")
    ? await consentOfAppointments(db, [
        ...full.pending.map((i) => i.id),
        ...full.week.days.flatMap((d) => d.items.map((i) => i.id)),
      ])
    : null;
  const withConsent = (i: AgendaItem) => ({
    ...when(i),
    ...(consents ? { consent: consents.get(i.id) ?? null } : {}),
  });
  const days = full.week.days.map((d) => ({
    date: d.date,
    label: appointmentDayText(d.date),
    items: d.items.map(withConsent),
  }));
  const listed = full.week.start === full.today ? null : full.week.start;
  return {
    detail: true as const,
    view,
    today: full.today,
    range: rangeOf(full.week),
    caption: captionOf(full.week),
    pending: full.pending.map(when),
    days,
    grid: days.map((d) => ({
      date: d.date,
      label: d.label,
      blocks: d.items.map((i): GridBlock => ({
        key: i.id,
        ...placed(i.startsAt, i.endsAt),
        title: i.serviceName,
        detail: i.clientName,
        status: i.status,
        // The list view of the same days, at the appointment (its details and actions).
        href: `/admin/citas${listed ? `?semana=${listed}` : ""}#cita-${i.id}`,
      })),
    })),
    mayManage,
    mayInvite: can(user.role, "reviews.moderate"),
    // Booking for a client: the services (those not offered on the web too) and, from
    // '?reservar=<appointment>', that client's details.
    services: mayManage
      ? (await listServices(db)).map(({ id, name, durationMinutes, active }) => ({
          id,
          name,
          durationMinutes,
          active,
        }))
      : [],
    client: mayManage ? await clientOf(db, url.searchParams.get("reservar")) : null,
    // The forms' limits, from the schemas their actions run (docs/decisions/006-one-schema-per-form.md).
    constraints: {
      book: htmlConstraints(StaffBookingSchema),
      move: htmlConstraints(MoveSchema),
      message: htmlConstraints(PracticeMessageSchema),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "appointments.read");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (
    !["accept", "decline", "cancel", "move", "book", "invite-review"].includes(String(intent)) &&
    intent !== "change-answered"
  ) {
    return failure({ status: 400, formError: "Acción no válida" });
  }
  if (intent === "invite-review") {
    // Inviting to review is moderating reviews (docs/compliance.md).
    const moderator = await requireUser(request, context, "reviews.moderate");
    const db = await database(context);
    const result = await inviteAfterAppointment(
      db,
      moderator,
      form.get("id"),
      clientInfo(request, context).ip,
    );
    if (!result.ok) return failure({ ...result, intent: "invite-review" });
    return redirectWithToast(`/admin/citas${new URL(request.url).search}`, {
      title: "Invitación enviada",
      description: "El cliente recibe un enlace para dejar una reseña verificada.",
    });
  }
  await requireUser(request, context, "appointments.manage");
  const db = await database(context);
  const { ip } = clientInfo(request, context);
  const id = form.get("id");
  if (intent === "book") {
    const result = await bookByStaff(db, user, Object.fromEntries(form), ip);
    if (!result.ok) {
      // The sessions of a series that could not be booked are listed with the message.
      return failure({ ...result, intent: "book" }, { skipped: result.skipped });
    }
    // Answered in the page, not by a toast: the sessions skipped are a list to read.
    return { ...result, intent: "book" };
  }
  if (intent === "move") {
    const result = await moveAppointment(db, user, id, Object.fromEntries(form), ip);
    if (!result.ok) return failure({ ...result, intent: `move:${String(id)}` });
    // The old hour goes to the waitlist now (the job would within a minute).
    await nudgeWaitlist(db);
    return redirectWithToast(`/admin/citas${new URL(request.url).search}`, {
      title: "Cita cambiada de hora",
      description: `Ahora: ${result.when}. Hemos enviado un email al cliente.`,
    });
  }
  if (intent === "change-answered") {
    const result = await answerChangeRequest(db, user, id, ip);
    if (!result.ok) return failure({ ...result, intent: "change-answered" });
    return redirectWithToast(`/admin/citas${new URL(request.url).search}`, {
      title: "Petición de cambio respondida",
      description: "La cita mantiene su hora. El cliente puede volver a pedir un cambio.",
    });
  }
  const result =
    intent === "accept"
      ? await acceptRequest(db, user, id, ip)
      : intent === "decline"
        ? await declineRequest(db, user, id, form.get("message"), ip)
        : await cancelByPractice(db, user, id, form.get("message"), ip);
  if (!result.ok) return failure({ ...result, intent: String(intent) });
  if (intent === "cancel") await nudgeWaitlist(db);
  // An accepted appointment brings the consent to sign, when there is one ready to send.
  const consent =
    intent === "accept" ? await offerConsentForAppointment(db, user, String(id), ip) : "skipped";
  const titles = {
    accept: "Cita aceptada",
    decline: "Solicitud rechazada",
    cancel: "Cita cancelada",
  } as const;
  return redirectWithToast(`/admin/citas${new URL(request.url).search}`, {
    title: titles[intent as keyof typeof titles],
    description:
      consent === "sent"
        ? "Hemos enviado un email al cliente, con el consentimiento informado para firmar."
        : "Hemos enviado un email al cliente.",
  });
}

export default function AppointmentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { range, view, today, caption, grid } = loaderData;
  if (!loaderData.detail) {
    return <BusyAgenda range={range} days={grid} view={view} today={today} caption={caption} />;
  }
  const answer = actionData && "intent" in actionData ? actionData : undefined;
  const refused = answer && !answer.ok ? answer : undefined;
  return (
    <FullAgenda
      pending={loaderData.pending}
      range={range}
      days={loaderData.days}
      grid={grid}
      view={view}
      today={today}
      caption={caption}
      mayManage={loaderData.mayManage}
      mayInvite={loaderData.mayInvite}
      services={loaderData.services}
      client={loaderData.client}
      booking={answer?.intent === "book" ? (answer as BookingAnswer) : undefined}
      forms={{ constraints: loaderData.constraints, refused, busy }}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary };
