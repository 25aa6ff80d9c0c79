/* eslint-disable jsx-a11y/no-noninteractive-tabindex -- the scrollable review strip must be focusable (WCAG 2.1.1) */
import { lazy, Suspense, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { Stars } from "~/components/site/stars";
import { notify } from "~/utils/notify";
import { Section } from "./sections";

export interface PublicReview {
  id: number;
  name: string;
  role: string;
  content: string;
  rating: number;
}

const ReviewDialog = lazy(() =>
  import("~/components/site/review-dialog").then((m) => ({ default: m.ReviewDialog })),
);

const CLOSE_AFTER_MS = 1500;
const RELOAD_AFTER_MS = 2000;

function ReviewCard({ review }: { review: PublicReview }) {
  return (
    <figure className="flex h-full flex-col rounded-card border border-border bg-surface p-6 shadow-soft">
      <Stars rating={review.rating} />
      <blockquote className="mt-3 flex-1 text-ink-soft">
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
 * More than 3 reviews: a carousel (1/2/3 per view) that is a native scroll-snap strip with
 * previous/next buttons (no autoplay); 3 or fewer: a grid.
 */
function ReviewCarousel({ items }: { items: PublicReview[] }) {
  const track = useRef<HTMLUListElement>(null);
  const move = (dir: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollBy({ left: dir * el.clientWidth, behavior: reduce ? "auto" : "smooth" });
  };
  return (
    <div role="region" aria-roledescription="carrusel" aria-label="Reseñas de pacientes">
      {/* A scrollable region must be reachable with the keyboard (WCAG 2.1.1, axe). */}
      <ul
        ref={track}
        tabIndex={0}
        aria-label="Reseñas (desplázate horizontalmente)"
        className="-mx-2 flex snap-x snap-mandatory gap-0 overflow-x-auto scroll-smooth pb-4 outline-offset-4 [scrollbar-width:thin]"
      >
        {items.map((r, i) => (
          <li key={r.id} className="w-full shrink-0 snap-start px-2 md:w-1/2 lg:w-1/3">
            <div
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${i + 1} de ${items.length}`}
              className="h-full"
            >
              <ReviewCard review={r} />
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex justify-end gap-2">
        <button
          type="button"
          onClick={() => move(-1)}
          className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full border border-border bg-surface hover:border-primary"
          aria-label="Anterior"
        >
          <span aria-hidden="true" className="text-xl leading-none">
            ←
          </span>
        </button>
        <button
          type="button"
          onClick={() => move(1)}
          className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full border border-border bg-surface hover:border-primary"
          aria-label="Siguiente"
        >
          <span aria-hidden="true" className="text-xl leading-none">
            →
          </span>
        </button>
      </div>
    </div>
  );
}

export function ReviewsSection({
  reviews,
  loadFailed,
}: {
  reviews: PublicReview[];
  loadFailed: boolean;
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
        <ReviewCarousel items={reviews} />
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {reviews.map((r) => (
            <li key={r.id}>
              <ReviewCard review={r} />
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/resenas/nueva"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          setWanted(true);
          setOpen(true);
        }}
        className="mt-8 inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-primary px-5 font-semibold text-primary no-underline hover:bg-primary-soft"
      >
        Dejar una reseña
      </Link>
      {wanted ? (
        <Suspense fallback={null}>
          <ReviewDialog open={open} onOpenChange={setOpen} onSent={onSent} />
        </Suspense>
      ) : null}
    </Section>
  );
}
