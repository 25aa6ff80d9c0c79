import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ClientDetails } from "./client-details";
import { type AgendaForms, EntryActions } from "./entry-actions";
import { ConsentLine } from "./consent-line";
import { STATUS, type AgendaEntry } from "./types";

/** One day's appointments in the list view; each can be reached from the grid (#cita-<id>). */
export function DayEntries({
  items,
  mayManage,
  mayInvite,
  forms,
}: {
  items: AgendaEntry[];
  mayManage: boolean;
  mayInvite: boolean;
  forms: AgendaForms;
}) {
  return (
    <ul className="mt-2 flex flex-col gap-3">
      {items.map((item) => (
        <li
          key={item.id}
          id={`cita-${item.id}`}
          className="flex scroll-mt-24 flex-col gap-3 rounded-field border border-border p-3 target:border-primary target:ring-2 target:ring-primary"
        >
          <p>
            <strong>{item.when.split(", ").at(-1)}</strong> · {item.serviceName}{" "}
            <Badge variant={STATUS[item.status]?.variant ?? "neutral"}>
              {STATUS[item.status]?.label ?? item.status}
            </Badge>
          </p>
          <ClientDetails item={item} />
          <ConsentLine item={item} />
          {item.status !== "requested" && mayManage ? (
            <EntryActions item={item} forms={forms} />
          ) : null}
          {mayInvite && item.status === "confirmed" && item.past ? (
            <Form method="post">
              <input type="hidden" name="intent" value="invite-review" />
              <input type="hidden" name="id" value={item.id} />
              <Button type="submit" variant="secondary" disabled={forms.busy}>
                Invitar a dejar una reseña
                <span className="sr-only"> tras la cita del {item.when}</span>
              </Button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
