import { Check } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { MoveForm, StaffBookingForm } from "~/components/admin/agenda-forms";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { database } from "~/context";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
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
import { appointmentWhenText } from "~/modules/booking/when";
import { inviteAfterAppointment } from "~/modules/reviews/invitations.server";
import {
  MoveSchema,
  PracticeMessageSchema,
  StaffBookingSchema,
} from "~/modules/booking/staff-schema";
import { failure } from "~/utils/action.server";
import { limitsOf, readForm } from "~/utils/form";
import { type FieldConstraints, htmlConstraints } from "~/utils/form-schema";
import { formatDay, formatTime } from "~/utils/format-time";
import { redirectWithToast } from "~/utils/toast.server";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/appointments";
import { mailtoHref } from "~/modules/contact/mailto";

export const meta: Route.MetaFunction = () => adminMeta("Citas");

/**
 * The agenda: requests waiting first, then a week (docs/decisions/015-appointments.md). Roles
 * without appointments.read (contributors) get the week as busy blocks only: the module never
 * reads the client, service or note for them.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "appointments.readBusy");
  const db = await database(context);
  if (!can(user.role, "appointments.read")) {
    const view = await busyWeek(db, { week: url.searchParams.get("semana") });
    return {
      detail: false as const,
      week: {
        ...view.week,
        days: view.week.days.map((d) => ({
          date: d.date,
          label: dayLabel(d.date),
          blocks: d.blocks.map((b) => ({
            ...b,
            from: formatTime(b.startsAt),
            to: formatTime(b.endsAt),
          })),
        })),
      },
    };
  }
  const view = await agenda(db, { week: url.searchParams.get("semana") });
  const mayManage = can(user.role, "appointments.manage");
  const when = (i: AgendaItem) => ({
    ...i,
    when: appointmentWhenText(i.startsAt),
    date: madridDate(Date.parse(i.startsAt)),
    past: Date.parse(i.endsAt) < Date.now(),
  });
  return {
    detail: true as const,
    ...view,
    pending: view.pending.map(when),
    week: {
      ...view.week,
      days: view.week.days.map((d) => ({
        ...d,
        label: dayLabel(d.date),
        items: d.items.map(when),
      })),
    },
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

/** 'lunes, 1 de febrero de 2027' for a Madrid date (YYYY-MM-DD). */
function dayLabel(date: string) {
  return appointmentWhenText(`${date}T12:00:00Z`).split(",").slice(0, 2).join(",");
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
  const titles = {
    accept: "Cita aceptada",
    decline: "Solicitud rechazada",
    cancel: "Cita cancelada",
  } as const;
  return redirectWithToast(`/admin/citas${new URL(request.url).search}`, {
    title: titles[intent as keyof typeof titles],
    description: "Hemos enviado un email al cliente.",
  });
}

const STATUS: Record<string, { label: string; variant: "success" | "warning" | "neutral" }> = {
  held: { label: "Sin confirmar por el cliente", variant: "neutral" },
  requested: { label: "Solicitada", variant: "warning" },
  confirmed: { label: "Confirmada", variant: "success" },
};

