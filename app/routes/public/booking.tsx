import { data, redirect } from "react-router";
import { BookingCalendar, dayLabel } from "~/components/site/booking/booking-calendar";
import { BookingForm } from "~/components/site/booking/booking-form";
import { PageHeader } from "~/components/site/page-header";
import { database } from "~/context";
import { clientInfo } from "~/modules/accounts/guard.server";
import { bookAppointment, bookingView } from "~/modules/booking/booking.server";
import { BOOKING_MESSAGES } from "~/modules/booking/messages";
import { BookingSchema } from "~/modules/booking/schema";
import { requestSettings } from "~/modules/settings/settings.server";
import { useRootData } from "~/root";
import { formFailure, type FormFailure, readForm } from "~/utils/form";
import { htmlConstraints } from "~/utils/form-schema";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/booking";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Pedir cita",
    description: "Elige el servicio, el día y la hora de tu sesión y pide tu cita en línea.",
    path: "/cita",
  });

/** /cita: service → day and hour → who is booking; each step has its own address (no JS needed). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const settings = await requestSettings(context);
  if (!settings.bookingEnabled) return { enabled: false as const };
  const params = url.searchParams;
  const view = await bookingView(await database(context), {
    service: params.get("servicio"),
    month: params.get("mes"),
    day: params.get("dia"),
    slot: params.get("hora"),
  });
  return { enabled: true as const, view, constraints: htmlConstraints(BookingSchema) };
}

const KEPT = ["name", "email", "phone", "firstVisit", "note", "consent"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const settings = await requestSettings(context);
  if (!settings.bookingEnabled) {
    return data(formFailure(BOOKING_MESSAGES.disabled), { status: 404 });
  }
  const fields = Object.fromEntries(await readForm(request));
  const result = await bookAppointment(
    await database(context),
    fields,
    clientInfo(request, context),
  );
  if (result.ok) {
    throw redirect(`/cita/enviada?tipo=${result.status === "held" ? "reserva" : "solicitud"}`);
  }
  const values: Record<string, string> = {};
  for (const key of KEPT) {
    const value = fields[key];
    if (typeof value === "string") values[key] = value.slice(0, 600);
  }
  const { status, ...failure } = result;
  return data<FormFailure>({ ...failure, values }, { status });
}

/**
 * Not an emergency service: prominent (alarm colours) where a visitor starts, at step 1; a calm
 * note, same words, once they are choosing a day or writing their details.
 */
function CrisisNotice({ prominent }: { prominent: boolean }) {
  return (
    <p
      role="note"
      className={
        prominent
          ? "rounded-field border border-danger/30 bg-danger-soft p-4 text-danger"
          : "rounded-field border-l-4 border-info bg-info-soft px-4 py-3 text-sm text-ink"
      }
    >
      <strong>Esto no es un servicio de urgencias.</strong> Si estás en una situación de crisis,
      llama al{" "}
      <a className="font-semibold underline" href="tel:024">
        024
      </a>{" "}
      (atención a la conducta suicida) o al{" "}
      <a className="font-semibold underline" href="tel:112">
        112
      </a>
      .
    </p>
  );
}

