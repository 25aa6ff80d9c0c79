import { CRISIS_FIELD } from "~/components/site/crisis-field";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField, fieldAria } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { answerField, type IntakeQuestion } from "~/modules/consent/rules";
import { type FieldErrors, limitsOf } from "~/utils/form";
import type { FieldConstraints } from "~/utils/form-schema";

/**
 * The signing form of /consentimiento: the intake questions (when this signer answers them),
 * then who signs, the optional drawn signature and the consent tick. A plain HTML form that works
 * without JavaScript; the site script only adds the drawing pad (app/browser/signature.ts,
 * `data-signature-pad`), which writes a PNG into the hidden `signature` field.
 */
export function InformedConsentForm({
  token,
  questions,
  role,
  clientName,
  errors,
  values,
  formError,
  constraints,
}: {
  token: string;
  questions: IntakeQuestion[];
  role: "client" | "parent";
  clientName: string;
  errors: FieldErrors;
  values: Record<string, string>;
  formError: string | null;
  constraints: Record<string, FieldConstraints>;
}) {
  const refused = formError || Object.keys(errors).length > 0;
  return (
    <form
      method="post"
      // The token stays in the address: a refusal comes back to the same page (no JavaScript).
      action={`/consentimiento?token=${token}`}
      noValidate
      className="flex flex-col gap-8"
    >
      <input type="hidden" name="token" value={token} />
      {refused ? (
        <Banner variant="error" title="Falta algo para poder firmar" role="alert">
          {formError ?? "Revisa los campos marcados."}
        </Banner>
      ) : null}
      {questions.length > 0 ? (
        <fieldset className="flex flex-col gap-5 rounded-card border border-border bg-surface p-5">
          <legend className="px-1 text-h3">Antes de la primera sesión</legend>
          <p className="text-ink-soft">
            Responde solo lo que quieras compartir ahora; lo demás lo hablaremos en consulta.
            {questions.some((q) => q.required) ? " Las preguntas con * son necesarias." : null}
          </p>
          {questions.map((q) => (
            <Question
              key={q.id}
              question={q}
              errors={errors}
              values={values}
              constraints={constraints}
            />
          ))}
        </fieldset>
      ) : null}
      <fieldset className="flex flex-col gap-5 rounded-card border border-border bg-surface p-5">
        <legend className="px-1 text-h3">Firma</legend>
        {role === "parent" ? (
          <p className="text-ink-soft">
            Firmas como progenitor/a o tutor/a legal de <strong>{clientName}</strong>.
          </p>
        ) : null}
        <FormField label="Nombre y apellidos" name="name" required errors={errors.name}>
          {(field) => (
            <Input
              {...field}
              autoComplete="name"
              {...limitsOf(constraints.name)}
              aria-required
              defaultValue={values.name}
            />
          )}
        </FormField>
        <FormField
          label="DNI o NIE"
          name="idNumber"
          required
          errors={errors.idNumber}
          description="Con su letra, por ejemplo 12345678Z."
        >
          {(field) => (
            <Input
              {...field}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              {...limitsOf(constraints.idNumber)}
              aria-required
              defaultValue={values.idNumber}
            />
          )}
        </FormField>
        <input type="hidden" name="signature" value="" data-signature-value="" />
        <div data-signature-pad="" hidden className="flex flex-col gap-2">
          <p id="firma-dibujada" className="font-semibold">
            Firma dibujada (opcional)
          </p>
          <p id="firma-dibujada-ayuda" className="text-sm text-ink-soft">
            Dibuja tu firma con el dedo o el ratón. No es necesaria: tu nombre escrito y la casilla
            de abajo ya son tu firma.
          </p>
          <canvas
            width={600}
            height={200}
            role="img"
            aria-labelledby="firma-dibujada"
            aria-describedby="firma-dibujada-ayuda"
            className="h-36 w-full touch-none rounded-field border-2 border-dashed border-border bg-white"
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            data-signature-clear=""
          >
            Borrar la firma dibujada
          </Button>
          {errors.signature ? (
            <p className="text-sm text-danger" role="alert">
              {errors.signature[0]}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="accept" className="flex min-h-11 items-start gap-3">
            <Checkbox
              name="accept"
              value="on"
              className="mt-1"
              {...fieldAria("accept", errors.accept)}
              aria-required
              defaultChecked={values.accept === "on"}
            />
            <span>
              He leído los documentos de esta página, he podido preguntar mis dudas y doy mi
              consentimiento. Entiendo que puedo retirarlo cuando quiera.
            </span>
          </label>
          {errors.accept ? (
            <p id="accept-error" className="mt-1 text-sm text-danger" role="alert">
              {errors.accept[0]}
            </p>
          ) : null}
        </div>
        <Button
          type="submit"
          size="lg"
          variant="accent"
          className="self-start"
          data-busy-label="Firmando..."
        >
          Firmar
        </Button>
      </fieldset>
    </form>
  );
}

function Question({
  question: q,
  errors,
  values,
  constraints,
}: {
  question: IntakeQuestion;
  errors: FieldErrors;
  values: Record<string, string>;
  constraints: Record<string, FieldConstraints>;
}) {
  const name = answerField(q);
  const value = values[name] ?? "";
  if (q.kind === "choice" || q.kind === "scale") {
    const options =
      q.kind === "choice" ? q.options : Array.from({ length: 11 }, (_, i) => String(i));
    return (
      <fieldset {...fieldAria(name, errors[name])} className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">
          {q.label}
          {q.required ? <span aria-hidden="true"> *</span> : null}
        </legend>
        {q.kind === "scale" ? (
          <p className="text-sm text-ink-soft">0 es nada y 10 es muchísimo.</p>
        ) : null}
        <div className={q.kind === "scale" ? "flex flex-wrap gap-1" : "flex flex-col gap-1"}>
          {options.map((option) => (
            <label
              key={option}
              className={
                q.kind === "scale"
                  ? "flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-field border border-border px-2"
                  : "flex min-h-11 items-center gap-3"
              }
            >
              <input
                type="radio"
                name={name}
                value={option}
                defaultChecked={value === option}
                className="size-5 accent-primary"
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
        {errors[name] ? (
          <p id={`${name}-error`} className="text-sm text-danger" role="alert">
            {errors[name][0]}
          </p>
        ) : null}
      </fieldset>
    );
  }
  return (
    <FormField label={q.label} name={name} required={q.required} errors={errors[name]}>
      {(field) =>
        q.kind === "date" ? (
          <Input
            {...field}
            type="date"
            defaultValue={value}
            aria-required={q.required || undefined}
          />
        ) : (
          <Textarea
            {...field}
            {...limitsOf(constraints[name])}
            {...CRISIS_FIELD}
            rows={4}
            defaultValue={value}
            aria-required={q.required || undefined}
          />
        )
      }
    </FormField>
  );
}
