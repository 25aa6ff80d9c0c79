import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { limitsOf } from "~/utils/form";
import type { FieldConstraints } from "~/utils/form-schema";

/** A button that opens a short form with an optional message to the client. */
export function WithMessage({
  id,
  intent,
  label,
  submit,
  limits,
  busy,
}: {
  id: string;
  intent: "decline" | "cancel";
  label: string;
  submit: string;
  limits: FieldConstraints | undefined;
  busy: boolean;
}) {
  return (
    <details className="group">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full px-4 font-semibold text-danger hover:bg-danger-soft">
        {label}
      </summary>
      <Form method="post" className="mt-2 flex flex-col gap-2 sm:max-w-md">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <FormField
          label="Mensaje para el cliente (opcional)"
          name="message"
          id={`${intent}-${id}`}
          description="Se envía por email. Sin datos de salud."
        >
          {(field) => <Textarea {...field} rows={2} {...limitsOf(limits)} />}
        </FormField>
        <Button type="submit" variant="danger" className="self-start" disabled={busy}>
          {submit}
        </Button>
      </Form>
    </details>
  );
}
