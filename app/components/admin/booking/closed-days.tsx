import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { type FormFailure, limitsOf } from "~/utils/form";
import type { FieldConstraints } from "~/utils/form-schema";
import { formatShortDate } from "~/utils/format";

/**
 * 'Días de cierre' (/admin/citas/ajustes): the closed days ahead, each with its 'Quitar'
 * (intent `closed-remove`), and the form that adds some (intent `closed-add`, limited by
 * ClosedDaysFormSchema).
 */
export function ClosedDaysSection({
  closed,
  constraints,
  refused,
  busy,
}: {
  closed: { id: number; startsOn: string; endsOn: string; note: string }[];
  constraints: Record<string, FieldConstraints>;
  /** The action's refusal of the adding form, if that was the last answer. */
  refused: FormFailure | undefined;
  busy: boolean;
}) {
  const errorsOf = (name: string) => refused?.fieldErrors[name];
  return (
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
        <FormField label="Desde" name="startsOn" errors={errorsOf("startsOn")}>
          {(field) => <Input {...field} type="date" />}
        </FormField>
        <FormField label="Hasta" name="endsOn" errors={errorsOf("endsOn")}>
          {(field) => <Input {...field} type="date" />}
        </FormField>
        <FormField label="Nota (opcional)" name="note" errors={errorsOf("note")}>
          {(field) => <Input {...field} {...limitsOf(constraints.note)} placeholder="Vacaciones" />}
        </FormField>
        <Button type="submit" className="self-start" disabled={busy}>
          Añadir el cierre
        </Button>
      </Form>
    </section>
  );
}
