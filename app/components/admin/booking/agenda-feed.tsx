import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/**
 * 'Tus citas en tu calendario' (/admin/citas/ajustes): the agenda's secret address, shown once
 * when created (`feedUrl`); administrators create and remove it (intents `feed-renew`,
 * `feed-remove`), editors see whether there is one.
 */
export function AgendaFeedSection({
  feedUrl,
  hasFeed,
  mayManage,
  busy,
}: {
  feedUrl: string | null;
  hasFeed: boolean;
  mayManage: boolean;
  busy: boolean;
}) {
  return (
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
      {mayManage ? (
        <>
          <p className="text-sm text-muted">
            Crear o desactivar la dirección pide de nuevo tu contraseña (y el código) si hace más de
            10 minutos que la escribiste. Al crear una, todos los administradores reciben un email.
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
  );
}
