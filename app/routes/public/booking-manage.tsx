import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/site/page-header";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { database } from "~/context";
import {
  cancelByClient,
  manageView,
  requestChangeByClient,
} from "~/modules/booking/booking.server";
import { appointmentPlace } from "~/modules/booking/mails.server";
import { appointmentWhenText } from "~/modules/booking/when";
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

/** The link in every e-mail about an appointment: see it, cancel it or ask to move it. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const token = (url.searchParams.get("token") ?? "").slice(0, 100);
  const view = await manageView(await database(context), token);
  if (!view) return data({ token, appointment: null }, { status: 404 });
  const settings = await requestSettings(context);
  return {
    token,
    appointment: {
      ...view,
      when: appointmentWhenText(view.startsAt),
      place: appointmentPlace(view, settings),
    },
    constraints: htmlConstraints(ChangeRequestSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const db = await database(context);
  const token = String(form.get("token") ?? "").slice(0, 100);
  const intent = form.get("intent");
  let result;
  switch (intent) {
    case "cancel":
      result = await cancelByClient(db, token);
      break;
    case "change":
      result = await requestChangeByClient(db, token, form.get("message"));
      break;
    default:
      return failure({ status: 400, formError: "Acción no válida" });
  }
  if (result.ok) return { ok: true as const, done: intent };
  return failure(result);
}

export default function BookingManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (loaderData.appointment === null) {
    return (
      <>
        <PageHeader title="Tu cita" lead="El enlace no es válido o la cita ya no existe." />
        <div className="container-page max-w-2xl py-12">
          <Link to="/cita" className="font-semibold text-primary underline">
            Pedir cita
          </Link>
        </div>
      </>
    );
  }
  const { token, appointment, constraints } = loaderData;
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const done = actionData && actionData.ok ? actionData.done : null;
  return (
    <>
      <PageHeader title="Tu cita" lead={`Hola, ${appointment.clientName}.`} />
      <div className="container-page flex max-w-2xl flex-col gap-6 py-12">
        {done ? (
          <Banner variant="success" role="status">
            {done === "cancel"
              ? "Tu cita se ha cancelado. Te hemos enviado un email."
              : "Hemos recibido tu petición de cambio. Te escribiremos con una hora nueva."}
          </Banner>
        ) : null}
        {refused?.formError ? (
          <Banner variant="error" role="alert">
            {refused.formError}
          </Banner>
        ) : null}
        <dl className="grid gap-x-6 gap-y-2 rounded-card border border-border bg-surface p-5 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Servicio</dt>
          <dd>{appointment.serviceName}</dd>
          <dt className="font-semibold">Cuándo</dt>
          <dd className="first-letter:uppercase">{appointment.when} (hora peninsular)</dd>
          <dt className="font-semibold">Dónde</dt>
          <dd>{appointment.place}</dd>
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
        </dl>
        {appointment.mayChange ? (
          <>
            <section aria-labelledby="cambiar" className="flex flex-col gap-3">
              <h2 id="cambiar" className="text-h3">
                Pedir un cambio de hora
              </h2>
              {appointment.changeRequested ? (
                <p>Ya has pedido un cambio: te escribiremos pronto.</p>
              ) : (
                <Form method="post" className="flex flex-col gap-3">
                  <input type="hidden" name="token" value={token} />
                  <input type="hidden" name="intent" value="change" />
                  <FormField
                    label="¿Qué días u horas te vendrían mejor? (opcional)"
                    name="message"
                    errors={refused?.fieldErrors.message}
                    description="Sin datos de salud, por favor."
                  >
                    {(field) => <Textarea {...field} rows={3} {...limitsOf(constraints.message)} />}
                  </FormField>
                  <Button type="submit" variant="secondary" className="self-start" disabled={busy}>
                    Pedir el cambio
                  </Button>
                </Form>
              )}
            </section>
            <section aria-labelledby="cancelar" className="flex flex-col gap-3">
              <h2 id="cancelar" className="text-h3">
                Cancelar la cita
              </h2>
              <Form method="post">
                <input type="hidden" name="token" value={token} />
                <input type="hidden" name="intent" value="cancel" />
                <Button type="submit" variant="danger" disabled={busy}>
                  Cancelar la cita
                </Button>
              </Form>
            </section>
          </>
        ) : ["held", "requested", "confirmed"].includes(appointment.status) ? (
          <p>
            Falta poco para la cita: para cancelarla o cambiarla, escríbenos o llámanos, por favor.
          </p>
        ) : null}
      </div>
    </>
  );
}
