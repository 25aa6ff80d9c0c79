import {
  AppointmentDetails,
  OnlineSessionHowTo,
  PracticeContact,
} from "~/components/site/booking/appointment-details";
import { PageHeader } from "~/components/site/page-header";
import { Banner } from "~/components/ui/banner";
import { Button, buttonVariants } from "~/components/ui/button";
import { database } from "~/context";
import { clientInfo } from "~/modules/accounts/guard.server";
import { confirmHold, holdView } from "~/modules/booking/booking.server";
import { offerConsentForAppointment } from "~/modules/consent/requests.server";
import { appointmentPlace } from "~/modules/booking/mails.server";
import { HOLD_MINUTES } from "~/modules/booking/messages";
import { appointmentWhenText } from "~/modules/booking/when";
import { publicSettings } from "~/modules/settings/defaults";
import { requestSettings } from "~/modules/settings/settings.server";
import { failure } from "~/utils/action.server";
import { readForm } from "~/utils/form";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/booking-confirm";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Confirmar la cita",
    path: "/cita/confirmar",
    noindex: true,
  });

/** The appointment as the pages show it. */
function shown(
  row: { serviceName: string; startsAt: Date; modality: string },
  settings: Parameters<typeof appointmentPlace>[1],
) {
  return {
    serviceName: row.serviceName,
    when: appointmentWhenText(row.startsAt),
    place: appointmentPlace(row, settings),
    online: row.modality === "online",
  };
}

/**
 * The link of a direct booking's e-mail. Opening it changes nothing (mail scanners open links):
 * it shows the appointment, and the button confirms. A link already used leads to the
 * appointment's page (the same token opens it).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const token = (url.searchParams.get("token") ?? "").slice(0, 100);
  const settings = await requestSettings(context);
  const visible = publicSettings(settings);
  const practice = { phone: visible.contactPhone, email: visible.contactEmail };
  const view = await holdView(await database(context), token);
  if (view.state === "pending") {
    return {
      token,
      practice,
      state: view.state,
      appointment: shown(view.appointment, settings),
    };
  }
  return { token, practice, state: view.state, appointment: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const db = await database(context);
  const result = await confirmHold(db, String(form.get("token") ?? ""));
  if (!result.ok) {
    const status = { invalid: 404, expired: 410, taken: 409 }[result.reason];
    return failure({ status, formError: FAILURES[result.reason] });
  }
  // A confirmed appointment brings the consent to sign, when there is one ready to send.
  await offerConsentForAppointment(
    db,
    null,
    result.appointment.id,
    clientInfo(request, context).ip,
  );
  return {
    ok: true as const,
    appointment: shown(result.appointment, await requestSettings(context)),
    // The new manage link, for this page's 'Gestionar mi cita' and calendar file.
    manageToken: result.manageToken,
  };
}

const FAILURES = {
  invalid:
    "El enlace no es válido o ya se ha usado. Si ya confirmaste la cita, no tienes que hacer nada más.",
  expired: `Han pasado más de ${HOLD_MINUTES} minutos y la hora ha vuelto a quedar libre. Puedes pedir la cita de nuevo.`,
  taken: "Esa hora ya no está libre. Puedes elegir otra.",
} as const;

const linkClass = "font-semibold text-primary underline";

export default function BookingConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { practice } = loaderData;
  if (actionData?.ok) {
    const { appointment, manageToken } = actionData;
    const query = `?token=${encodeURIComponent(manageToken)}`;
    return (
      <>
        <PageHeader title="Cita confirmada" lead="Te hemos enviado un email con los detalles." />
        <div className="container-page flex max-w-2xl flex-col items-start gap-6 py-12">
          <div role="status" className="w-full">
            <AppointmentDetails
              serviceName={appointment.serviceName}
              when={appointment.when}
              place={appointment.place}
            />
          </div>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <a href={`/cita/gestionar${query}`} className={buttonVariants({ size: "lg" })}>
              Gestionar mi cita
            </a>
            <a href={`/cita/calendario.ics${query}`} className={linkClass} download="cita.ics">
              Añadir a mi calendario (.ics)
            </a>
          </div>
          <p className="text-muted">
            Desde «Gestionar mi cita» (y desde el enlace del email) puedes ver la cita, pedir un
            cambio de hora o cancelarla.
          </p>
          {appointment.online ? <OnlineSessionHowTo headingId="en-linea" /> : null}
          <PracticeContact phone={practice.phone} email={practice.email} />
        </div>
      </>
    );
  }
  if (loaderData.state === "used") {
    return (
      <>
        <PageHeader title="Tu cita" lead="Este enlace ya se ha usado para confirmar la cita." />
        <div className="container-page flex max-w-2xl flex-col items-start gap-4 py-12">
          <p>No tienes que hacer nada más. Puedes ver la cita tal como está ahora.</p>
          <a
            href={`/cita/gestionar?token=${encodeURIComponent(loaderData.token)}`}
            className={buttonVariants({ size: "lg" })}
          >
            Ver mi cita
          </a>
        </div>
      </>
    );
  }
  if (loaderData.state !== "pending" || !loaderData.appointment) {
    return (
      <>
        <PageHeader
          title="Confirmar la cita"
          lead={
            loaderData.state === "expired"
              ? `Han pasado más de ${HOLD_MINUTES} minutos y la hora ha vuelto a quedar libre.`
              : "No encontramos ninguna reserva con este enlace."
          }
        />
        <div className="container-page flex max-w-2xl flex-col items-start gap-4 py-12">
          {actionData ? (
            <Banner variant="error" role="alert">
              {actionData.formError}
            </Banner>
          ) : null}
          {loaderData.state === "invalid" ? (
            <p>Comprueba que has abierto el enlace completo del email.</p>
          ) : null}
          <PracticeContact phone={practice.phone} email={practice.email} />
          <a href="/cita" className={linkClass}>
            Pedir cita de nuevo
          </a>
        </div>
      </>
    );
  }
  const { appointment } = loaderData;
  return (
    <>
      <PageHeader title="Confirmar la cita" lead="Un último paso para pedir tu cita." />
      <div className="container-page flex max-w-2xl flex-col items-start gap-6 py-12">
        {actionData ? (
          <Banner variant="error" role="alert">
            {actionData.formError}{" "}
            <a href="/cita" className="font-semibold underline">
              Pedir cita
            </a>
          </Banner>
        ) : null}
        <div className="w-full">
          <AppointmentDetails
            serviceName={appointment.serviceName}
            when={appointment.when}
            place={appointment.place}
          />
        </div>
        <form method="post">
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" size="lg">
            Confirmar la cita
          </Button>
        </form>
        <p className="text-sm text-muted">
          Si no la confirmas en {HOLD_MINUTES} minutos desde que la pediste, la hora vuelve a quedar
          libre.
        </p>
      </div>
    </>
  );
}
