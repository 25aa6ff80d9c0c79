import { ArrowLeft } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { database } from "~/context";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import { listServices } from "~/modules/booking/booking.server";
import {
  ENTRY_STATUS_LABELS,
  OFFER_STATUS_LABELS,
  SLOT_REASON_LABELS,
  SLOT_STATUS_LABELS,
  WAITLIST_DAYS,
  WAITLIST_WINDOWS,
  type WaitlistWindow,
} from "~/modules/booking/waitlist";
import {
  approveOffer,
  offerTo,
  releaseSlot,
  saveWaitlistConfig,
  skipOffer,
  waitlistOverview,
} from "~/modules/booking/waitlist.server";
import { appointmentWhenText } from "~/modules/booking/when";
import { failure } from "~/utils/action.server";
import { adminMeta } from "~/utils/admin-meta";
import { readForm } from "~/utils/form";
import { formatShortDateTime } from "~/utils/format-time";
import { redirectWithToast } from "~/utils/toast.server";
import { useFieldErrors } from "~/utils/use-field-errors";
import type { Route } from "./+types/waitlist";

export const meta: Route.MetaFunction = () => adminMeta("Lista de espera");

const PATH = "/admin/citas/lista-espera";

/**
 * The waitlist (docs/decisions/024): who waits for each service, in the order offers go out; what
 * happened to each freed hour; an hour she releases by hand; offers waiting for her approval; and
 * the list's rules.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "appointments.read");
  const db = await database(context);
  const services = await listServices(db, { activeOnly: true });
  return {
    ...(await waitlistOverview(db)),
    services: services.map((s) => ({ id: s.id, name: s.name })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "appointments.manage");
  const form = await readForm(request);
  const db = await database(context);
  const ip = clientInfo(request, context).ip;
  const intent = form.get("intent");
  if (intent === "approve" || intent === "skip") {
    const id = form.get("id");
    const result =
      intent === "approve"
        ? await approveOffer(db, user, id, ip)
        : await skipOffer(db, user, id, ip);
    if (!result.ok) return failure(result);
    return redirectWithToast(PATH, {
      title: intent === "approve" ? "Oferta enviada" : "Oferta saltada",
      description:
        intent === "approve"
          ? "La persona tiene el tiempo de reserva para decidir."
          : "La hora se ofrece a la siguiente persona que encaje.",
    });
  }
  if (intent === "offer") {
    const result = await offerTo(
      db,
      user,
      { slot: form.get("slot"), entry: form.get("entry") },
      ip,
    );
    if (!result.ok) return failure(result);
    return redirectWithToast(PATH, {
      title: "Oferta enviada",
      description: "La persona tiene el tiempo de reserva para decidir.",
    });
  }
  if (intent === "release") {
    const result = await releaseSlot(
      db,
      user,
      { service: form.get("service"), date: form.get("date"), time: form.get("time") },
      ip,
    );
    if (!result.ok) return failure(result);
    return redirectWithToast(PATH, {
      title: "Hora liberada",
      description: "Se ofrece a la primera persona de la lista a la que le encaje.",
    });
  }
  if (intent === "config") {
    const result = await saveWaitlistConfig(
      db,
      user,
      {
        holdMinutes: form.get("holdMinutes"),
        existingFirst: form.get("existingFirst"),
        approveFirst: form.get("approveFirst"),
      },
      ip,
    );
    if (!result.ok) return failure(result);
    return redirectWithToast(PATH, { title: "Reglas guardadas" });
  }
  return failure({ status: 400, formError: "No se ha entendido la petición." });
}

type Data = Route.ComponentProps["loaderData"];

function preferencesText(entry: Data["entries"][number]) {
  if (entry.asap) return "Lo antes posible";
  const days = entry.days.map((d) => WAITLIST_DAYS[d - 1]).filter(Boolean);
  const windows = entry.windows.map((w) => WAITLIST_WINDOWS[w as WaitlistWindow]).filter(Boolean);
  return [days.join(", "), windows.join(", ").toLowerCase()].filter(Boolean).join(" · ");
}

function Entries({ entries }: { entries: Data["entries"] }) {
  const services = [...new Set(entries.map((e) => e.service))];
  if (entries.length === 0) {
    return <p className="text-muted">Nadie espera ahora mismo.</p>;
  }
  return (
    <>
      {services.map((service) => (
        <section
          key={service}
          aria-label={`Lista de espera de ${service}`}
          className="flex flex-col gap-2"
        >
          <h3 className="font-semibold">{service}</h3>
          <ol className="flex flex-col gap-2">
            {entries
              .filter((e) => e.service === service)
              .map((e) => (
                <li key={e.id} className="rounded-card border border-border bg-surface p-3">
                  <p className="font-semibold">
                    {e.name} <span className="font-normal text-muted">· {e.email}</span>
                  </p>
                  <p className="text-sm">
                    {ENTRY_STATUS_LABELS[e.status]} · {preferencesText(e)}
                    {e.existingClient ? " · Ya ha venido a consulta" : ""} · desde el{" "}
                    {formatShortDateTime(e.joinedAt)}
                  </p>
                </li>
              ))}
          </ol>
        </section>
      ))}
    </>
  );
}

/** Offering an hour nobody holds to a person she chooses, out of the list's order. */
function OfferTo({ slotId, waiting }: { slotId: number; waiting: Data["entries"] }) {
  if (waiting.length === 0) return null;
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="offer" />
      <input type="hidden" name="slot" value={slotId} />
      <FormField label="Ofrecer a" name="entry" id={`ofrecer-${slotId}`}>
        {(field) => (
          <NativeSelect {...field}>
            {waiting.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name} ({e.service})
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <Button type="submit" size="sm" variant="secondary">
        Ofrecer esta hora
      </Button>
    </Form>
  );
}

function Slots({ slots, waiting }: { slots: Data["slots"]; waiting: Data["entries"] }) {
  if (slots.length === 0) {
    return <p className="text-muted">Todavía no se ha liberado ninguna hora.</p>;
  }
  return (
    <ul className="flex flex-col gap-2">
      {slots.map((slot) => (
        <li key={slot.id} className="rounded-card border border-border bg-surface p-3">
          <p className="font-semibold">
            {appointmentWhenText(slot.startsAt)}{" "}
            <span className="font-normal text-muted">
              · {SLOT_REASON_LABELS[slot.reason]} · {SLOT_STATUS_LABELS[slot.status]}
            </span>
          </p>
          {slot.offers.length ? (
            <ol className="mt-1 flex flex-col gap-1 text-sm">
              {slot.offers.map((offer) => (
                <li key={offer.id} className="flex flex-wrap items-center gap-2">
                  <span>
                    {offer.name}: {OFFER_STATUS_LABELS[offer.status]}
                    {offer.status === "enviada"
                      ? ` (hasta el ${formatShortDateTime(offer.expiresAt)})`
                      : ""}
                  </span>
                  {offer.status === "por-aprobar" ? (
                    <>
                      <Form method="post">
                        <input type="hidden" name="intent" value="approve" />
                        <input type="hidden" name="id" value={offer.id} />
                        <Button type="submit" size="sm">
                          Enviar la oferta a {offer.name}
                        </Button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="intent" value="skip" />
                        <input type="hidden" name="id" value={offer.id} />
                        <Button type="submit" size="sm" variant="outline">
                          Saltar a {offer.name}
                        </Button>
                      </Form>
                    </>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : null}
          {(slot.status === "abierta" || slot.status === "sin-candidatos") &&
          Date.parse(slot.startsAt) > Date.now() ? (
            <OfferTo slotId={slot.id} waiting={waiting} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export default function WaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, slots, config, services } = loaderData;
  const errors = useFieldErrors(actionData?.fieldErrors);
  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <div>
        <Link
          to="/admin/citas"
          className="inline-flex min-h-11 items-center gap-1 text-sm underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Citas
        </Link>
        <h1 className="text-h1">Lista de espera</h1>
        <p className="mt-1 text-muted">
          Cuando una hora se libera (una cancelación, un cambio de hora o una que liberas tú), se
          ofrece a una sola persona cada vez, en este orden, entre las que les encaja ese día y esa
          hora. Se la guardamos un tiempo; si no la reserva, pasa a la siguiente.
        </p>
        {actionData?.formError ? (
          <p role="alert" className="mt-2 text-danger">
            {actionData.formError}
          </p>
        ) : null}
      </div>

      <section aria-labelledby="esperan" className="flex flex-col gap-3">
        <h2 id="esperan" className="text-h3">
          Quién espera
        </h2>
        <Entries entries={entries} />
      </section>

      <section aria-labelledby="horas" className="flex flex-col gap-3">
        <h2 id="horas" className="text-h3">
          Horas liberadas y qué pasó con cada una
        </h2>
        <Slots slots={slots} waiting={entries.filter((e) => e.status === "activa")} />
      </section>

      <section aria-labelledby="liberar" className="flex flex-col gap-3">
        <h2 id="liberar" className="text-h3">
          Liberar una hora
        </h2>
        <p className="text-sm text-muted">
          Una hora libre de tu agenda que quieras ofrecer a la lista de espera (por ejemplo, si
          abres un hueco extra).
        </p>
        <Form
          ref={errors.formRef}
          method="post"
          className="flex flex-wrap items-end gap-4"
          aria-labelledby="liberar"
          onChange={errors.clearOnChange}
        >
          <input type="hidden" name="intent" value="release" />
          <FormField label="Servicio" name="service" errors={errors.of("service")}>
            {(field) => (
              <NativeSelect {...field}>
                {services.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Día" name="date" errors={errors.of("date")}>
            {(field) => <Input {...field} type="date" required />}
          </FormField>
          <FormField label="Hora" name="time" errors={errors.of("time")}>
            {(field) => <Input {...field} type="time" required />}
          </FormField>
          <Button type="submit">Ofrecer a la lista</Button>
        </Form>
      </section>

      <section aria-labelledby="reglas" className="flex flex-col gap-3">
        <h2 id="reglas" className="text-h3">
          Reglas de la lista
        </h2>
        <Form method="post" className="flex flex-col gap-4" aria-labelledby="reglas">
          <input type="hidden" name="intent" value="config" />
          <FormField
            label="Minutos que se guarda una hora ofrecida"
            name="holdMinutes"
            description="Menos si la hora está cerca: nunca más de la cuarta parte del tiempo que falta, ni menos de 15 minutos."
            errors={errors.of("holdMinutes")}
          >
            {(field) => (
              <Input
                {...field}
                type="number"
                min={15}
                max={1440}
                defaultValue={config.holdMinutes}
                className="max-w-32"
              />
            )}
          </FormField>
          <label htmlFor="existingFirst" className="flex min-h-11 items-center gap-3">
            <Checkbox
              id="existingFirst"
              name="existingFirst"
              value="on"
              defaultChecked={config.existingFirst}
            />
            <span>Primero quienes ya vienen a consulta</span>
          </label>
          <label htmlFor="approveFirst" className="flex min-h-11 items-center gap-3">
            <Checkbox
              id="approveFirst"
              name="approveFirst"
              value="on"
              defaultChecked={config.approveFirst}
            />
            <span>Quiero aprobar cada oferta antes de que se envíe</span>
          </label>
          <Button type="submit" variant="secondary" className="self-start">
            Guardar las reglas
          </Button>
        </Form>
      </section>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
