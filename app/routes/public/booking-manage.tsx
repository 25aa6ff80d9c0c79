import { CRISIS_FIELD } from "~/components/site/crisis-field";
import { nudgeWaitlist } from "~/modules/booking/waitlist.server";
import { data } from "react-router";
import {
  AppointmentDetails,
  OnlineSessionHowTo,
  PracticeContact,
} from "~/components/site/booking/appointment-details";
import { PageHeader } from "~/components/site/page-header";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { database } from "~/context";
import {
  cancelByClient,
  MANAGE_MESSAGES,
  manageView,
  requestChangeByClient,
} from "~/modules/booking/booking.server";
import { appointmentPlace } from "~/modules/booking/mails.server";
import { appointmentWhenText } from "~/modules/booking/when";
import { publicSettings } from "~/modules/settings/defaults";
import { requestSettings } from "~/modules/settings/settings.server";
import { ChangeRequestSchema } from "~/modules/booking/schema";
import { failure } from "~/utils/action.server";
import { limitsOf, readForm } from "~/utils/form";
import { htmlConstraints } from "~/utils/form-schema";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/booking-manage";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), { title: "Tu cita", path: "/cita/gestionar", noindex: true });

const STATUS_TEXT: Record<string, string> = {
  held: "Pendiente de que la confirmes desde tu email",
  requested: "Solicitada: pendiente de confirmar por la consulta",
  confirmed: "Confirmada",
  declined: "No se pudo aceptar",
  cancelled: "Cancelada",
};

/**
 * The link in every e-mail about an appointment (the newest or any earlier one: all lead to the
 * appointment as it is now): see it, cancel it or ask to move it.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const token = linkToken(url);
  const settings = await requestSettings(context);
  const shown = publicSettings(settings);
  const practice = { phone: shown.contactPhone, email: shown.contactEmail };
  const view = await manageView(await database(context), token);
  if (!view) return data({ token, appointment: null, practice }, { status: 404 });
  return {
    token,
    practice,
    appointment: {
      ...view,
      when: appointmentWhenText(view.startsAt),
      place: appointmentPlace(view, settings),
    },
    constraints: htmlConstraints(ChangeRequestSchema),
  };
}

/** The token of the address (the link is the permission; a form's own field is never read). */
const linkToken = (url: URL) => (url.searchParams.get("token") ?? "").slice(0, 100);

export async function action({ request, context, url }: Route.ActionArgs) {
  // Refused before anything is read or done: the address must carry the link's token.
  const token = linkToken(url);
  if (!token) return failure({ status: 400, formError: MANAGE_MESSAGES.noLink });
  const form = await readForm(request);
  const db = await database(context);
  switch (form.get("intent")) {
    case "cancel": {
      const result = await cancelByClient(db, token);
      if (!result.ok) return failure(result);
      // The freed hour goes to the waitlist now (the job would within a minute).
      await nudgeWaitlist(db);
      const done = result.was === "confirmed" ? ("cancel" as const) : ("withdraw" as const);
      return { ok: true as const, done };
    }
    case "change": {
      const result = await requestChangeByClient(db, token, form.get("message"));
      if (!result.ok) return failure(result);
      return { ok: true as const, done: "change" as const };
    }
    default:
      return failure({ status: 400, formError: "Acción no válida" });
  }
}

/** What the client just did, in neutral words (never a celebration: it may be a hard moment). */
const DONE = {
  cancel: {
    title: "Cita cancelada. Hemos avisado a la consulta.",
    text: "Te hemos enviado un email con la cancelación. La hora queda libre para otra persona.",
  },
  withdraw: {
    title: "Solicitud retirada. Hemos avisado a la consulta.",
    text: "Te hemos enviado un email para que te quede constancia.",
  },
  change: {
    title: "Petición de cambio enviada.",
    text: "Hemos recibido tu petición de cambio. La consulta te escribirá con una hora nueva; hasta entonces, tu cita sigue como está.",
  },
} as const;

const linkClass = "font-semibold text-primary underline";

