import { X } from "lucide-react";
import { ReviewForm } from "~/components/site/review-form";
import { Stars } from "~/components/site/stars";
import type { FieldConstraints } from "~/utils/form-schema";
import { ReviewCarousel } from "./review-carousel";
import { Section } from "./sections";

export interface PublicReview {
  id: number;
  name: string;
  role: string;
  content: string;
  rating: number;
}

function ReviewCard({ review }: { review: PublicReview }) {
  // The card is as tall as its review: a short one does not sit in the blank space of a long one.
  return (
    <figure className="flex flex-col rounded-card border border-border bg-surface p-6 shadow-soft">
      <Stars rating={review.rating} />
      <blockquote className="mt-3 text-ink-soft">
        <p>“{review.content}”</p>
      </blockquote>
      <figcaption className="mt-4">
        <span className="font-semibold">{review.name}</span>
        {review.role ? <span className="block text-sm text-muted">{review.role}</span> : null}
      </figcaption>
    </figure>
  );
}

/**
 * 'Lo que dicen mis pacientes'. Server HTML only (docs/decisions/020): more than 3 reviews make a
 * carousel (a native scroll strip that the site script gives buttons, app/browser/carousel.ts);
 * 'Dejar una reseña' is a link to /resenas/nueva that the site script opens as a dialog holding
 * the same form, answered in place (app/browser/review-dialog.ts).
 */
export function ReviewsSection({
  reviews,
  loadFailed,
  verification,
  acceptsOpenReviews,
  reviewConstraints,
}: {
  reviews: PublicReview[];
  loadFailed: boolean;
  /** 'Cómo verificamos las reseñas', written by the server from what the site does. */
  verification: string[];
  /** Reviews without an invitation are accepted (Ajustes). */
  acceptsOpenReviews: boolean;
  /** The review form's field limits (the dialog's form). */
  reviewConstraints: Record<string, FieldConstraints>;
}) {
  return (
    <Section id="reseñas" title="Lo que dicen mis pacientes" eyebrow="Reseñas">
      {loadFailed ? (
        <p role="status" className="mb-6 text-muted">
          No se pudieron cargar las reseñas. Mostrando reseñas por defecto.
        </p>
      ) : null}
      {reviews.length === 0 ? (
        <p className="text-muted">Sé el primero en dejar una reseña</p>
      ) : reviews.length > 3 ? (
        <ReviewCarousel
          slides={reviews.map((r) => (
            <ReviewCard key={r.id} review={r} />
          ))}
        />
      ) : (
        <ul className="grid items-start gap-6 md:grid-cols-2 lg:grid-cols-3">
          {reviews.map((r) => (
            <li key={r.id}>
              <ReviewCard review={r} />
            </li>
          ))}
        </ul>
      )}
      <details className="mt-6 max-w-3xl text-muted">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-ink">
          Cómo verificamos las reseñas
        </summary>
        {verification.map((sentence) => (
          <p key={sentence} className="mt-2">
            {sentence}
          </p>
        ))}
      </details>
      {acceptsOpenReviews ? (
        <>
          <a
            href="/resenas/nueva"
            data-review-open=""
            className="mt-8 inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-primary px-5 font-semibold text-primary no-underline hover:bg-primary-soft"
          >
            Dejar una reseña
          </a>
          <dialog
            data-review-dialog=""
            aria-labelledby="resena-dialogo-titulo"
            aria-describedby="resena-dialogo-texto"
            className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-card bg-surface p-6 text-ink shadow-lift backdrop:bg-ink/50"
          >
            <div className="mb-4 flex items-start justify-between gap-4">
              <div>
                <h2 id="resena-dialogo-titulo" className="text-h3">
                  Dejar una reseña
                </h2>
                <p id="resena-dialogo-texto" className="mt-1 text-muted">
                  Cuéntanos cómo ha sido tu experiencia.
                </p>
              </div>
              <button
                type="button"
                data-review-close=""
                className="-m-2 inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-full hover:bg-sand"
              >
                <X aria-hidden="true" className="size-5" />
                <span className="sr-only">Cerrar</span>
              </button>
            </div>
            <ReviewForm constraints={reviewConstraints} />
          </dialog>
        </>
      ) : null}
    </Section>
  );
}
