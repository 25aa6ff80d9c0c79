import { Form, Link, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { database } from "~/context";
import { clientInfo, requireRecentAuth, requireUser } from "~/modules/accounts/guard.server";
import { getBookingConfig, listServices } from "~/modules/booking/booking.server";
import {
  BookingRulesFormSchema,
  BusyFeedFormSchema,
  ClosedDaysFormSchema,
  rangesText,
  ServiceFormSchema,
} from "~/modules/booking/config";
import { WEEKDAY_NAMES } from "~/modules/booking/messages";
import { hasAgendaFeed, removeAgendaFeed, renewAgendaFeed } from "~/modules/booking/feed.server";
import {
  busyFeedStatus,
  refreshBusyFeed,
  removeBusyFeed,
  setBusyFeed,
} from "~/modules/booking/busy-feed.server";
import { can } from "~/modules/accounts/roles";
import { getEnv } from "~/utils/env.server";
import {
  addClosedDays,
  removeClosedDays,
  removeService,
  saveRules,
  saveService,
  upcomingClosedDays,
} from "~/modules/booking/practice.server";
import { failure } from "~/utils/action.server";
import { limitsOf, parseId, readForm } from "~/utils/form";
import { htmlConstraints } from "~/utils/form-schema";
import { formatShortDate, plural } from "~/utils/format";
import { formatDateTime } from "~/utils/format-time";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/appointment-settings";

export const meta: Route.MetaFunction = () => [
  { title: "Horario y servicios de citas | Área de Gestión" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The 'Citas' settings: hours and rules, the services offered, closed days. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "appointments.manage");
  const db = await database(context);
  const config = await getBookingConfig(db);
  // The busy-times calendar: administrators set it; editors see only how it went.
  const mayManageBusyFeed = can(user.role, "settings.manage");
  const busyFeed = await busyFeedStatus(db);
  return {
    hours: WEEKDAY_NAMES.map((name, i) => ({
      weekday: i + 1,
      name,
      text: rangesText(config.weekly, i + 1),
    })),
    config,
    services: await listServices(db),
    closed: await upcomingClosedDays(db),
    hasFeed: await hasAgendaFeed(db),
    // The agenda's address: administrators create and remove it; editors see whether there is one.
    mayManageFeed: can(user.role, "appointments.feed"),
    mayManageBusyFeed,
    busyFeed: mayManageBusyFeed ? busyFeed : { ...busyFeed, masked: null },
    // The forms' limits, from the schemas their actions run (docs/decisions/006-one-schema-per-form.md).
    constraints: {
      rules: htmlConstraints(BookingRulesFormSchema),
      service: htmlConstraints(ServiceFormSchema),
      closed: htmlConstraints(ClosedDaysFormSchema),
      busyFeed: htmlConstraints(BusyFeedFormSchema),
    },
  };
}

const NUMBERS = [
  ["bufferMinutes", "Margen entre citas (minutos)"],
  ["stepMinutes", "Intervalo entre horas de inicio (minutos)"],
  ["noticeHours", "Antelación mínima para reservar (horas)"],
  ["horizonDays", "Cuánto por adelantado se puede reservar (días)"],
  ["dailyCap", "Máximo de citas al día (0: sin límite)"],
  ["cancelHours", "Plazo para cancelar o cambiar desde el email (horas antes)"],
  ["retentionDays", "Conservación de las citas pasadas (días)"],
] as const;

/** Where a re-authentication comes back to (and the calendar intents' toasts go). */
const PAGE = "/admin/citas/ajustes";

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireUser(request, context, "appointments.manage");
  const db = await database(context);
  const form = await readForm(request);
  const { ip } = clientInfo(request, context);
  const intent = String(form.get("intent"));
  const values = Object.fromEntries(form);
  let result;
  switch (intent) {
    case "rules": {
      const hours = Object.fromEntries(
        WEEKDAY_NAMES.map((_, i) => [String(i + 1), values[`hours.${i + 1}`] ?? ""]),
      );
      result = await saveRules(db, me, { ...values, hours }, ip);
      break;
    }
    case "service":
      result = await saveService(db, me, parseId(form.get("id")), values, ip);
      break;
    case "remove-service":
      result = await removeService(db, me, parseId(form.get("id")), ip);
      break;
    case "closed-add":
      result = await addClosedDays(db, me, values, ip);
      break;
    case "closed-remove":
      result = await removeClosedDays(db, me, parseId(form.get("id")), ip);
      break;
    case "feed-renew": {
      // A lasting key to every appointment: administrators only, with a recent password (+ code).
      await requireUser(request, context, "appointments.feed");
      await requireRecentAuth(request, context, me, PAGE);
      // Shown once: only its hash is kept; every administrator is told by e-mail.
      const token = await renewAgendaFeed(db, me, ip);
      return { ok: true as const, feedUrl: `${getEnv().PUBLIC_URL}/api/citas.ics?token=${token}` };
    }
    case "feed-remove":
      await requireUser(request, context, "appointments.feed");
      await requireRecentAuth(request, context, me, PAGE);
      await removeAgendaFeed(db, me, ip);
      return redirectWithToast(PAGE, { title: "Calendario desactivado" });
    case "busy-feed-save": {
      await requireUser(request, context, "settings.manage");
      await requireRecentAuth(request, context, me, PAGE);
      const saved = await setBusyFeed(db, me, values, ip);
      if (!saved.ok) {
        const { status, ...refused } = saved;
        return failure({ status, ...refused, intent: "busy-feed-save:" });
      }
      return redirectWithToast("/admin/citas/ajustes", busyFeedToast(saved.refreshed, true));
    }
    case "busy-feed-refresh": {
      await requireUser(request, context, "settings.manage");
      await requireRecentAuth(request, context, me, PAGE);
      const refreshed = await refreshBusyFeed(db);
      if (!refreshed) return failure({ status: 400, formError: "No hay ningún calendario." });
      return redirectWithToast("/admin/citas/ajustes", busyFeedToast(refreshed, false));
    }
    case "busy-feed-remove":
      await requireUser(request, context, "settings.manage");
      await requireRecentAuth(request, context, me, PAGE);
      await removeBusyFeed(db, me, ip);
      return redirectWithToast("/admin/citas/ajustes", { title: "Calendario quitado" });
    default:
      return failure({ status: 400, formError: "Acción no válida" });
  }
  if (!result.ok) {
    const { status, ...refused } = result;
    return failure({ status, ...refused, intent: `${intent}:${String(form.get("id") ?? "")}` });
  }
  return redirectWithToast("/admin/citas/ajustes", { title: "Cambios guardados" });
}

