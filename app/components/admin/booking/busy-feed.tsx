import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { type FormFailure, limitsOf } from "~/utils/form";
import type { FieldConstraints } from "~/utils/form-schema";
import { plural } from "~/utils/format";
import { formatDateTime } from "~/utils/format-time";

/** How the last reading of the busy-times calendar went (the address only masked). */
export interface BusyFeedView {
  configured: boolean;
  masked: string | null;
  fetchedAt: Date | string | null;
  count: number | null;
  error: string | null;
}

/**
 * 'Calendario ocupado' (/admin/citas/ajustes): the psychologist's own calendar, whose events
 * hide the hours they cover. Administrators set, refresh and remove it (intents
 * `busy-feed-save`, limited by BusyFeedFormSchema, `busy-feed-refresh`, `busy-feed-remove`);
 * editors see how the last reading went.
 */
export function BusyFeedSection({
  busyFeed,
  mayManage,
  constraints,
  refused,
  busy,
}: {
  busyFeed: BusyFeedView;
  mayManage: boolean;
  constraints: Record<string, FieldConstraints>;
  /** The action's refusal of the address, if that was the last answer. */
  refused: FormFailure | undefined;
  busy: boolean;
}) {
  const errorsOf = (name: string) => refused?.fieldErrors[name];
  return (
    <section
      aria-labelledby="ocupado"
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-soft"
    >
      <h2 id="ocupado" className="text-h3">
        Calendario ocupado
      </h2>
      <p className="text-sm text-muted">
        Los eventos de tu propio calendario ocultan en la web las horas con las que coinciden, para
        que nadie reserve cuando ya tienes otra cosa. Se lee cada 15 minutos y solo se guardan el
        inicio y el final de cada evento: nunca el título, la descripción ni los invitados. Los
        eventos marcados como «disponible» y los cancelados no ocultan nada.
      </p>
      {mayManage ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold">
            Dónde encontrar la dirección de tu calendario
          </summary>
          <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-muted">
            <li>
              Google Calendar: en la web, Configuración → el calendario → «Integrar el calendario» →
              «Dirección secreta en formato iCal».
            </li>
            <li>
              Apple (iCloud): en Calendario, comparte el calendario como «Calendario público» y
              copia el enlace (webcal:// sirve igual).
            </li>
            <li>
              Outlook: en Outlook en la web, Configuración → Calendario → Calendarios compartidos →
              «Publicar un calendario» → copia el enlace ICS.
            </li>
          </ul>
          <p className="mt-2 text-muted">
            La dirección es secreta como una contraseña: solo se muestra su final una vez guardada.
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
      {mayManage ? (
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
              errors={errorsOf("url")}
            >
              {(field) => (
                <Input
                  {...field}
                  {...limitsOf(constraints.url)}
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
  );
}
