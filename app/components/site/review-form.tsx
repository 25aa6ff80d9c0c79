import { CRISIS_FIELD } from "~/components/site/crisis-field";
import { CheckCircle2, Star } from "lucide-react";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { REVIEW_MESSAGES } from "~/modules/reviews/messages";
import type { FormResult } from "~/utils/form";
import type { FieldConstraints } from "~/utils/form-schema";

/** What /resenas/nueva's action answers (`{ review }`), with what was typed when refused. */
export type ReviewServerResult = FormResult<{ withdrawUrl?: string }>;

/** The part of the page the server's answer replaces (app/browser/in-place.ts). */
export const REVIEW_REGION_ID = "formulario-resena";

/**
 * The review form (docs/product.md#review-forms, docs/decisions/009 and 020). A plain form posted
 * to /resenas/nueva, which answers with the form's thanks or its fields with their messages. The
 * site script sends it in place (the landing page's dialog and the review pages stay where they
 * are); without JavaScript the answer is /resenas/nueva's page.
 */
export function ReviewForm({
  serverResult,
  constraints,
  invitation,
  defaultName,
}: {
  serverResult?: ReviewServerResult;
  /** An invitation's token (/resenas/invitacion): the review is sent with it, and verified. */
  invitation?: string;
  /** The name the form suggests (an invited client's initials). */
  defaultName?: string;
  /** The HTML attributes of each field, derived from the review schema. */
  constraints: Record<string, FieldConstraints>;
}) {
  return (
    <div id={REVIEW_REGION_ID} data-in-place-region="">
      {serverResult?.ok ? (
        <ReviewThanks withdrawUrl={serverResult.withdrawUrl} />
      ) : (
        <ReviewFields
          refused={serverResult}
          constraints={constraints}
          invitation={invitation}
          defaultName={defaultName}
        />
      )}
    </div>
  );
}

function ReviewThanks({ withdrawUrl }: { withdrawUrl?: string }) {
  return (
    <div
      role="status"
      data-review-sent=""
      className="flex flex-col items-center gap-3 py-6 text-center"
    >
      <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
      <p className="font-serif text-h3 font-semibold">¡Gracias por tu reseña!</p>
      <p className="text-muted">
        La revisaremos y la publicaremos en breve. Tu opinión ayuda a otras personas a dar el paso.
      </p>
      {withdrawUrl ? (
        <p className="text-sm text-muted">
          Puedes retirarla cuando quieras con este enlace (guárdalo):{" "}
          <a href={withdrawUrl} className="break-all text-primary underline">
            retirar mi reseña
          </a>
        </p>
      ) : null}
    </div>
  );
}

function ReviewFields({
  refused,
  constraints,
  invitation,
  defaultName,
}: {
  refused?: Extract<ReviewServerResult, { ok: false }>;
  constraints: Record<string, FieldConstraints>;
  invitation?: string;
  defaultName?: string;
}) {
  const errors = refused?.fieldErrors ?? {};
  const formError = refused?.formError;
  const values = refused?.values;
  const err = (name: string) => errors[name];
  return (
    <form
      method="post"
      action="/resenas/nueva"
      noValidate
      data-in-place=""
      // What the site script says when the server cannot be reached.
      data-unreachable={REVIEW_MESSAGES.failure}
      className="flex flex-col gap-4"
      aria-label="Dejar una reseña"
    >
      {formError ? (
        <Banner variant="error" role="alert">
          {formError}
        </Banner>
      ) : null}
      {invitation ? <input type="hidden" name="invitacion" value={invitation} /> : null}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="review-website">No rellenes este campo</label>
        <input id="review-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <FormField
        label="Nombre"
        id="review-name"
        name="name"
        required
        errors={err("name")}
        description="Nombre y la inicial del apellido, por ejemplo «Laura M.»"
      >
        {(field) => (
          <Input
            {...field}
            {...constraints.name}
            aria-required
            autoComplete="given-name"
            defaultValue={values?.name ?? defaultName}
          />
        )}
      </FormField>
      <FormField
        label="Servicio recibido (opcional)"
        id="review-role"
        name="role"
        errors={err("role")}
      >
        {(field) => (
          <Input
            {...field}
            {...constraints.role}
            placeholder="Por ejemplo: Terapia individual"
            defaultValue={values?.role}
          />
        )}
      </FormField>
      <fieldset
        className="flex flex-col gap-1.5"
        aria-describedby={errors.rating ? "review-rating-error" : undefined}
      >
        <legend className="text-sm font-semibold">
          Valoración
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        </legend>
        <div className="flex flex-row-reverse justify-end gap-1">
          {[5, 4, 3, 2, 1].map((n) => (
            // Reversed order (5…1 in the DOM, 1…5 on screen): the chosen star and every label
            // after it in the DOM (the lower ratings, on its left) light up.
            <label
              key={n}
              className="cursor-pointer has-[:checked]:[&_svg]:fill-accent has-[:checked]:[&_svg]:text-accent [label:has(:checked)~&_svg]:fill-accent [label:has(:checked)~&_svg]:text-accent"
            >
              <input
                type="radio"
                name="rating"
                value={n}
                // Nothing pre-selected: the visitor chooses (issue #34).
                defaultChecked={Number(values?.rating) === n}
                className="peer sr-only"
              />
              <span className="sr-only">{n === 1 ? "1 estrella" : `${n} estrellas`}</span>
              <Star
                aria-hidden="true"
                className="size-8 text-border-strong peer-focus-visible:outline-2 peer-focus-visible:outline-primary"
              />
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id="review-rating-error" role="alert" className="text-sm text-danger">
            {errors.rating?.[0]}
          </p>
        ) : null}
      </fieldset>
      <FormField
        label="Tu opinión"
        id="review-content"
        name="content"
        required
        errors={err("content")}
        description="Por favor, no incluyas datos de salud."
      >
        {(field) => (
          <Textarea
            {...field}
            {...constraints.content}
            {...CRISIS_FIELD}
            aria-required
            rows={5}
            defaultValue={values?.content}
          />
        )}
      </FormField>
      <p className="rounded-field bg-sand p-3 text-sm text-ink-soft">
        <strong>Protección de datos.</strong> Tu reseña se revisa antes de publicarse. Puedes pedir
        que la retiremos cuando quieras. Más información en la{" "}
        <a className="underline" href="/privacidad">
          política de privacidad
        </a>
        .
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor="review-consent" className="flex min-h-11 items-start gap-3">
          <Checkbox
            id="review-consent"
            name="consent"
            defaultChecked={values?.consent === "on"}
            {...constraints.consent}
            aria-required
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? "review-consent-error" : undefined}
            className="mt-1"
          />
          <span>
            Acepto la política de privacidad y que mi reseña se publique en esta web con el nombre
            que he indicado.
          </span>
        </label>
        {errors.consent ? (
          <p id="review-consent-error" role="alert" className="text-sm text-danger">
            {errors.consent?.[0]}
          </p>
        ) : null}
      </div>
      <Button type="submit" data-busy-label="Enviando..." className="self-start">
        Enviar reseña
      </Button>
    </form>
  );
}