/** What a fetch of the busy-times calendar gave, as a toast. */
function busyFeedToast(
  result: { ok: true; count: number } | { ok: false; error: string },
  saved: boolean,
) {
  if (!result.ok) {
    return {
      type: "error" as const,
      title: saved ? "Calendario guardado, pero no se pudo leer" : "No se pudo leer el calendario",
      description: result.error,
    };
  }
  return {
    title: saved ? "Calendario guardado" : "Calendario actualizado",
    description: `${plural(result.count, "hora ocupada", "horas ocupadas")} en las próximas semanas`,
  };
}

const select =
  "min-h-11 rounded-field border border-border-strong bg-surface px-3 text-base text-ink";

export default function AppointmentSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    hours,
    config,
    services,
    closed,
    hasFeed,
    mayManageFeed,
    mayManageBusyFeed,
    busyFeed,
    constraints,
  } = loaderData;
  const feedUrl = actionData && "feedUrl" in actionData ? actionData.feedUrl : null;
  const busy = useNavigation().state === "submitting";
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const refusedFor = (key: string) => (refused?.intent === key ? refused : undefined);
  const rules = refusedFor("rules:");
  const busyRefused = refusedFor("busy-feed-save:");
  const errorsOf = (answer: typeof refused, name: string) => answer?.fieldErrors[name];
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <div>
        <h1 className="text-h1">Horario y servicios de citas</h1>
        <p className="mt-1 text-muted">
          Lo que se puede reservar en la web (<Link to="/cita">/cita</Link>). Todas las horas son
          hora peninsular. La reserva en la web se activa en{" "}
          <Link to="/admin/ajustes">Ajustes</Link>.{" "}
          <Link to="/admin/citas">Volver a la agenda</Link>.
        </p>
      </div>
      {refused?.formError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {refused.formError}
        </p>
      ) : null}

      <Form
        method="post"
        noValidate
        className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-soft"
        aria-labelledby="horario"
      >
        <h2 id="horario" className="text-h3">
          Horario y reglas
        </h2>
        <input type="hidden" name="intent" value="rules" />
        {hours.map((h) => (
          <FormField
            key={h.weekday}
            label={<span className="first-letter:uppercase">{h.name}</span>}
            name={`hours.${h.weekday}`}
            errors={errorsOf(rules, `hours.${h.weekday}`)}
          >
            {(field) => (
              <Input
                {...field}
                {...limitsOf(constraints.rules[`hours.${h.weekday}`])}
                defaultValue={h.text}
                placeholder="09:00-14:00, 16:00-20:00"
              />
            )}
          </FormField>
        ))}
        <div className="grid gap-4 sm:grid-cols-2">
          {NUMBERS.map(([name, label]) => (
            <FormField key={name} label={label} name={name} errors={errorsOf(rules, name)}>
              {(field) => (
                <Input
                  {...field}
                  {...limitsOf(constraints.rules[name])}
                  type="number"
                  inputMode="numeric"
                  defaultValue={config[name]}
                />
              )}
            </FormField>
          ))}
          <FormField
            label="Recordatorios (horas antes, separadas por comas)"
            name="reminderHours"
            errors={errorsOf(rules, "reminderHours")}
          >
            {(field) => (
              <Input
                {...field}
                {...limitsOf(constraints.rules.reminderHours)}
                defaultValue={config.reminderHours.join(", ")}
              />
            )}
          </FormField>
        </div>
        <FormField
          label="Enlace de las sesiones en línea (opcional)"
          name="onlineLink"
          errors={errorsOf(rules, "onlineLink")}
          description="La sala de videollamada, con sala de espera (tú admites a cada persona): todos tus clientes en línea reciben la misma. Solo la ve el cliente de una cita en línea confirmada, en la página de su cita (el enlace de sus emails) y hasta que termina la sesión; nunca la web pública ni tu calendario."
        >
          {(field) => (
            <Input
              {...field}
              {...limitsOf(constraints.rules.onlineLink)}
              type="url"
              defaultValue={config.onlineLink}
              placeholder="https://"
            />
          )}
        </FormField>
        <Button type="submit" className="self-start" disabled={busy}>
          Guardar horario y reglas
        </Button>
      </Form>

      <section
        aria-labelledby="servicios"
        className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-soft"
      >
        <h2 id="servicios" className="text-h3">
          Servicios
        </h2>
        {[...services, null].map((s) => {
          const key = `service:${s?.id ?? ""}`;
          const refused = refusedFor(key);
          const id = s ? `s${s.id}` : "nuevo";
          return (
            <Form
              key={s?.id ?? "nuevo"}
              method="post"
              noValidate
              className="flex flex-col gap-3 border-t border-border pt-4 first-of-type:border-0 first-of-type:pt-0"
              aria-label={s ? `Servicio ${s.name}` : "Servicio nuevo"}
            >
              {s ? <input type="hidden" name="id" value={s.id} /> : null}
              {s ? null : <h3 className="font-semibold">Añadir un servicio</h3>}
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField
                  label="Nombre"
                  id={`${id}-name`}
                  name="name"
                  errors={errorsOf(refused, "name")}
                >
                  {(field) => (
                    <Input
                      {...field}
                      {...limitsOf(constraints.service.name)}
                      defaultValue={s?.name}
                    />
                  )}
                </FormField>
                <FormField
                  label="Duración (minutos)"
                  id={`${id}-duration`}
                  name="durationMinutes"
                  errors={errorsOf(refused, "durationMinutes")}
                >
                  {(field) => (
                    <Input
                      {...field}
                      {...limitsOf(constraints.service.durationMinutes)}
                      type="number"
                      defaultValue={s?.durationMinutes ?? 50}
                    />
                  )}
                </FormField>
                <FormField label="Modalidad" id={`${id}-modality`} name="modality">
                  {(field) => (
                    <select
                      {...field}
                      className={select}
                      defaultValue={s?.modality ?? "presencial"}
                    >
                      <option value="presencial">Presencial</option>
                      <option value="online">En línea</option>
                    </select>
                  )}
                </FormField>
                <FormField
                  label="Precio (texto, opcional)"
                  id={`${id}-price`}
                  name="priceText"
                  errors={errorsOf(refused, "priceText")}
                >
                  {(field) => (
                    <Input
                      {...field}
                      {...limitsOf(constraints.service.priceText)}
                      defaultValue={s?.priceText}
                    />
                  )}
                </FormField>
                <FormField label="Cómo se reserva" id={`${id}-mode`} name="mode">
                  {(field) => (
                    <select {...field} className={select} defaultValue={s?.mode ?? "request"}>
                      <option value="request">Solicitud: la consulta acepta o rechaza</option>
                      <option value="direct">
                        Reserva inmediata: el cliente confirma por email
                      </option>
                    </select>
                  )}
                </FormField>
                <FormField label="Para quién" id={`${id}-audience`} name="audience">
                  {(field) => (
                    <select {...field} className={select} defaultValue={s?.audience ?? "all"}>
                      <option value="all">Todos</option>
                      <option value="new">Solo primeras visitas</option>
                      <option value="existing">Solo quien ya ha venido</option>
                    </select>
                  )}
                </FormField>
              </div>
              <div className="flex min-h-11 items-center gap-3">
                <Checkbox id={`${id}-active`} name="active" defaultChecked={s?.active ?? true} />
                <label htmlFor={`${id}-active`}>Se puede reservar en la web</label>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="submit"
                  name="intent"
                  value="service"
                  variant={s ? "secondary" : "primary"}
                  disabled={busy}
                >
                  {s ? "Guardar" : "Añadir el servicio"}
                  {s ? <span className="sr-only"> {s.name}</span> : null}
                </Button>
                {s ? (
                  <Button
                    type="submit"
                    name="intent"
                    value="remove-service"
                    variant="ghost-danger"
                    disabled={busy}
                  >
                    Eliminar<span className="sr-only"> {s.name}</span>
                  </Button>
                ) : null}
              </div>
            </Form>
          );
        })}
      </section>

      <section
        aria-labelledby="cierres"
        className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-soft"
      >
        <h2 id="cierres" className="text-h3">
          Días de cierre
        </h2>
        {closed.length === 0 ? (
          <p className="text-muted">No hay días de cierre previstos.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {closed.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-3">
                <span>
                  {c.startsOn === c.endsOn
                    ? formatShortDate(c.startsOn)
                    : `Del ${formatShortDate(c.startsOn)} al ${formatShortDate(c.endsOn)}`}
                  {c.note ? ` · ${c.note}` : ""}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="closed-remove" />
                  <input type="hidden" name="id" value={c.id} />
                  <Button type="submit" variant="ghost-danger" disabled={busy}>
                    Quitar<span className="sr-only"> el cierre del {c.startsOn}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form
          method="post"
          noValidate
          className="grid gap-3 sm:grid-cols-3"
          aria-label="Añadir días de cierre"
        >
          <input type="hidden" name="intent" value="closed-add" />
          <FormField
            label="Desde"
            name="startsOn"
            errors={errorsOf(refusedFor("closed-add:"), "startsOn")}
          >
            {(field) => <Input {...field} type="date" />}
          </FormField>
          <FormField
            label="Hasta"
            name="endsOn"
            errors={errorsOf(refusedFor("closed-add:"), "endsOn")}
          >
            {(field) => <Input {...field} type="date" />}
          </FormField>
          <FormField
            label="Nota (opcional)"
            name="note"
            errors={errorsOf(refusedFor("closed-add:"), "note")}
          >
            {(field) => (
              <Input {...field} {...limitsOf(constraints.closed.note)} placeholder="Vacaciones" />
            )}
          </FormField>
          <Button type="submit" className="self-start" disabled={busy}>
            Añadir el cierre
          </Button>
        </Form>
      </section>
      <section
        aria-labelledby="calendario"
        className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-soft"
      >
        <h2 id="calendario" className="text-h3">
          Tus citas en tu calendario
        </h2>
        <p className="text-sm text-muted">
          Una dirección secreta que Google Calendar, Apple Calendar u Outlook pueden suscribir: las
          citas confirmadas, con el servicio y las iniciales del cliente (nunca su nombre completo,
          email ni nota). Quien tenga la dirección ve la agenda: no la compartas. Crear una nueva
          anula la anterior.
        </p>
        {feedUrl ? (
          <div role="status" className="flex flex-col gap-2 rounded-field bg-primary-soft p-3">
            <label htmlFor="feed-url" className="font-semibold">
              Dirección del calendario (se muestra solo ahora)
            </label>
            <Input id="feed-url" readOnly value={feedUrl} className="font-mono" />
          </div>
        ) : (
          <p>{hasFeed ? "Hay una dirección activa." : "No hay ninguna dirección activa."}</p>
        )}
        {mayManageFeed ? (
          <>
            <p className="text-sm text-muted">
              Crear o desactivar la dirección pide de nuevo tu contraseña (y el código) si hace más
              de 10 minutos que la escribiste. Al crear una, todos los administradores reciben un
              email.
            </p>
            <div className="flex flex-wrap gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value="feed-renew" />
                <Button type="submit" variant="secondary" disabled={busy}>
                  Crear dirección nueva
                </Button>
              </Form>
              {hasFeed ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="feed-remove" />
                  <Button type="submit" variant="ghost-danger" disabled={busy}>
                    Desactivar el calendario
                  </Button>
                </Form>
              ) : null}
            </div>
          </>
        ) : (
          <p className="text-sm text-muted">
            Solo un administrador puede crear o desactivar esta dirección.
          </p>
        )}
      </section>
      <section
        aria-labelledby="ocupado"
        className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-soft"
      >
        <h2 id="ocupado" className="text-h3">
          Calendario ocupado
        </h2>
        <p className="text-sm text-muted">
          Los eventos de tu propio calendario ocultan en la web las horas con las que coinciden,
          para que nadie reserve cuando ya tienes otra cosa. Se lee cada 15 minutos y solo se
          guardan el inicio y el final de cada evento: nunca el título, la descripción ni los
          invitados. Los eventos marcados como «disponible» y los cancelados no ocultan nada.
        </p>
        {mayManageBusyFeed ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-semibold">
              Dónde encontrar la dirección de tu calendario
            </summary>
            <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-muted">
              <li>
                Google Calendar: en la web, Configuración → el calendario → «Integrar el calendario»
                → «Dirección secreta en formato iCal».
              </li>
              <li>
                Apple (iCloud): en Calendario, comparte el calendario como «Calendario público» y
                copia el enlace (webcal:// sirve igual).
              </li>
              <li>
                Outlook: en Outlook en la web, Configuración → Calendario → Calendarios compartidos
                → «Publicar un calendario» → copia el enlace ICS.
              </li>
            </ul>
            <p className="mt-2 text-muted">
              La dirección es secreta como una contraseña: solo se muestra su final una vez
              guardada.
            </p>
          </details>
        ) : null}
        <p role="status">
          {!busyFeed.configured
            ? "No hay ningún calendario conectado."
            : busyFeed.error
              ? `No se pudo leer el calendario (${formatDateTime(busyFeed.fetchedAt!)}): ${busyFeed.error}`
              : busyFeed.fetchedAt
                ? `Leído el ${formatDateTime(busyFeed.fetchedAt)}: ${plural(busyFeed.count ?? 0, "hora ocupada", "horas ocupadas")}.`
                : "Calendario conectado, aún sin leer."}
        </p>
        {mayManageBusyFeed ? (
          <>
            {busyFeed.masked ? (
              <p className="text-sm">
                Calendario: <span className="font-mono break-all">{busyFeed.masked}</span>
              </p>
            ) : null}
            <Form
              method="post"
              noValidate
              className="flex flex-col gap-3"
              aria-label="Calendario ocupado"
            >
              <input type="hidden" name="intent" value="busy-feed-save" />
              <FormField
                label={
                  busyFeed.masked ? "Cambiar la dirección" : "Dirección del calendario (https://…)"
                }
                name="url"
                errors={errorsOf(busyRefused, "url")}
              >
                {(field) => (
                  <Input
                    {...field}
                    {...limitsOf(constraints.busyFeed.url)}
                    type="url"
                    inputMode="url"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
                  />
                )}
              </FormField>
              <Button type="submit" className="self-start" disabled={busy}>
                Guardar
              </Button>
            </Form>
            {busyFeed.masked ? (
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="busy-feed-refresh" />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    Actualizar ahora
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="busy-feed-remove" />
                  <Button type="submit" variant="ghost-danger" disabled={busy}>
                    Quitar el calendario
                  </Button>
                </Form>
              </div>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted">Solo un administrador puede cambiar este calendario.</p>
        )}
      </section>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