const minutes = (n: number) => `${n} min`;
const modalityText = (modality: string) => (modality === "online" ? "En línea" : "Presencial");

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  // Where in-person sessions take place (Ajustes; empty while it is the example address).
  const address = root?.settings.partnerCentreAddress ?? "";
  const place = (modality: string) => (modality === "presencial" && address ? ` · ${address}` : "");
  if (!loaderData.enabled) {
    return (
      <>
        <PageHeader title="Pedir cita" lead="La reserva en línea no está disponible ahora mismo." />
        <div className="container-page max-w-2xl py-12">
          <p>
            Puedes pedir cita{" "}
            <a href="/#contacto" className="font-semibold text-primary underline">
              escribiéndome desde el formulario de contacto
            </a>
            .
          </p>
        </div>
      </>
    );
  }
  const { view, constraints } = loaderData;
  const { service, slot } = view;
  const step = !service ? 1 : slot ? 3 : 2;
  return (
    <>
      <PageHeader
        title="Pedir cita"
        lead="Elige el servicio, el día y la hora. Te confirmaremos la cita por email."
      />
      <div className="container-page flex max-w-3xl flex-col gap-8 py-12">
        <CrisisNotice prominent={step === 1} />
        {/* A refusal answered on another step than the form's (the hour was taken meanwhile):
            its message still shows, e.g. too many bookings in a row. */}
        {actionData && !actionData.ok && step !== 3 && actionData.formError ? (
          <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
            {actionData.formError}
          </p>
        ) : null}
        <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label="Pasos">
          {["Servicio", "Día y hora", "Tus datos"].map((name, i) => (
            <li
              key={name}
              aria-current={step === i + 1 ? "step" : undefined}
              className="text-muted aria-[current=step]:font-semibold aria-[current=step]:text-primary-strong"
            >
              {i + 1}. {name}
            </li>
          ))}
        </ol>

        {step === 1 ? (
          <section id="paso-1" aria-labelledby="paso-servicio" className="scroll-mt-24">
            <h2 id="paso-servicio" className="text-h2">
              Elige el servicio
            </h2>
            {view.services.length === 0 ? (
              <p className="mt-3">
                Ahora mismo no hay servicios con reserva en línea.{" "}
                <a href="/#contacto" className="font-semibold text-primary underline">
                  Escríbeme
                </a>{" "}
                y buscamos una hora.
              </p>
            ) : (
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                {view.services.map((s) => (
                  <li key={s.id}>
                    <a
                      href={`/cita?servicio=${s.id}#paso-2`}
                      className="flex h-full flex-col gap-1 rounded-card border border-border-strong bg-surface p-4 text-ink no-underline shadow-soft hover:border-primary"
                    >
                      <span className="font-serif text-lg font-semibold text-primary-strong">
                        {s.name}
                      </span>
                      <span>
                        {minutes(s.durationMinutes)} · {modalityText(s.modality)}
                        {s.priceText ? ` · ${s.priceText}` : ""}
                        {place(s.modality)}
                      </span>
                      <span className="text-sm text-muted">
                        {s.audience === "new"
                          ? "Para una primera visita. "
                          : s.audience === "existing"
                            ? "Si ya has venido a consulta. "
                            : ""}
                        {s.mode === "direct"
                          ? "Reserva inmediata: la confirmas desde tu email."
                          : "Solicitud: te confirmaremos la hora."}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}

        {service ? (
          <p className="rounded-field bg-sand p-4">
            <strong>{service.name}</strong> · {minutes(service.durationMinutes)} ·{" "}
            {modalityText(service.modality)}
            {service.priceText ? ` · ${service.priceText}` : ""}
            {place(service.modality)}.{" "}
            <a href="/cita#paso-1" className="font-semibold text-primary underline">
              Cambiar de servicio
            </a>
          </p>
        ) : null}

        {step === 2 && view.month ? (
          <section id="paso-2" aria-labelledby="paso-dia" className="scroll-mt-24">
            <h2 id="paso-dia" className="mb-4 text-h2">
              Elige el día y la hora
            </h2>
            {view.slotGone ? (
              <p role="alert" className="mb-4 rounded-field bg-danger-soft p-3 text-danger">
                {BOOKING_MESSAGES.slotTaken}
              </p>
            ) : null}
            <BookingCalendar
              service={service!.id}
              month={view.month}
              day={view.day}
              firstSlots={view.firstSlots}
            />
            <p className="mt-6 rounded-field bg-sand p-4">
              ¿Ninguna hora te va bien?{" "}
              <a
                href={`/cita/lista-espera?servicio=${service!.id}`}
                className="font-semibold text-primary underline"
              >
                Apúntate a la lista de espera
              </a>{" "}
              y te ofreceremos la primera hora que se libere y te encaje.
            </p>
          </section>
        ) : null}

        {step === 3 && slot && service ? (
          <section
            id="paso-3"
            aria-labelledby="paso-datos"
            className="flex scroll-mt-24 flex-col gap-4"
          >
            <h2 id="paso-datos" className="text-h2">
              Tus datos
            </h2>
            <p className="rounded-field bg-primary-soft p-4">
              <span className="first-letter:uppercase">{dayLabel(slot.date)}</span>, a las{" "}
              <strong>{slot.time}</strong> (hora peninsular).{" "}
              <a
                href={`/cita?servicio=${service.id}&dia=${slot.date}#horas`}
                className="font-semibold text-primary underline"
              >
                Cambiar la hora
              </a>
            </p>
            <p className="text-sm text-muted">
              {view.cancelHours > 0
                ? `Puedes cancelar o pedir un cambio desde el enlace de tu email hasta ${view.cancelHours} horas antes de la cita.`
                : "Puedes cancelar o pedir un cambio desde el enlace de tu email."}
            </p>
            <BookingForm
              service={service.id}
              slot={slot.start}
              audience={service.audience}
              direct={service.mode === "direct"}
              refused={actionData && !actionData.ok ? actionData : undefined}
              constraints={constraints}
              professionalName={root?.settings.professionalName ?? ""}
              practiceEmail={root?.settings.contactEmail ?? ""}
            />
          </section>
        ) : null}
      </div>
    </>
  );
}
