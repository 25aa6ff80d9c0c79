import { data } from "react-router";
import { PageHeader } from "~/components/site/page-header";
import { PrivacyConsent } from "~/components/site/privacy-consent";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { database } from "~/context";
import { clientInfo } from "~/modules/accounts/guard.server";
import { listServices } from "~/modules/booking/booking.server";
import { BOOKING_MESSAGES } from "~/modules/booking/messages";
import {
  WAITLIST_DAYS,
  WAITLIST_LIMITS,
  WAITLIST_WINDOWS,
  type WaitlistWindow,
} from "~/modules/booking/waitlist";
import { joinWaitlist } from "~/modules/booking/waitlist.server";
import { publicSettings } from "~/modules/settings/defaults";
import { requestSettings } from "~/modules/settings/settings.server";
import { type FormFailure, formFailure, readForm } from "~/utils/form";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/waitlist-join";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Lista de espera",
    path: "/cita/lista-espera",
    noindex: true,
  });

/**
 * /cita/lista-espera: when no free hour suits her, a visitor asks to be offered one that frees
 * up (docs/decisions/024). A plain form; she confirms by e-mail before she is on the list.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const settings = await requestSettings(context);
  if (!settings.bookingEnabled) throw data({ message: BOOKING_MESSAGES.disabled }, { status: 404 });
  const services = (await listServices(await database(context), { activeOnly: true })).map((s) => ({
    id: s.id,
    name: s.name,
  }));
  const chosen = Number(url.searchParams.get("servicio"));
  const visible = publicSettings(settings);
  return {
    services,
    chosen: services.some((s) => s.id === chosen) ? chosen : (services[0]?.id ?? 0),
    professionalName: visible.professionalName,
    practiceEmail: visible.contactEmail,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const settings = await requestSettings(context);
  if (!settings.bookingEnabled) {
    return data(
      { ...formFailure(BOOKING_MESSAGES.disabled), values: {}, days: [], windows: [] },
      { status: 404 },
    );
  }
  const form = await readForm(request);
  const fields = {
    ...Object.fromEntries(form),
    days: form.getAll("days"),
    windows: form.getAll("windows"),
  };
  const result = await joinWaitlist(await database(context), fields, clientInfo(request, context));
  if (result.ok) return { ok: true as const, email: result.email };
  const values: Record<string, string> = {};
  for (const key of ["name", "email", "service", "existing", "asap", "consent"]) {
    const value = form.get(key);
    if (typeof value === "string") values[key] = value.slice(0, 300);
  }
  const { status, ...failure } = result;
  return data<FormFailure & { values: Record<string, string>; days: string[]; windows: string[] }>(
    {
      ...failure,
      values,
      days: form.getAll("days").filter((v): v is string => typeof v === "string"),
      windows: form.getAll("windows").filter((v): v is string => typeof v === "string"),
    },
    { status },
  );
}

const check = "size-5 shrink-0 accent-primary";

export default function WaitlistJoinPage({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.ok) {
    return (
      <>
        <PageHeader title="Revisa tu email" lead="Falta un paso para apuntarte." />
        <div className="container-page flex max-w-2xl flex-col gap-4 py-12" role="status">
          <p>
            Te hemos escrito a <strong>{actionData.email}</strong>. Abre el enlace del mensaje y
            pulsa «Confirmar» para entrar en la lista de espera.
          </p>
          <p className="text-muted">
            Cuando se libere una hora que te encaje, te la ofreceremos por email y te la guardaremos
            un tiempo para que decidas.
          </p>
        </div>
      </>
    );
  }
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const errors = refused?.fieldErrors ?? {};
  const of = (name: string) => {
    const found = Object.entries(errors).find(([key]) => key.split(".")[0] === name);
    return found?.[1]?.length ? found[1] : undefined;
  };
  const values: Record<string, string | undefined> = refused?.values ?? {};
  const days = new Set(refused?.days ?? []);
  const windows = new Set(refused?.windows ?? []);
  const asap = refused ? values.asap === "on" : true;
  return (
    <>
      <PageHeader
        title="Lista de espera"
        lead="Si ninguna hora libre te va bien, apúntate y te ofreceremos la primera que se libere y te encaje."
      />
      <div className="container-page max-w-2xl py-12">
        <form
          method="post"
          action="/cita/lista-espera"
          noValidate
          className="flex flex-col gap-5"
          aria-label="Apuntarme a la lista de espera"
        >
          {refused?.formError ? (
            <Banner variant="error" role="alert">
              {refused.formError}
            </Banner>
          ) : null}
          <FormField label="Servicio" name="service" required errors={of("service")}>
            {(field) => (
              <NativeSelect {...field} defaultValue={values.service ?? String(loaderData.chosen)}>
                {loaderData.services.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Nombre" name="name" required errors={of("name")}>
            {(field) => (
              <Input
                {...field}
                autoComplete="name"
                maxLength={WAITLIST_LIMITS.name}
                defaultValue={values.name}
                aria-required
              />
            )}
          </FormField>
          <FormField label="Email" name="email" required errors={of("email")}>
            {(field) => (
              <Input
                {...field}
                type="email"
                autoComplete="email"
                maxLength={WAITLIST_LIMITS.email}
                defaultValue={values.email}
                aria-required
              />
            )}
          </FormField>
          <fieldset className="flex flex-col gap-2">
            <legend className="font-semibold">¿Has venido antes a la consulta?</legend>
            {[
              ["no", "No, sería la primera vez"],
              ["si", "Sí"],
            ].map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-3">
                <input
                  type="radio"
                  name="existing"
                  value={value}
                  defaultChecked={(values.existing ?? "no") === value}
                  className={check}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={of("asap") ? "asap-error" : "cuando-ayuda"}
          >
            <legend className="font-semibold">¿Cuándo te vendría bien?</legend>
            <p id="cuando-ayuda" className="text-sm text-muted">
              Marca «Lo antes posible» o los días y las franjas que te encajen.
            </p>
            <label className="flex min-h-11 items-center gap-3">
              <input type="checkbox" name="asap" defaultChecked={asap} className={check} />
              Lo antes posible (cualquier día y hora)
            </label>
            <div className="flex flex-wrap gap-x-5">
              {WAITLIST_DAYS.map((day, i) => (
                <label key={day} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    name="days"
                    value={String(i + 1)}
                    defaultChecked={days.has(String(i + 1))}
                    className={check}
                  />
                  {day}
                </label>
              ))}
            </div>
            <div className="flex flex-wrap gap-x-5">
              {(Object.keys(WAITLIST_WINDOWS) as WaitlistWindow[]).map((key) => (
                <label key={key} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    name="windows"
                    value={key}
                    defaultChecked={windows.has(key)}
                    className={check}
                  />
                  {WAITLIST_WINDOWS[key]}
                </label>
              ))}
            </div>
            {of("asap") ? (
              <p id="asap-error" role="alert" className="text-sm text-danger">
                {of("asap")![0]}
              </p>
            ) : null}
          </fieldset>
          <PrivacyConsent
            professionalName={loaderData.professionalName}
            practiceEmail={loaderData.practiceEmail}
            purpose="avisarte por email cuando se libere una hora que te encaje; se suprime 30 días después de conseguir cita o de darte de baja"
            basis="tu consentimiento"
            consentTo="apuntarme a la lista de espera"
            errors={of("consent")}
            consented={values.consent === "on"}
          />
          <Button type="submit" variant="accent" size="lg" className="self-start">
            Apuntarme a la lista de espera
          </Button>
        </form>
      </div>
    </>
  );
}
