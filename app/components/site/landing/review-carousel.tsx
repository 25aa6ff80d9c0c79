/* eslint-disable jsx-a11y/no-noninteractive-tabindex -- the scrollable review strip must be focusable (WCAG 2.1.1) */
import { useEffect, useRef, useState } from "react";
import { CarouselDot } from "~/components/ui/carousel-dot";

/** Up to this many pages get one dot each; more (a long list on a phone) get a counter. */
const MAX_DOTS = 10;

/** Where the strip is: how many reviews fit in view and which page is showing. */
interface StripPosition {
  perView: number;
  page: number;
  pages: number;
  atStart: boolean;
  atEnd: boolean;
}

function readPosition(el: HTMLElement, count: number): StripPosition {
  const item = el.firstElementChild as HTMLElement | null;
  const itemWidth = item?.getBoundingClientRect().width || el.clientWidth || 1;
  const perView = Math.max(1, Math.round(el.clientWidth / itemWidth));
  const pages = Math.max(1, Math.ceil(count / perView));
  const max = el.scrollWidth - el.clientWidth;
  const atStart = el.scrollLeft <= 2;
  const atEnd = el.scrollLeft >= max - 2;
  const page = atEnd
    ? pages - 1
    : Math.min(pages - 1, Math.round(el.scrollLeft / (itemWidth * perView)));
  return { perView, page, pages, atStart, atEnd };
}

/**
 * The strip is as tall as the reviews in view, not the longest of all (the rest are off to the
 * side and clipped only vertically): no blank band under a page of short reviews.
 */
function fitHeight(el: HTMLElement) {
  const left = el.getBoundingClientRect().left;
  let tallest = 0;
  for (const item of el.children) {
    const box = item.getBoundingClientRect();
    const start = box.left - left;
    if (start < el.clientWidth - 1 && start + box.width > 1) {
      tallest = Math.max(tallest, box.height);
    }
  }
  if (tallest > 0) {
    const padding = parseFloat(getComputedStyle(el).paddingBottom) || 0;
    el.style.height = `${Math.ceil(tallest + padding)}px`;
  }
}

/** 'la reseña 3' or 'las reseñas 4 a 6' of the page that starts at `first` (0-based). */
function pageLabel(first: number, perView: number, count: number) {
  const from = Math.min(first, Math.max(0, count - perView)) + 1;
  const to = Math.min(from + perView - 1, count);
  return from === to ? `la reseña ${from} de ${count}` : `las reseñas ${from} a ${to} de ${count}`;
}

const LIST_ID = "resenas-lista";

/**
 * More than 3 reviews: a carousel (1/2/3 per view) that is a native scroll-snap strip (no
 * library: the home page's JavaScript budget is nearly spent), with previous/next buttons that
 * are disabled at the ends, and one dot button per page (or a counter when there are too many
 * pages for dots). No autoplay. Without JavaScript the strip still scrolls and snaps.
 */
export function ReviewCarousel({ slides }: { slides: React.ReactNode[] }) {
  const count = slides.length;
  const track = useRef<HTMLUListElement>(null);
  const [position, setPosition] = useState<StripPosition | null>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  /** The page a button asked for, until the strip gets there. */
  const target = useRef<number | null>(null);

  // An arrow that reaches its end is disabled, and a disabled button loses focus: whoever was
  // using it (keyboard included) is moved to the other arrow, not back to the top of the page.
  const atStart = position?.atStart ?? true;
  const atEnd = position?.atEnd ?? false;
  const focusedArrow = useRef<1 | -1 | null>(null);
  useEffect(() => {
    if (focusedArrow.current === 1 && atEnd) prev.current?.focus();
    else if (focusedArrow.current === -1 && atStart) next.current?.focus();
    else return;
    focusedArrow.current = null;
  }, [atStart, atEnd]);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const now = readPosition(el, count);
        if (now.page === target.current) target.current = null;
        setPosition(now);
        fitHeight(el);
      });
    };
    const settled = () => {
      target.current = null;
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    el.addEventListener("scrollend", settled);
    const resize = new ResizeObserver(update);
    resize.observe(el);
    for (const item of el.children) resize.observe(item);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener("scroll", update);
      el.removeEventListener("scrollend", settled);
      resize.disconnect();
    };
  }, [count]);

  const scrollToLeft = (left: number) => {
    const el = track.current;
    if (!el) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    // "instant", not "auto": the strip's CSS asks for smooth scrolling.
    el.scrollTo({ left, behavior: reduce ? "instant" : "smooth" });
  };
  const goToPage = (page: number) => {
    const el = track.current;
    const item = el?.firstElementChild as HTMLElement | null;
    if (!el || !item || !position) return;
    target.current = page;
    const left = page * position.perView * item.getBoundingClientRect().width;
    scrollToLeft(Math.min(left, el.scrollWidth - el.clientWidth));
  };
  // Page by page, like the dots (the last page may hold fewer reviews than fit in view).
  const move = (dir: 1 | -1) => {
    if (!position) return;
    const button = dir === 1 ? next.current : prev.current;
    focusedArrow.current = document.activeElement === button ? dir : null;
    // While a smooth scroll is under way, a second press goes on from where the first is going.
    const from = target.current ?? position.page;
    goToPage(Math.min(Math.max(from + dir, 0), position.pages - 1));
  };

  const perView = position?.perView ?? 1;
  const first = position ? position.page * perView : 0;
  return (
    <div role="region" aria-roledescription="carrusel" aria-label="Reseñas de pacientes">
      {/* A scrollable region must be reachable with the keyboard (WCAG 2.1.1, axe). */}
      <ul
        ref={track}
        id={LIST_ID}
        tabIndex={0}
        aria-label="Reseñas (desplázate horizontalmente)"
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
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        {position && position.pages > 1 && position.pages <= MAX_DOTS ? (
          <div
            className="-ml-3 flex flex-wrap items-center"
            role="group"
            aria-label="Elegir reseñas"
          >
            {Array.from({ length: position.pages }, (_, page) => (
              <CarouselDot
                key={page}
                label={`Ir a ${pageLabel(page * perView, perView, count)}`}
                current={page === position.page}
                controls={LIST_ID}
                onClick={() => goToPage(page)}
              />
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted" aria-live="polite" data-testid="posicion-resenas">
            {position && position.pages > 1
              ? `Mostrando ${pageLabel(first, perView, count)}`
              : null}
          </p>
        )}
        <div className="ml-auto flex gap-2">
          <Arrow ref={prev} label="Anterior" disabled={atStart} onClick={() => move(-1)} />
          <Arrow ref={next} label="Siguiente" disabled={atEnd} onClick={() => move(1)} />
        </div>
      </div>
    </div>
  );
}

function Arrow({
  label,
  ...props
}: { label: "Anterior" | "Siguiente" } & Pick<
  React.ComponentProps<"button">,
  "ref" | "disabled" | "onClick"
>) {
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