export default function BookingManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const { practice } = loaderData;
  if (loaderData.appointment === null) {
    return (
      <>
        <PageHeader title="Tu cita" lead="No encontramos ninguna cita con este enlace." />
        <div className="container-page flex max-w-2xl flex-col items-start gap-4 py-12">
          {refused?.formError ? (
            <Banner variant="error" role="alert">
              {refused.formError}
            </Banner>
          ) : null}
          <p>
            Comprueba que has abierto el enlace completo del email. Si la cita es de hace tiempo,
            puede que ya no conservemos sus datos.
          </p>
          <PracticeContact
            phone={practice.phone}
            email={practice.email}
            lead="Si tienes una cita y necesitas cambiarla,"
          />
          <a href="/cita" className={linkClass}>
            Pedir otra cita
          </a>
        </div>
      </>
    );
  }
  const { token, appointment, constraints } = loaderData;
  const done = actionData && actionData.ok ? DONE[actionData.done] : null;
  const open = ["held", "requested", "confirmed"].includes(appointment.status);
  const isRequest = appointment.status !== "confirmed";
  const query = `?token=${encodeURIComponent(token)}`;
  return (
    <>
      <PageHeader title="Tu cita" lead={`Hola, ${appointment.clientName}.`} />
      <div className="container-page flex max-w-2xl flex-col gap-6 py-12">
        {done ? (
          <div role="status" className="rounded-field border border-border-strong bg-sand p-4">
            <p className="font-semibold">{done.title}</p>
            <p>{done.text}</p>
          </div>
        ) : null}
        {refused?.formError ? (
          <Banner variant="error" role="alert">
            {refused.formError}
          </Banner>
        ) : null}
        {appointment.earlierLink && !done ? (
          <p className="text-sm text-muted">
            Este enlace es de un email anterior: te mostramos la cita tal como está ahora.
          </p>
        ) : null}
        <AppointmentDetails
          serviceName={appointment.serviceName}
          when={appointment.when}
          place={appointment.place}
        >
          {appointment.onlineLink ? (
            <>
              <dt className="font-semibold">Videollamada</dt>
              <dd>
                <a
                  href={appointment.onlineLink}
                  className="font-semibold break-all text-primary underline"
                  rel="noreferrer"
                >
                  Entrar en la videollamada
                </a>
              </dd>
            </>
          ) : null}
          <dt className="font-semibold">Estado</dt>
          <dd>{STATUS_TEXT[appointment.status] ?? appointment.status}</dd>
        </AppointmentDetails>
        {open ? (
          <p>
            <a href={`/cita/calendario.ics${query}`} className={linkClass} download="cita.ics">
              Añadir a mi calendario (.ics)
            </a>
          </p>
        ) : (
          <p>
            <a href="/cita" className={linkClass}>
              Pedir otra cita
            </a>
          </p>
        )}
        {open && appointment.modality === "online" ? (
          <OnlineSessionHowTo headingId="en-linea" />
        ) : null}
        {appointment.mayChange ? (
          <>
            <section aria-labelledby="cambiar" className="flex flex-col gap-3">
              <h2 id="cambiar" className="text-h3">
                Pedir un cambio de hora
              </h2>
              {appointment.changeRequested ? (
                <p>Ya has pedido un cambio: te escribiremos pronto.</p>
              ) : (
                <form method="post" className="flex flex-col gap-3">
                  <input type="hidden" name="intent" value="change" />
                  <FormField
                    label="¿Qué días u horas te vendrían mejor? (opcional)"
                    name="message"
                    errors={refused?.fieldErrors.message}
                    description="Sin datos de salud, por favor."
                  >
                    {(field) => (
                      <Textarea
                        {...field}
                        {...CRISIS_FIELD}
                        rows={3}
                        {...limitsOf(constraints.message)}
                      />
                    )}
                  </FormField>
                  <Button type="submit" variant="secondary" className="self-start">
                    Pedir el cambio
                  </Button>
                </form>
              )}
            </section>
            <section aria-labelledby="cancelar" className="flex flex-col gap-3">
              <h2 id="cancelar" className="text-h3">
                {isRequest ? "Retirar la solicitud" : "Cancelar la cita"}
              </h2>
              <p>
                {isRequest
                  ? "Si ya no la necesitas, retírala: la hora queda libre y avisamos a la consulta."
                  : "Si no puedes venir, cancélala: la hora queda libre para otra persona y avisamos a la consulta."}
              </p>
              {/* The confirmation step: a disclosure, so it works before and without JavaScript. */}
              <details className="group flex flex-col gap-3">
                <summary className="inline-flex min-h-11 cursor-pointer items-center self-start rounded-full border-2 border-danger px-5 font-semibold text-danger hover:bg-danger-soft">
                  {isRequest ? "Retirar la solicitud…" : "Cancelar la cita…"}
                </summary>
                <div className="mt-3 flex flex-col items-start gap-3 rounded-field border border-border-strong bg-surface p-4">
                  <p>
                    {isRequest
                      ? "¿Seguro que quieres retirar esta solicitud? La hora quedará libre."
                      : "¿Seguro que quieres cancelar esta cita? La hora quedará libre para otra persona."}
                  </p>
                  <form method="post">
                    <input type="hidden" name="intent" value="cancel" />
                    <Button type="submit" variant="danger">
                      {isRequest ? "Sí, retirar la solicitud" : "Sí, cancelar la cita"}
                    </Button>
                  </form>
                  <p className="text-sm text-muted">
                    Si has cambiado de idea, no hagas nada: {isRequest ? "tu solicitud" : "tu cita"}{" "}
                    sigue en pie.
                  </p>
                </div>
              </details>
            </section>
          </>
        ) : open ? (
          <p>
            Falta poco para la cita: para cancelarla o cambiarla, escríbenos o llámanos, por favor.
          </p>
        ) : null}
        <PracticeContact phone={practice.phone} email={practice.email} />
      </div>
    </>
  );
}
