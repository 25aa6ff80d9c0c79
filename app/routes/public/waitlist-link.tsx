import { data } from "react-router";
import { PageHeader } from "~/components/site/page-header";
import { Banner } from "~/components/ui/banner";
import { Button, buttonVariants } from "~/components/ui/button";
import { database } from "~/context";
import { clientInfo } from "~/modules/accounts/guard.server";
import {
  acceptOffer,
  confirmEntry,
  declineOffer,
  entryView,
  leaveWaitlist,
  offerView,
} from "~/modules/booking/waitlist.server";
import { offerConsentForAppointment } from "~/modules/consent/requests.server";
import { failure } from "~/utils/action.server";
import { readForm } from "~/utils/form";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/waitlist-link";

const TITLES = {
  confirmar: "Confirmar la lista de espera",
  baja: "Salir de la lista de espera",
  oferta: "Una hora para ti",
} as const;
type Step = keyof typeof TITLES;
const isStep = (value: string | undefined): value is Step => Boolean(value && value in TITLES);

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(rootFromMatches(matches), {
    title: isStep(params.accion) ? TITLES[params.accion] : "Lista de espera",
    path: `/cita/lista-espera/${params.accion ?? ""}`,
    noindex: true,
  });

/**
 * The links of the waitlist's e-mails (docs/decisions/024): confirm (double opt-in), leave, and an
 * offered hour (book it, say no, or leave the list). Opening a link changes nothing (mail scanners
 * open links); its buttons post.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  if (!isStep(params.accion)) throw data({ message: "Esta página no existe." }, { status: 404 });
  const token = (url.searchParams.get("token") ?? "").slice(0, 100);
  const db = await database(context);
  if (params.accion === "oferta") {
    return { step: params.accion, token, offer: await offerView(db, token), entry: null };
  }
  const kind = params.accion === "confirmar" ? "confirm" : "manage";
  return { step: params.accion, token, offer: null, entry: await entryView(db, kind, token) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "").slice(0, 100);
  const intent = form.get("intent");
  const db = await database(context);
  if (intent === "confirm" && params.accion === "confirmar") {
    const result = await confirmEntry(db, token);
    return result.ok ? { done: "confirmed" as const } : failure(result);
  }
  if (intent === "leave" && (params.accion === "baja" || params.accion === "oferta")) {
    const result = await leaveWaitlist(db, token);
    return result.ok ? { done: "left" as const } : failure(result);
  }
  if (intent === "decline" && params.accion === "oferta") {
    const result = await declineOffer(db, token);
    return result.ok ? { done: "declined" as const } : failure(result);
  }
  if (intent === "accept" && params.accion === "oferta") {
    const result = await acceptOffer(db, token);
    if (!result.ok) return failure(result);
    // A booked hour brings the consent to sign, as a confirmed booking does.
    await offerConsentForAppointment(
      db,
      null,
      result.appointmentId,
      clientInfo(request, context).ip,
    );
    return { done: "booked" as const, when: result.when };
  }
  return failure({ status: 400, formError: "No se ha entendido la petición." });
}

const DONE = {
  confirmed: {
    title: "Ya estás en la lista de espera",
    text: "Cuando se libere una hora que te encaje, te la ofreceremos por email. Puedes salir de la lista cuando quieras con el enlace de cualquiera de nuestros mensajes.",
  },
  left: {
    title: "Has salido de la lista de espera",
    text: "No te ofreceremos más horas. Si cambias de idea, puedes volver a apuntarte desde la página de cita.",
  },
  declined: {
    title: "De acuerdo",
    text: "Se la ofreceremos a otra persona. Sigues en la lista de espera para la próxima hora que te encaje.",
  },
} as const;

function Hidden({ token, intent }: { token: string; intent: string }) {
  return (
    <>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="intent" value={intent} />
    </>
  );
}

export default function WaitlistLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { step, token, offer, entry } = loaderData;
  if (actionData && "done" in actionData) {
    if (actionData.done === "booked") {
      return (
        <>
          <PageHeader title="Cita reservada" lead={actionData.when} />
          <div className="container-page flex max-w-2xl flex-col gap-4 py-12" role="status">
            <p>
              Te hemos enviado un email con los detalles y el enlace para ver, cambiar o cancelar la
              cita. Ya no estás en la lista de espera.
            </p>
          </div>
        </>
      );
    }
    const done = DONE[actionData.done];
    return (
      <>
        <PageHeader title={done.title} />
        <div className="container-page max-w-2xl py-12" role="status">
          <p>{done.text}</p>
        </div>
      </>
    );
  }
  const error =
    actionData && "formError" in actionData && actionData.formError ? (
      <Banner variant="error" role="alert">
        {actionData.formError}
      </Banner>
    ) : null;
  const gone = step === "oferta" ? !offer : !entry;
  if (gone) {
    return (
      <>
        <PageHeader title={TITLES[step]} />
        <div className="container-page flex max-w-2xl flex-col items-start gap-4 py-12">
          {error}
          <p>
            {step === "oferta"
              ? "Esta hora ya no está disponible: la oferta caducó, se respondió o se retiró. Si sigues en la lista de espera, te ofreceremos la próxima."
              : "Este enlace ya no sirve. Si quieres, vuelve a apuntarte desde la página de cita."}
          </p>
          <a href="/cita" className={buttonVariants({ variant: "secondary" })}>
            Ir a la página de cita
          </a>
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeader title={TITLES[step]} />
      <div className="container-page flex max-w-2xl flex-col items-start gap-6 py-12">
        {error}
        {step === "oferta" && offer ? (
          <>
            <p>
              Hola, {offer.name}. Se ha liberado una hora de <strong>{offer.service}</strong>:{" "}
              <strong>{offer.when}</strong>.
            </p>
            <p className="text-muted">
              Te la guardamos hasta las{" "}
              {new Intl.DateTimeFormat("es-ES", {
                timeZone: "Europe/Madrid",
                hour: "2-digit",
                minute: "2-digit",
                hourCycle: "h23",
              }).format(new Date(offer.until))}
              . Si no te va bien, se la ofreceremos a otra persona y seguirás en la lista.
            </p>
            <div className="flex flex-wrap gap-3">
              <form method="post">
                <Hidden token={token} intent="accept" />
                <Button type="submit" size="lg" variant="accent">
                  Reservar esta hora
                </Button>
              </form>
              <form method="post">
                <Hidden token={token} intent="decline" />
                <Button type="submit" size="lg" variant="secondary">
                  No me va bien
                </Button>
              </form>
            </div>
            <form method="post">
              <Hidden token={token} intent="leave" />
              <Button type="submit" variant="outline" size="sm">
                Salir de la lista de espera
              </Button>
            </form>
          </>
        ) : step === "confirmar" && entry ? (
          <>
            <p>
              Hola, {entry.name}. Pulsa «Confirmar» para entrar en la lista de espera de{" "}
              <strong>{entry.service}</strong>.
            </p>
            <form method="post">
              <Hidden token={token} intent="confirm" />
              <Button type="submit" size="lg">
                Confirmar
              </Button>
            </form>
          </>
        ) : entry ? (
          <>
            <p>
              Hola, {entry.name}. Si sales de la lista de espera de <strong>{entry.service}</strong>
              , no te ofreceremos más horas.
            </p>
            <form method="post">
              <Hidden token={token} intent="leave" />
              <Button type="submit" size="lg" variant="secondary">
                Salir de la lista de espera
              </Button>
            </form>
          </>
        ) : null}
      </div>
    </>
  );
}
