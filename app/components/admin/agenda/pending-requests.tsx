import { Check } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ClientDetails } from "./client-details";
import { type AgendaForms, EntryActions } from "./entry-actions";
import { STATUS, type AgendaEntry } from "./types";
import { WithMessage } from "./with-message";

/** 'Por responder': requests to accept or decline, and change requests to answer. */
export function PendingRequests({
  pending,
  mayManage,
  forms,
}: {
  pending: AgendaEntry[];
  mayManage: boolean;
  forms: AgendaForms;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Por responder ({pending.length})</CardTitle>
      </CardHeader>
      <CardContent>
        {pending.length === 0 ? (
          <p className="text-muted">No hay solicitudes pendientes.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {pending.map((item) => (
              <li key={item.id} className="flex flex-col gap-3 py-4">
                <p>
                  <strong className="first-letter:uppercase">{item.when}</strong> ·{" "}
                  {item.serviceName} ({item.modality === "online" ? "en línea" : "presencial"}){" "}
                  <Badge variant={STATUS[item.status]?.variant ?? "neutral"}>
                    {STATUS[item.status]?.label ?? item.status}
                  </Badge>
                </p>
                <ClientDetails item={item} />
                {mayManage ? <Answer item={item} forms={forms} /> : null}
                {item.changeRequest && mayManage ? (
                  <p className="text-sm text-muted">
                    «Mantener la hora» da la petición de cambio por respondida sin mover la cita
                    (por ejemplo, si ya lo has hablado con el cliente); no envía ningún email.
                  </p>
                ) : null}
                {item.status !== "requested" && mayManage ? (
                  <EntryActions item={item} forms={forms} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Accept or decline a request; keep the hour of a change request. */
function Answer({ item, forms }: { item: AgendaEntry; forms: AgendaForms }) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      {item.status === "requested" ? (
        <>
          <Form method="post">
            <input type="hidden" name="intent" value="accept" />
            <input type="hidden" name="id" value={item.id} />
            <Button type="submit" disabled={forms.busy}>
              <Check aria-hidden="true" /> Aceptar
              <span className="sr-only"> la cita del {item.when}</span>
            </Button>
          </Form>
          <WithMessage
            id={item.id}
            intent="decline"
            label="Rechazar"
            submit="Rechazar la solicitud"
            limits={forms.constraints.message.message}
            busy={forms.busy}
          />
        </>
      ) : null}
      {item.changeRequest ? (
        <Form method="post">
          <input type="hidden" name="intent" value="change-answered" />
          <input type="hidden" name="id" value={item.id} />
          <Button type="submit" variant="secondary" disabled={forms.busy}>
            Mantener la hora
            <span className="sr-only"> de la cita del {item.when}</span>
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
