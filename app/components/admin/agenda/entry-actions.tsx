import { Link } from "react-router";
import { MoveForm } from "~/components/admin/agenda-forms";
import type { FieldConstraints } from "~/utils/form-schema";
import type { FormFailure } from "~/utils/form";
import { WithMessage } from "./with-message";
import type { AgendaEntry } from "./types";

/** What the agenda's forms share: their limits, the refusal to show, whether a post is on its way. */
export interface AgendaForms {
  constraints: {
    book: Record<string, FieldConstraints>;
    move: Record<string, FieldConstraints>;
    message: Record<string, FieldConstraints>;
  };
  refused: FormFailure | undefined;
  busy: boolean;
}

/** The cancel button and its message form. */
export function CancelForm({ id, forms }: { id: string; forms: AgendaForms }) {
  return (
    <WithMessage
      id={id}
      intent="cancel"
      label="Cancelar la cita"
      submit="Cancelar y avisar al cliente"
      limits={forms.constraints.message.message}
      busy={forms.busy}
    />
  );
}

/** What staff may do with an appointment already booked: move it, cancel it, book again. */
export function EntryActions({ item, forms }: { item: AgendaEntry; forms: AgendaForms }) {
  const refused = forms.refused?.intent === `move:${item.id}` ? forms.refused : undefined;
  return (
    <div className="flex flex-wrap items-start gap-2">
      {item.status === "held" ? null : (
        <MoveForm
          id={item.id}
          when={item.when}
          date={item.date}
          fieldErrors={refused?.fieldErrors}
          formError={refused?.formError}
          constraints={forms.constraints.move}
          busy={forms.busy}
        />
      )}
      <CancelForm id={item.id} forms={forms} />
      {item.status === "confirmed" ? (
        <Link
          to={`?reservar=${item.id}#reservar`}
          className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-primary hover:bg-primary-soft"
        >
          Reservar otra cita<span className="sr-only"> para este cliente</span>
        </Link>
      ) : null}
    </div>
  );
}
