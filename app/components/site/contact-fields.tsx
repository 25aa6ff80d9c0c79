import { CRISIS_FIELD } from "~/components/site/crisis-field";
import { Banner } from "~/components/ui/banner";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { ContactServerResult } from "~/modules/contact/result";
import type { FieldErrors } from "~/utils/form";
import type { FieldConstraints } from "~/utils/form-schema";
import { mailtoHref } from "~/utils/mailto";

/** The practice answers to the visitor's address (nothing is sent to the visitor now). */
export const successMessage = (email: string) =>
  `Gracias, he recibido tu mensaje. Te responderé a ${email} lo antes posible.`;

/**
 * The result of a post made without JavaScript. The page comes back scrolled to the contact
 * section, so the page shows this at the section's top, where the visitor is looking
 * (the form's own banner sits by its button, a screen further down on a phone).
 */
export function ContactServerBanner({ result }: { result?: ContactServerResult }) {
  if (!result) return null;
  if (result.ok) {
    return (
      <Banner variant="success" title="Mensaje enviado" className="mb-8" data-contact-answer="">
        {successMessage(result.email ?? "")}
      </Banner>
    );
  }
  const fieldErrors = Object.keys(result.fieldErrors).length > 0;
  return (
    <Banner
      variant="error"
      title="No se pudo enviar el mensaje"
      className="mb-8"
      data-contact-answer=""
    >
      {result.formError ?? (fieldErrors ? "Revisa los campos marcados en el formulario." : null)}{" "}
      <a href="#formulario-contacto">Ir al formulario</a>
    </Banner>
  );
}

/**
 * The contact form's fields, its data-protection notice and consent: shared by the home page's
 * form (ContactForm) and the accessibility statement's (/accesibilidad). In the shared `site`
 * chunk (vite.config.ts): a module of its own imported by two pages would cost the home page a
 * request and its JavaScript budget.
 */
export function ContactFields({
  errors,
  values,
  constraints,
  messageHint,
  practiceEmail,
  professionalName,
}: {
  errors: FieldErrors;
  /** What was typed, when the server refused it (a post without JavaScript). */
  values?: { name?: string; email?: string; message?: string };
  /** The HTML attributes of each field, derived from the contact schema by the loader. */
  constraints: Record<string, FieldConstraints>;
  /** The help under 'Mensaje'. */
  messageHint: string;
  practiceEmail: string;
  professionalName: string;
}) {
  const errorsOf = (name: string) => errors[name];
  return (
    <>
      <input type="hidden" name="intent" value="contact" />
      {/* Honeypot: invisible to people; a bot that fills it is thanked and ignored. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="website">No rellenes este campo</label>
        <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <FormField label="Nombre" name="name" required errors={errorsOf("name")}>
        {(field) => (
          <Input
            {...field}
            autoComplete="name"
            {...constraints.name}
            aria-required
            defaultValue={values?.name}
          />
        )}
      </FormField>
      <FormField label="Email" name="email" required errors={errorsOf("email")}>
        {(field) => (
          <Input
            {...field}
            type="email"
            autoComplete="email"
            {...constraints.email}
            aria-required
            defaultValue={values?.email}
          />
        )}
      </FormField>
      <FormField
        label="Mensaje"
        name="message"
        required
        errors={errorsOf("message")}
        description={messageHint}
      >
        {(field) => (
          <Textarea
            {...field}
            {...constraints.message}
            {...CRISIS_FIELD}
            aria-required
            rows={6}
            size="lg"
            defaultValue={values?.message}
          />
        )}
      </FormField>
      <div className="rounded-field bg-sand p-4 text-sm text-ink-soft">
        <p>
          <strong>Protección de datos.</strong> Responsable: {professionalName}. Finalidad:
          responder a tu consulta. Base: tu consentimiento. Tus datos no se ceden a terceros. Puedes
          acceder, rectificar y suprimir tus datos y ejercer otros derechos escribiendo a{" "}
          <a className="underline" href={mailtoHref(practiceEmail)}>
            {practiceEmail}
          </a>
          . Más información en la{" "}
          <a className="underline" href="/privacidad">
            política de privacidad
          </a>
          .
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label className="flex min-h-11 items-start gap-3">
          <Checkbox
            name="consent"
            {...constraints.consent}
            aria-required
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? "consent-error" : undefined}
            className="mt-1"
          />
          <span>
            He leído y acepto la{" "}
            <a className="font-semibold text-primary underline" href="/privacidad">
              política de privacidad
            </a>{" "}
            y consiento el tratamiento de mis datos para recibir respuesta.
          </span>
        </label>
        {errors.consent ? (
          <p id="consent-error" role="alert" className="text-sm text-danger">
            {errors.consent?.[0]}
          </p>
        ) : null}
      </div>
    </>
  );
}
