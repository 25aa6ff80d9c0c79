/**
 * The landing page's review carousel (app/components/site/landing/review-carousel.tsx): a native
 * scroll-snap strip the server renders; here it gets previous/next buttons (disabled at the ends)
 * and one dot per page, or a counter when there are more than MAX_DOTS pages. The strip is as
 * tall as the reviews in view. No autoplay.
 */

/** Up to this many pages get one dot each; more (a long list on a phone) get a counter. */
const MAX_DOTS = 10;

interface Position {
  perView: number;
  page: number;
  pages: number;
  atStart: boolean;
  atEnd: boolean;
}

/**
 * Each carousel starts when it comes near the screen: measuring a strip of reviews makes the
 * browser lay out the whole page, which at load time would hold up a slow phone (~110 ms of
 * blocking time on the landing page, bench:lighthouse). Until then its strip scrolls natively.
 */
export function startCarousel() {
  const roots = document.querySelectorAll<HTMLElement>("[data-carousel]");
  if (roots.length === 0) return;
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near.unobserve(entry.target);
        carousel(entry.target as HTMLElement);
      }
    },
    { rootMargin: "200px 0px" },
  );
  for (const root of roots) near.observe(root);
}

function carousel(root: HTMLElement) {
  const strip = root.querySelector<HTMLElement>("[data-carousel-strip]");
  const dots = root.querySelector<HTMLElement>("[data-carousel-dots]");
  const dot = root.querySelector<HTMLTemplateElement>("template[data-carousel-dot]");
  const counter = root.querySelector<HTMLElement>("[data-carousel-count]");
  const arrows = root.querySelector<HTMLElement>("[data-carousel-arrows]");
  const prev = root.querySelector<HTMLButtonElement>('[data-carousel-move="-1"]');
  const next = root.querySelector<HTMLButtonElement>('[data-carousel-move="1"]');
  if (!strip || !dots || !dot || !counter || !arrows || !prev || !next) return;
  const count = strip.children.length;
  let position = read(strip, count);
  /** The page a button asked for, until the strip gets there. */
  let target: number | null = null;
  let frame = 0;

  const render = () => {
    const { perView, page, pages, atStart, atEnd } = position;
    // An arrow that reaches its end is disabled, and a disabled button loses focus: whoever was
    // using it (keyboard included) is moved to the other arrow, not to the top of the page.
    if (atEnd && document.activeElement === next) prev.focus();
    if (atStart && document.activeElement === prev) next.focus();
    prev.disabled = atStart;
    next.disabled = atEnd;
    const withDots = pages > 1 && pages <= MAX_DOTS;
    dots.hidden = !withDots;
    counter.hidden = withDots;
    if (withDots) {
      if (dots.children.length !== pages) {
        dots.replaceChildren(
          ...Array.from({ length: pages }, (_, i) => {
            const button = dot.content.firstElementChild!.cloneNode(true) as HTMLElement;
            button.setAttribute("aria-label", `Ir a ${pageLabel(i * perView, perView, count)}`);
            button.addEventListener("click", () => goTo(i));
            return button;
          }),
        );
      }
      [...dots.children].forEach((button, i) =>
        button.setAttribute("aria-current", String(i === page)),
      );
    }
    const text = pages > 1 ? `Mostrando ${pageLabel(page * perView, perView, count)}` : "";
    if (counter.textContent !== text) counter.textContent = text;
    fitHeight(strip);
  };
  const update = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      position = read(strip, count);
      if (position.page === target) target = null;
      render();
    });
  };
  const goTo = (page: number) => {
    const item = strip.firstElementChild as HTMLElement | null;
    if (!item) return;
    target = page;
    const left = page * position.perView * item.getBoundingClientRect().width;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    // "instant", not "auto": the strip's CSS asks for smooth scrolling.
    strip.scrollTo({
      left: Math.min(left, strip.scrollWidth - strip.clientWidth),
      behavior: reduce ? "instant" : "smooth",
    });
  };
  // Page by page, like the dots; while a smooth scroll is under way, a second press goes on from
  // where the first is going.
  const move = (dir: number) =>
    goTo(Math.min(Math.max((target ?? position.page) + dir, 0), position.pages - 1));
  prev.addEventListener("click", () => move(-1));
  next.addEventListener("click", () => move(1));
  strip.addEventListener("scroll", update, { passive: true });
  strip.addEventListener("scrollend", () => (target = null));
  const resize = new ResizeObserver(update);
  resize.observe(strip);
  for (const item of strip.children) resize.observe(item);
  arrows.hidden = false;
  render();
}

function read(el: HTMLElement, count: number): Position {
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
    if (start < el.clientWidth - 1 && start + box.width > 1)
      tallest = Math.max(tallest, box.height);
  }
  if (tallest > 0) {
    const padding = parseFloat(getComputedStyle(el).paddingBottom) || 0;
    el.style.height = `${Math.ceil(tallest + padding)}px`;
  }
}

/** 'la reseña 3 de 9' or 'las reseñas 4 a 6 de 9' of the page that starts at `first` (0-based). */
function pageLabel(first: number, perView: number, count: number) {
  const from = Math.min(first, Math.max(0, count - perView)) + 1;
  const to = Math.min(from + perView - 1, count);
  return from === to ? `la reseña ${from} de ${count}` : `las reseñas ${from} a ${to} de ${count}`;
}
