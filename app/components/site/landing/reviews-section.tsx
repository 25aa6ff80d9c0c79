import { lazy, Suspense, useState } from "react";
import { useRevalidator } from "react-router";
import { notify } from "~/utils/notify";
import { Stars } from "~/components/site/stars";
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
 * The carousel (more than 3 reviews) is loaded apart: the home page's JavaScript budget is spent.
 * Server-rendered, its strip scrolls natively until its code arrives and hydrates it.
 */
const ReviewCarousel = lazy(() =>
  import("./review-carousel").then((m) => ({ default: m.ReviewCarousel })),
);

const ReviewDialog = lazy(() =>
  import("~/components/site/review-dialog").then((m) => ({ default: m.ReviewDialog })),
);

const CLOSE_AFTER_MS = 1500;
const RELOAD_AFTER_MS = 2000;

export function ReviewsSection({
  reviews,
  loadFailed,
  verification,
  acceptsOpenReviews,
}: {
  reviews: PublicReview[];
  loadFailed: boolean;
  /** 'Cómo verificamos las reseñas', written by the server from what the site does. */
  verification: string[];
  /** Reviews without an invitation are accepted (Ajustes). */
  acceptsOpenReviews: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const revalidator = useRevalidator();
  const onSent = () => {
    notify({ title: "Reseña enviada", description: "Gracias. La publicaremos tras revisarla." });
    setTimeout(() => setOpen(false), CLOSE_AFTER_MS);
    setTimeout(() => void revalidator.revalidate(), RELOAD_AFTER_MS);
  };
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
        <Suspense fallback={null}>
          <ReviewCarousel
            slides={reviews.map((r) => (
              <ReviewCard key={r.id} review={r} />
            ))}
          />
        </Suspense>
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
        <a
          href="/resenas/nueva"
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            setWanted(true);
            setOpen(true);
          }}
          className="mt-8 inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-primary px-5 font-semibold text-primary no-underline hover:bg-primary-soft"
        >
          Dejar una reseña
        </a>
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <ReviewDialog open={open} onOpenChange={setOpen} onSent={onSent} />
        </Suspense>
      ) : null}
    </Section>
  );
}
