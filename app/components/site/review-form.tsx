import { CheckCircle2, Star } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import {
  readReview,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ReviewErrors,
  validateReview,
} from "~/modules/reviews/schema";

export interface ReviewServerResult {
  ok: boolean;
  errors?: ReviewErrors;
  formError?: string | null;
  values?: { name: string; role: string; content: string; rating: number };
}

/**
 * The review form (spec §2, §4, §5; D14). With JavaScript it posts to /api/resenas and reports
 * through `onDone`; without it, it posts to /resenas/nueva, which answers with the same texts.
 */
export function ReviewForm({
  serverResult,
  onSent,
}: {
  serverResult?: ReviewServerResult;
  onSent?: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ReviewErrors>(serverResult?.errors ?? {});
  const [formError, setFormError] = useState<string | null>(serverResult?.formError ?? null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(Boolean(serverResult?.ok));
  const values = serverResult && !serverResult.ok ? serverResult.values : undefined;

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const raw = Object.fromEntries(new FormData(event.currentTarget));
    const found = validateReview(readReview(raw));
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      const first = (["name", "content", "rating", "consent"] as const).find((k) => found[k]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      const res = await fetch("/api/resenas", {
        method: "POST",
        body: new URLSearchParams(raw as Record<string, string>),
        headers: { Accept: "application/json" },
      });
      const body = (await res.json().catch(() => ({}))) as ReviewServerResult;
      if (res.ok && body.ok) {
        setSent(true);
        onSent?.();
        return;
      }
      setErrors(body.errors ?? {});
      setFormError(body.formError ?? REVIEW_MESSAGES.failure);
    } catch {
      setFormError(REVIEW_MESSAGES.failure);
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
        <p className="font-serif text-h3 font-semibold">¡Gracias por tu reseña!</p>
        <p className="text-muted">
          La revisaremos y la publicaremos en breve. Tu opinión ayuda a otras personas a dar el
          paso.
        </p>
      </div>
    );
  }

  const err = (k: keyof ReviewErrors) => (errors[k] ? [errors[k]!] : undefined);
  return (
    <form
      ref={formRef}
      method="post"
      action="/resenas/nueva"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label="Dejar una reseña"
    >
      {formError ? (
        <Banner variant="error" role="alert">
          {formError}
        </Banner>
      ) : null}
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
            required
            aria-required
            autoComplete="given-name"
            maxLength={REVIEW_LIMITS.name}
            defaultValue={values?.name}
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
            maxLength={REVIEW_LIMITS.role}
            placeholder="Por ejemplo: Terapia individual"
            defaultValue={values?.role}
          />
        )}
      </FormField>
      <fieldset className="flex flex-col gap-1.5">
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
                defaultChecked={(values?.rating ?? 5) === n}
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
          <p role="alert" className="text-sm text-danger">
            {errors.rating}
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
            required
            aria-required
            rows={5}
            maxLength={REVIEW_LIMITS.content}
            defaultValue={values?.content}
          />
        )}
      </FormField>
      <p className="rounded-field bg-sand p-3 text-sm text-ink-soft">
        <strong>Protección de datos.</strong> Tu reseña se revisa antes de publicarse. Puedes pedir
        que la retiremos cuando quieras. Más información en la{" "}
        <Link className="underline" to="/privacidad">
          política de privacidad
        </Link>
        .
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor="review-consent" className="flex min-h-11 items-start gap-3">
          <Checkbox
            id="review-consent"
            name="consent"
            required
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
            {errors.consent}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={sending} className="self-start">
        {sending ? "Enviando..." : "Enviar reseña"}
      </Button>
    </form>
  );
}
