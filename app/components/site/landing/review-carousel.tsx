/* eslint-disable jsx-a11y/no-noninteractive-tabindex -- the scrollable review strip must be focusable (WCAG 2.1.1) */

const LIST_ID = "resenas-lista";

/**
 * More than 3 reviews: a carousel (1/2/3 per view) that is a native scroll-snap strip. Without
 * JavaScript the strip scrolls and snaps; the site script (app/browser/carousel.ts) shows the
 * previous/next buttons, disabled at the ends, and one dot per page (a counter when there are too
 * many pages for dots), from the `data-carousel-*` elements here. No autoplay.
 */
export function ReviewCarousel({ slides }: { slides: React.ReactNode[] }) {
  const count = slides.length;
  return (
    <div
      role="region"
      aria-roledescription="carrusel"
      aria-label="Reseñas de pacientes"
      data-carousel=""
    >
      {/* A scrollable region must be reachable with the keyboard (WCAG 2.1.1, axe). */}
      <ul
        id={LIST_ID}
        tabIndex={0}
        aria-label="Reseñas (desplázate horizontalmente)"
        data-carousel-strip=""
        className="-mx-2 flex snap-x snap-mandatory items-start gap-0 overflow-x-auto overflow-y-hidden scroll-smooth pb-4 outline-offset-4 transition-[height] duration-300 [scrollbar-width:thin] motion-reduce:transition-none"
      >
        {slides.map((slide, i) => (
          <li key={i} className="w-full shrink-0 snap-start px-2 md:w-1/2 lg:w-1/3">
            <div
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${i + 1} de ${count}`}
            >
              {slide}
            </div>
          </li>
        ))}
      </ul>
      {/* As tall as its buttons before they show: nothing below moves when they do. */}
      <div className="mt-2 flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div
          className="-ml-3 flex flex-wrap items-center"
          role="group"
          aria-label="Elegir reseñas"
          data-carousel-dots=""
          hidden
        />
        <template data-carousel-dot="">
          <button
            type="button"
            aria-controls={LIST_ID}
            className="group inline-flex size-11 cursor-pointer items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className="block h-2.5 w-2.5 rounded-full bg-border-strong transition-all group-hover:bg-muted group-aria-[current=true]:w-6 group-aria-[current=true]:bg-primary"
            />
          </button>
        </template>
        <p
          className="text-sm text-muted"
          aria-live="polite"
          data-testid="posicion-resenas"
          data-carousel-count=""
        />
        <div className="ml-auto flex gap-2" data-carousel-arrows="" hidden>
          <Arrow label="Anterior" data-carousel-move="-1" disabled />
          <Arrow label="Siguiente" data-carousel-move="1" />
        </div>
      </div>
    </div>
  );
}

function Arrow({
  label,
  ...props
}: { label: "Anterior" | "Siguiente" } & React.ComponentProps<"button">) {
  return (
    <button
      type="button"
      aria-controls={LIST_ID}
      aria-label={label}
      className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full border border-border bg-surface hover:border-primary disabled:cursor-default disabled:opacity-40 disabled:hover:border-border"
      {...props}
    >
      <span aria-hidden="true" className="text-xl leading-none">
        {label === "Anterior" ? "←" : "→"}
      </span>
    </button>
  );
}