function ClientDetails({ item }: { item: AgendaItem }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">Cliente</dt>
      <dd>
        {item.clientName} · {item.firstVisit ? "primera visita" : "ya ha venido"}
      </dd>
      <dt className="font-semibold">Contacto</dt>
      <dd>
        <a className="text-primary underline" href={mailtoHref(item.clientEmail)}>
          {item.clientEmail}
        </a>
        {item.clientPhone ? ` · ${item.clientPhone}` : null}
      </dd>
      {item.note ? (
        <>
          <dt className="font-semibold">Nota</dt>
          <dd className="whitespace-pre-line">{item.note}</dd>
        </>
      ) : null}
      {item.changeRequest ? (
        <>
          <dt className="font-semibold">Pide un cambio</dt>
          <dd className="whitespace-pre-line">{item.changeRequest}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** A button that opens a short form with an optional message to the client. */
function WithMessage({
  id,
  intent,
  label,
  submit,
  limits,
  busy,
}: {
  id: string;
  intent: "decline" | "cancel";
  label: string;
  submit: string;
  limits: FieldConstraints | undefined;
  busy: boolean;
}) {
  return (
    <details className="group">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full px-4 font-semibold text-danger hover:bg-danger-soft">
        {label}
      </summary>
      <Form method="post" className="mt-2 flex flex-col gap-2 sm:max-w-md">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <FormField
          label="Mensaje para el cliente (opcional)"
          name="message"
          id={`${intent}-${id}`}
          description="Se envía por email. Sin datos de salud."
        >
          {(field) => <Textarea {...field} rows={2} {...limitsOf(limits)} />}
        </FormField>
        <Button type="submit" variant="danger" className="self-start" disabled={busy}>
          {submit}
        </Button>
      </Form>
    </details>
  );
}

type Loaded = Route.ComponentProps["loaderData"];

/** The week's navigation, shared by both views. */
function WeekHeader({ week }: { week: { monday: string; previous: string; next: string } }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <CardTitle as="h2">Semana del {formatDay(`${week.monday}T12:00:00Z`)}</CardTitle>
      <nav aria-label="Semanas" className="flex gap-2">
        <Link
          to={`?semana=${week.previous}`}
          className="min-h-11 content-center rounded-full px-3 font-semibold text-primary"
        >
          ← Anterior
        </Link>
        <Link
          to="/admin/citas"
          className="min-h-11 content-center rounded-full px-3 font-semibold text-primary"
        >
          Esta semana
        </Link>
        <Link
          to={`?semana=${week.next}`}
          className="min-h-11 content-center rounded-full px-3 font-semibold text-primary"
        >
          Siguiente →
        </Link>
      </nav>
    </div>
  );
}

/** Contributors: when the practice is busy, and nothing about whom or why. */
function BusyAgenda({ week }: { week: Extract<Loaded, { detail: false }>["week"] }) {
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-h1">Citas</h1>
        <p className="mt-1 text-muted">
          Las horas ocupadas de la semana (hora peninsular). Los datos de cada cita solo los ven
          Editor y Administrador.
        </p>
      </div>
      <Card>
        <CardHeader>
          <WeekHeader week={week} />
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {week.days.map((day) => (
            <section key={day.date} aria-labelledby={`dia-${day.date}`}>
              <h3 id={`dia-${day.date}`} className="font-semibold first-letter:uppercase">
                {day.label}
              </h3>
              {day.blocks.length === 0 ? (
                <p className="text-sm text-muted">Sin citas.</p>
              ) : (
                <ul className="mt-2 flex flex-col gap-2">
                  {day.blocks.map((block, i) => (
                    <li
                      key={`${block.startsAt}-${i}`}
                      className="rounded-field border border-border p-3"
                    >
                      <strong>
                        {block.from}–{block.to}
                      </strong>{" "}
                      · Ocupado
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}

export default function AppointmentsPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.detail) return <BusyAgenda week={loaderData.week} />;
  return <FullAgenda loaderData={loaderData} actionData={actionData} />;
}

function FullAgenda({
  loaderData,
  actionData,
}: {
  loaderData: Extract<Loaded, { detail: true }>;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { pending, week, mayManage, mayInvite, services, client, today, constraints } = loaderData;
  const busy = useNavigation().state === "submitting";
  const answer = actionData && "intent" in actionData ? actionData : undefined;
  const refused = answer && !answer.ok ? answer : undefined;
  const booking = answer?.intent === "book" ? answer : undefined;
  const moveRefused = (id: string) => (refused?.intent === `move:${id}` ? refused : undefined);
  /** What staff may do with an appointment already booked: move it, cancel it, book again. */
  const manage = (item: { id: string; when: string; date: string; status: string }) =>
    mayManage ? (
      <div className="flex flex-wrap items-start gap-2">
        {item.status === "held" ? null : (
          <MoveForm
            id={item.id}
            when={item.when}
            date={item.date}
            fieldErrors={moveRefused(item.id)?.fieldErrors}
            formError={moveRefused(item.id)?.formError}
            constraints={constraints.move}
            busy={busy}
          />
        )}
        {cancel(item.id)}
        {item.status === "confirmed" ? (
          <Link
            to={`?reservar=${item.id}#reservar`}
            className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-primary hover:bg-primary-soft"
          >
            Reservar otra cita<span className="sr-only"> para este cliente</span>
          </Link>
        ) : null}
      </div>
    ) : null;
  const cancel = (id: string) => (
    <WithMessage
      id={id}
      intent="cancel"
      label="Cancelar la cita"
      submit="Cancelar y avisar al cliente"
      limits={constraints.message.message}
      busy={busy}
    />
  );
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-h1">Citas</h1>
        <p className="mt-1 text-muted">
          Solicitudes por responder y la agenda de la semana (hora peninsular).
          {mayManage ? (
            <>
              {" "}
              <Link to="/admin/citas/ajustes" className="font-semibold text-primary underline">
                Horario y servicios
              </Link>
              {" · "}
              <a href="#reservar" className="font-semibold text-primary underline">
                Reservar una cita
              </a>
            </>
          ) : null}
        </p>
      </div>
      {refused &&
      ["accept", "decline", "cancel", "change-answered", "invite-review"].includes(
        refused.intent ?? "",
      ) ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {refused.formError ?? Object.values(refused.fieldErrors)[0]?.[0]}
        </p>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle as="h2">Por responder ({pending.length})</CardTitle>
        </CardHeader>
        <CardContent>
          {pending.length === 0 ? (
            <p className="text-muted">No hay solicitudes pendientes.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border">
              {pending.map((item) => (
                <li key={item.id} className="flex flex-col gap-3 py-4">
                  <p>
                    <strong className="first-letter:uppercase">{item.when}</strong> ·{" "}
                    {item.serviceName} ({item.modality === "online" ? "en línea" : "presencial"}){" "}
                    <Badge variant={STATUS[item.status]?.variant ?? "neutral"}>
                      {STATUS[item.status]?.label ?? item.status}
                    </Badge>
                  </p>
                  <ClientDetails item={item} />
                  {mayManage ? (
                    <div className="flex flex-wrap items-start gap-2">
                      {item.status === "requested" ? (
                        <>
                          <Form method="post">
                            <input type="hidden" name="intent" value="accept" />
                            <input type="hidden" name="id" value={item.id} />
                            <Button type="submit" disabled={busy}>
                              <Check aria-hidden="true" /> Aceptar
                              <span className="sr-only"> la cita del {item.when}</span>
                            </Button>
                          </Form>
                          <WithMessage
                            id={item.id}
                            intent="decline"
                            label="Rechazar"
                            submit="Rechazar la solicitud"
                            limits={constraints.message.message}
                            busy={busy}
                          />
                        </>
                      ) : null}
                      {item.changeRequest ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="change-answered" />
                          <input type="hidden" name="id" value={item.id} />
                          <Button type="submit" variant="secondary" disabled={busy}>
                            Mantener la hora
                            <span className="sr-only"> de la cita del {item.when}</span>
                          </Button>
                        </Form>
                      ) : null}
                    </div>
                  ) : null}
                  {item.changeRequest && mayManage ? (
                    <p className="text-sm text-muted">
                      «Mantener la hora» da la petición de cambio por respondida sin mover la cita
                      (por ejemplo, si ya lo has hablado con el cliente); no envía ningún email.
                    </p>
                  ) : null}
                  {item.status !== "requested" ? manage(item) : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <WeekHeader week={week} />
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {week.days.map((day) => (
            <section key={day.date} aria-labelledby={`dia-${day.date}`}>
              <h3 id={`dia-${day.date}`} className="font-semibold first-letter:uppercase">
                {day.label}
              </h3>
              {day.items.length === 0 ? (
                <p className="text-sm text-muted">Sin citas.</p>
              ) : (
                <ul className="mt-2 flex flex-col gap-3">
                  {day.items.map((item) => (
                    <li
                      key={item.id}
                      className="flex flex-col gap-3 rounded-field border border-border p-3"
                    >
                      <p>
                        <strong>{item.when.split(", ").at(-1)}</strong> · {item.serviceName}{" "}
                        <Badge variant={STATUS[item.status]?.variant ?? "neutral"}>
                          {STATUS[item.status]?.label ?? item.status}
                        </Badge>
                      </p>
                      <ClientDetails item={item} />
                      {item.status !== "requested" ? manage(item) : null}
                      {mayInvite && item.status === "confirmed" && item.past ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="invite-review" />
                          <input type="hidden" name="id" value={item.id} />
                          <Button type="submit" variant="secondary" disabled={busy}>
                            Invitar a dejar una reseña
                            <span className="sr-only"> tras la cita del {item.when}</span>
                          </Button>
                        </Form>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </CardContent>
      </Card>

      {mayManage ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2" id="reservar">
              Reservar una cita
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <p className="text-muted">
              Para un cliente con el que ya has hablado: una cita o una serie semanal o quincenal.
              {client ? " Datos tomados de su cita anterior." : null}
            </p>
            {booking ? (
              <div role={booking.ok ? "status" : "alert"} className="flex flex-col gap-2">
                {booking.ok ? (
                  <p className="rounded-field bg-success-soft p-3 text-success">
                    {booking.booked.length === 1
                      ? `Cita reservada: ${booking.booked[0]!.when}.`
                      : `Reservadas ${booking.booked.length} sesiones.`}{" "}
                    Hemos enviado un email al cliente.
                  </p>
                ) : booking.formError ? (
                  <p className="rounded-field bg-danger-soft p-3 text-danger">
                    {booking.formError}
                  </p>
                ) : null}
                {"skipped" in booking && booking.skipped?.length ? (
                  <>
                    <p className="font-semibold">No se han reservado:</p>
                    <ul className="list-disc pl-6">
                      {booking.skipped.map((s) => (
                        <li key={s.when}>
                          {s.when}: {s.reason}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </div>
            ) : null}
            <StaffBookingForm
              key={booking?.ok ? booking.booked[0]!.id : "form"}
              services={services}
              today={today}
              client={client}
              fieldErrors={booking && !booking.ok ? booking.fieldErrors : undefined}
              constraints={constraints.book}
              busy={busy}
            />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
