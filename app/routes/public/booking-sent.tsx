import { CheckCircle2 } from "lucide-react";
import { PageHeader } from "~/components/site/page-header";
import { HOLD_MINUTES } from "~/modules/booking/messages";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/booking-sent";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Cita pedida",
    path: "/cita/enviada",
    noindex: true,
  });

/** After booking: what happens next. Nothing about the person is in the address. */
export function loader({ url }: Route.LoaderArgs) {
  return { direct: url.searchParams.get("tipo") === "reserva" };
}

export default function BookingSentPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={loaderData.direct ? "Confirma tu cita en tu email" : "Solicitud enviada"}
        lead={
          loaderData.direct
            ? `Te hemos enviado un email con un enlace. Ábrelo en los próximos ${HOLD_MINUTES} minutos para confirmar la cita; si no, la hora vuelve a quedar libre.`
            : "Hemos recibido tu solicitud. Te escribiremos en cuanto la revisemos para confirmarla o proponerte otra hora."
        }
      />
      <div className="container-page flex max-w-2xl flex-col items-start gap-4 py-12">
        <p role="status" className="flex items-center gap-3">
          <CheckCircle2 aria-hidden="true" className="size-8 text-success" />
          {loaderData.direct ? "Reserva pendiente de tu confirmación." : "Solicitud recibida."}
        </p>
        <p className="text-muted">
          ¿No ves el email? Mira en la carpeta de correo no deseado. El email trae también un enlace
          para cancelar o pedir un cambio.
        </p>
        <a href="/" className="font-semibold text-primary underline">
          Volver al inicio
        </a>
      </div>
    </>
  );
}
