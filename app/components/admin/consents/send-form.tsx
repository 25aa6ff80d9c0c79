import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { SendSchema, SUBJECT_LABELS, SUBJECTS, type Subject } from "~/modules/consent/rules";
import { type FieldErrors, limitsOf } from "~/utils/form";
import { type FieldConstraints, parseWith } from "~/utils/form-schema";
import { useFieldErrors } from "~/utils/use-field-errors";

export interface SendDefaults {
  name: string;
  email: string;
  online: boolean;
  appointment: string;
  /** What the defaults come from, as she reads it ('la cita del 3 de diciembre…'). */
  from: string | null;
}

/**
 * 'Enviar consentimiento': to whom, and who signs (an adult; a minor under 16, whose parents
 * each get a link; 16–17, who signs with her parents optionally). The parents' fields show only
 * when they apply (all of them without JavaScript).
 */
export function SendConsentForm({
  defaults,
  constraints,
  serverErrors,
  formError,
}: {
  defaults: SendDefaults;
  constraints: Record<string, FieldConstraints>;
  serverErrors?: FieldErrors;
  formError?: string | null;
}) {
  const fields = useFieldErrors(serverErrors, defaults.appointment || defaults.email);
  const [subject, setSubject] = useState<Subject>("adult");
  const [hydrated, setHydrated] = useState(false);
  const sending = useNavigation().state === "submitting";
  // Without JavaScript every field shows; once hydrated, the parents' only when they apply,
  // starting from the choice already made (one clicked before hydration is kept).
  useEffect(() => {
    const chosen = fields.formRef.current?.querySelector<HTMLInputElement>(
      'input[name="subject"]:checked',
    )?.value;
    if (chosen && (SUBJECTS as readonly string[]).includes(chosen)) setSubject(chosen as Subject);
    setHydrated(true);
  }, [fields.formRef]);
  return (
    <Form
      ref={fields.formRef}
      method="post"
      noValidate
      onChange={fields.clearOnChange}
      onSubmit={(event) => {
        const verdict = parseWith(
          SendSchema,
          Object.fromEntries(new FormData(event.currentTarget)),
        );
        if (!fields.show(verdict.ok ? {} : verdict.fieldErrors)) event.preventDefault();
      }}
      className="mt-4 flex flex-col gap-5"
      aria-labelledby="enviar-consentimiento"
    >
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="appointment" value={defaults.appointment} />
      {defaults.from ? <p className="text-ink-soft">Para {defaults.from}.</p> : null}
      {formError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {formError}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Nombre de la persona atendida"
          name="name"
          required
          errors={fields.of("name")}
        >
          {(field) => (
            <Input
              {...field}
              {...limitsOf(constraints.name)}
              aria-required
              defaultValue={defaults.name}
            />
          )}
        </FormField>
        <FormField
          label="Email de contacto"
          name="email"
          required
          errors={fields.of("email")}
          description="Si firma ella, recibe aquí su enlace."
        >
          {(field) => (
            <Input
              {...field}
              type="email"
              {...limitsOf(constraints.email)}
              aria-required
              defaultValue={defaults.email}
            />
          )}
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-semibold">¿Quién firma?</legend>
        {SUBJECTS.map((s) => (
          <label key={s} className="flex min-h-11 items-start gap-3">
            <input
              type="radio"
              name="subject"
              value={s}
              defaultChecked={s === "adult"}
              onChange={() => setSubject(s)}
              className="mt-1 size-5 accent-primary"
            />
            <span>
              <span className="font-semibold">{SUBJECT_LABELS[s].name}.</span>{" "}
              <span className="text-ink-soft">{SUBJECT_LABELS[s].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {subject !== "adult" || !hydrated ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Email del progenitor o tutor 1"
            name="parent1"
            required={subject === "minor"}
            errors={fields.of("parent1")}
          >
            {(field) => <Input {...field} type="email" {...limitsOf(constraints.parent1)} />}
          </FormField>
          <FormField
            label="Email del progenitor o tutor 2"
            name="parent2"
            errors={fields.of("parent2")}
          >
            {(field) => <Input {...field} type="email" {...limitsOf(constraints.parent2)} />}
          </FormField>
          <div className="sm:col-span-2">
            <FormField
              label="Si solo firma un progenitor, por qué"
              name="exception"
              errors={fields.of("exception")}
              description="Custodia o patria potestad exclusiva, autorización judicial… Queda registrado, cifrado, con tu nombre y la fecha."
            >
              {(field) => <Textarea {...field} rows={2} {...limitsOf(constraints.exception)} />}
            </FormField>
          </div>
        </div>
      ) : null}
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          name="online"
          value="on"
          defaultChecked={defaults.online}
          className="size-5 accent-primary"
        />
        <span>Las sesiones son en línea (añade el consentimiento para sesiones en línea)</span>
      </label>
      <Button type="submit" size="lg" className="self-start" disabled={sending}>
        {sending ? "Enviando..." : "Enviar consentimiento"}
      </Button>
    </Form>
  );
}
