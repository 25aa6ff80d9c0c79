import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/site/page-header";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { database } from "~/context";
import { confirmHold } from "~/modules/booking/booking.server";
import { HOLD_MINUTES } from "~/modules/booking/messages";
import { appointmentWhenText } from "~/modules/booking/when";
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

/**
 * The link of a direct booking's e-mail. Opening it changes nothing (mail scanners open links):
 * the button confirms.
 */
export function loader({ url }: Route.LoaderArgs) {
  return { token: (url.searchParams.get("token") ?? "").slice(0, 100) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = await confirmHold(await database(context), String(form.get("token") ?? ""));
  if (!result.ok) {
    const status = { invalid: 404, expired: 410, taken: 409 }[result.reason];
    return failure({ status, formError: FAILURES[result.reason] });
  }
  const a = result.appointment;
  return {
    ok: true as const,
    serviceName: a.serviceName,
    when: appointmentWhenText(a.startsAt),
  };
}

const FAILURES = {
  invalid:
    "El enlace no es válido o ya se ha usado. Si ya confirmaste la cita, no tienes que hacer nada más.",
  expired: `Han pasado más de ${HOLD_MINUTES} minutos y la hora ha vuelto a quedar libre. Puedes pedir la cita de nuevo.`,
  taken: "Esa hora ya no está libre. Puedes elegir otra.",
} as const;

export default function BookingConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.ok) {
    return (
      <>
        <PageHeader title="Cita confirmada" lead="Te hemos enviado un email con los detalles." />
        <div className="container-page max-w-2xl py-12">
          <p role="status" className="text-lg">
            <strong>{actionData.serviceName}</strong>: {actionData.when}.
          </p>
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Confirmar la cita" lead="Un último paso para pedir tu cita." />
      <div className="container-page flex max-w-2xl flex-col items-start gap-4 py-12">
        {actionData ? (
          <Banner variant="error" role="alert">
            {actionData.formError}{" "}
            <Link to="/cita" className="font-semibold underline">
              Pedir cita
            </Link>
          </Banner>
        ) : null}
        <Form method="post">
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
            Confirmar la cita
          </Button>
        </Form>
      </div>
    </>
  );
}
