import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { plural } from "~/utils/format";

/** An e-mail still waiting after a failed attempt, or given up. */
export interface OutboxProblem {
  id: number;
  subject: string;
  to: string;
  attempts: number;
  status: string;
  lastError: string | null;
}

/**
 * 'Emails que no se han enviado' (/admin/mensajes), each with its 'Reintentar' (intent `retry`).
 * Shown only when something failed: while every e-mail goes out there is nothing to do here.
 */
export function OutboxProblems({ outbox }: { outbox: OutboxProblem[] }) {
  if (outbox.length === 0) return null;
  return (
    <section
      aria-labelledby="envios"
      className="rounded-card border border-border bg-surface p-6 shadow-soft"
    >
      <h2 id="envios" className="text-h3">
        Emails que no se han enviado
      </h2>
      <p className="mt-1 text-muted">
        Pulsa «Reintentar». Si vuelve a fallar, reenvía el detalle a quien mantiene el servidor.
      </p>
      <ul className="mt-3 divide-y divide-border">
        {outbox.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-semibold">{o.subject}</p>
              <p className="text-sm text-muted">
                Para {o.to} · {plural(o.attempts, "intento", "intentos")} ·{" "}
                {o.status === "failed" ? "Fallido" : "Pendiente"}
                {o.lastError ? ` · ${o.lastError}` : ""}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="retry" />
              <input type="hidden" name="outboxId" value={o.id} />
              <Button type="submit" size="sm" variant="secondary">
                Reintentar
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
