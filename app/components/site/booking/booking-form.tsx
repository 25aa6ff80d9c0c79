import { CRISIS_FIELD } from "~/components/site/crisis-field";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { PrivacyConsent } from "~/components/site/privacy-consent";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { FormFailure } from "~/utils/form";
import type { FieldConstraints } from "~/utils/form-schema";

/**
 * The last step of /cita: who is booking. A plain form posted to the page, which the server
 * checks and answers (/cita is a content page, docs/decisions/020): a refusal comes back with the
 * messages by each field, and the site script focuses the first one (app/browser/forms.ts).
 */
export function BookingForm({
  service,
  slot,
  audience,
  direct,
  refused,
  constraints,
  professionalName,
  practiceEmail,
}: {
  service: number;
  slot: number;
  audience: string;
  direct: boolean;
  refused: FormFailure | undefined;
  constraints: Record<string, FieldConstraints>;
  professionalName: string;
  practiceEmail: string;
}) {
  const errors = refused?.fieldErrors ?? {};
  const fields = { of: (name: string) => (errors[name]?.length ? errors[name] : undefined) };
  const values = refused?.values ?? {};
  const firstVisitFixed = audience === "new" ? "si" : audience === "existing" ? "no" : null;
  return (
    <form
      method="post"
      // This step's address (no fragment: a browser would keep it on the redirect to 'enviada').
      // A refused answer opens at its first message (app/browser/forms.ts).
      action={`/cita?servicio=${service}&hora=${slot}`}
      noValidate
      className="flex flex-col gap-5"
      aria-labelledby="paso-datos"
    >
      <input type="hidden" name="service" value={service} />
      <input type="hidden" name="slot" value={slot} />
      {refused?.formError ? (
        <Banner variant="error" role="alert">
          {refused.formError}
        </Banner>
      ) : null}
      {fields.of("slot") || fields.of("service") ? (
        <Banner variant="error" role="alert">
          {fields.of("slot")?.[0] ?? fields.of("service")?.[0]}{" "}
          <a href={`/cita?servicio=${service}`} className="font-semibold underline">
            Elegir otra hora
          </a>
        </Banner>
      ) : null}
      <FormField label="Nombre" name="name" required errors={fields.of("name")}>
        {(field) => (
          <Input
            {...field}
            {...constraints.name}
            autoComplete="name"
            aria-required
            defaultValue={values.name}
          />
        )}
      </FormField>
      <FormField label="Email" name="email" required errors={fields.of("email")}>
        {(field) => (
          <Input
            {...field}
            {...constraints.email}
            type="email"
            autoComplete="email"
            aria-required
            defaultValue={values.email}
          />
        )}
      </FormField>
      <FormField
        label="Teléfono (opcional)"
        name="phone"
        errors={fields.of("phone")}
        description="Solo para avisarte si hubiera un cambio de última hora."
      >
        {(field) => (
          <Input
            {...field}
            {...constraints.phone}
            required={false}
            type="tel"
            autoComplete="tel"
            defaultValue={values.phone}
          />
        )}
      </FormField>
      {firstVisitFixed ? (
        <input type="hidden" name="firstVisit" value={firstVisitFixed} />
      ) : (
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={fields.of("firstVisit") ? "firstVisit-error" : undefined}
        >
          <legend className="font-semibold">
            ¿Es tu primera visita? <span aria-hidden="true">*</span>
          </legend>
          {[
            ["si", "Sí, es la primera vez"],
            ["no", "No, ya he venido antes"],
          ].map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="firstVisit"
                value={value}
                required
                defaultChecked={values.firstVisit === value}
                className="size-5 accent-primary"
              />
              {label}
            </label>
          ))}
          {fields.of("firstVisit") ? (
            <p id="firstVisit-error" role="alert" className="text-sm text-danger">
              {fields.of("firstVisit")![0]}
            </p>
          ) : null}
        </fieldset>
      )}
      <FormField
        label="Nota (opcional)"
        name="note"
        errors={fields.of("note")}
        description="Por ejemplo, si prefieres que te llamemos antes. Por favor, no incluyas datos de salud: los hablaremos en consulta."
      >
        {(field) => (
          <Textarea
            {...field}
            {...constraints.note}
            {...CRISIS_FIELD}
            required={false}
            rows={3}
            defaultValue={values.note}
          />
        )}
      </FormField>
      <PrivacyConsent
        professionalName={professionalName}
        practiceEmail={practiceEmail}
        purpose="gestionar tu cita y enviarte su confirmación y recordatorios; se suprimen pasado el plazo de conservación"
        basis="tu consentimiento y la prestación del servicio que pides"
        consentTo="gestionar mi cita"
        errors={fields.of("consent")}
        consented={values.consent === "on"}
      />
      <Button type="submit" variant="accent" size="lg" className="self-start">
        {direct ? "Pedir cita" : "Enviar la solicitud"}
      </Button>
    </form>
  );
}
