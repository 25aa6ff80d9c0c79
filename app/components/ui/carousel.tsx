import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { createContext, use, useCallback, useEffect, useId, useState } from "react";
import { cn } from "~/utils/cn";
import { Button } from "./button";
import { CarouselDot } from "./carousel-dot";

export type CarouselApi = UseEmblaCarouselType[1];
type CarouselOptions = Parameters<typeof useEmblaCarousel>[0];
type CarouselPlugins = Parameters<typeof useEmblaCarousel>[1];

type CarouselContextValue = {
  viewportRef: UseEmblaCarouselType[0];
  contentId: string;
  api: CarouselApi;
  /** True once embla has taken over (after hydration); before that the row scrolls natively. */
  ready: boolean;
  scrollPrev: () => void;
  scrollNext: () => void;
  scrollTo: (index: number) => void;
  canScrollPrev: boolean;
  canScrollNext: boolean;
  selectedIndex: number;
  snapCount: number;
};

const CarouselContext = createContext<CarouselContextValue | null>(null);

/** The carousel's state, for custom controls placed inside `Carousel`. */
export function useCarousel() {
  const context = use(CarouselContext);
  if (!context) throw new Error("useCarousel debe usarse dentro de <Carousel>.");
  return context;
}

type CarouselProps = Omit<React.ComponentProps<"div">, "aria-label"> & {
  /** What the carousel shows, e.g. "Opiniones de pacientes". */
  "aria-label": string;
  opts?: CarouselOptions;
  plugins?: CarouselPlugins;
  setApi?: (api: CarouselApi) => void;
};

/**
 * A carousel (embla) without autoplay. Left/Right arrow keys move it while focus is inside.
 * Server-rendered (or without JavaScript) the slides are a natively scrollable, snapping row;
 * embla takes over once hydrated.
 *
 * ```tsx
 * <Carousel aria-label="Opiniones">
 *   <CarouselContent>
 *     <CarouselItem className="basis-full md:basis-1/2 lg:basis-1/3">…</CarouselItem>
 *   </CarouselContent>
 *   <div className="mt-6 flex items-center justify-center gap-2">
 *     <CarouselPrevious /> <CarouselDots /> <CarouselNext />
 *   </div>
 * </Carousel>
 * ```
 */
export function Carousel({
  opts,
  plugins,
  setApi,
  className,
  children,
  onKeyDownCapture,
  ...props
}: CarouselProps) {
  const [viewportRef, api] = useEmblaCarousel({ align: "start", ...opts }, plugins);
  const contentId = useId();
  const [ready, setReady] = useState(false);
  const [canScrollPrev, setCanScrollPrev] = useState(false);
  const [canScrollNext, setCanScrollNext] = useState(false);
  const [selectedIndex, setSelectedIndex] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const [announcement, setAnnouncement] = useState("");

  const scrollPrev = useCallback(() => api?.scrollPrev(), [api]);
  const scrollNext = useCallback(() => api?.scrollNext(), [api]);
  const scrollTo = useCallback((index: number) => api?.scrollTo(index), [api]);

  useEffect(() => {
    if (!api) return;
    setApi?.(api);

    const sync = (carousel: NonNullable<CarouselApi>) => {
      setSelectedIndex(carousel.selectedScrollSnap());
      setSnapCount(carousel.scrollSnapList().length);
      setCanScrollPrev(carousel.canScrollPrev());
      setCanScrollNext(carousel.canScrollNext());
    };
    const onSelect = (carousel: NonNullable<CarouselApi>) => {
      sync(carousel);
      const total = carousel.scrollSnapList().length;
      setAnnouncement(`Diapositiva ${carousel.selectedScrollSnap() + 1} de ${total}`);
    };

    // The server-rendered fallback may have been scrolled natively before hydration.
    api.rootNode().scrollLeft = 0;
    sync(api);
    setReady(true);
    api.on("select", onSelect);
    api.on("reInit", sync);
    return () => {
      api.off("select", onSelect);
      api.off("reInit", sync);
    };
  }, [api, setApi]);

  const handleKeyDownCapture = (event: React.KeyboardEvent<HTMLDivElement>) => {
    onKeyDownCapture?.(event);
    if (event.defaultPrevented) return;
    const target = event.target;
    if (
      target instanceof HTMLElement &&
      (target.isContentEditable || target.closest("input, textarea, select"))
    ) {
      return;
    }
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      scrollPrev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      scrollNext();
    }
  };

  return (
    <CarouselContext
      value={{
        viewportRef,
        contentId,
        api,
        ready,
        scrollPrev,
        scrollNext,
        scrollTo,
        canScrollPrev,
        canScrollNext,
        selectedIndex,
        snapCount,
      }}
    >
      <div
        role="region"
        aria-roledescription="carrusel"
        data-slot="carousel"
        className={cn("relative", className)}
        onKeyDownCapture={handleKeyDownCapture}
        {...props}
      >
        {children}
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
      </div>
    </CarouselContext>
  );
}

/** The slides' viewport and track. */
export function CarouselContent({ className, ...props }: React.ComponentProps<"div">) {
  const { viewportRef, contentId, ready } = useCarousel();
  return (
    <div
      ref={viewportRef}
      data-slot="carousel-viewport"
      className={cn(ready ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto")}
    >
      <div
        id={contentId}
        className={cn("-ml-4 flex items-start touch-pan-y", className)}
        {...props}
      />
    </div>
  );
}

/** One slide; set its width with a basis class, e.g. `basis-full md:basis-1/2 lg:basis-1/3`. */
export function CarouselItem({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      role="group"
      aria-roledescription="diapositiva"
      data-slot="carousel-item"
      className={cn("min-w-0 shrink-0 grow-0 basis-full snap-start pl-4", className)}
      {...props}
    />
  );
}

type ArrowProps = Omit<React.ComponentProps<typeof Button>, "onClick" | "disabled">;

export function CarouselPrevious({
  className,
  variant = "outline",
  size = "icon",
  iconSize = "lg",
  children,
  ...props
}: ArrowProps) {
  const { scrollPrev, canScrollPrev, contentId } = useCarousel();
  return (
    <Button
      data-slot="carousel-previous"
      variant={variant}
      size={size}
      iconSize={iconSize}
      aria-controls={contentId}
      className={className}
      disabled={!canScrollPrev}
      onClick={scrollPrev}
      {...props}
    >
      {children ?? (
        <>
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only">Anterior</span>
        </>
      )}
    </Button>
  );
}

export function CarouselNext({
  className,
  variant = "outline",
  size = "icon",
  iconSize = "lg",
  children,
  ...props
}: ArrowProps) {
  const { scrollNext, canScrollNext, contentId } = useCarousel();
  return (
    <Button
      data-slot="carousel-next"
      variant={variant}
      size={size}
      iconSize={iconSize}
      aria-controls={contentId}
      className={className}
      disabled={!canScrollNext}
      onClick={scrollNext}
      {...props}
    >
      {children ?? (
        <>
          <ChevronRight aria-hidden="true" />
          <span className="sr-only">Siguiente</span>
        </>
      )}
    </Button>
  );
}

/** One real button per scroll position; the current one has `aria-current`. Renders after hydration. */
export function CarouselDots({ className, ...props }: React.ComponentProps<"div">) {
  const { scrollTo, selectedIndex, snapCount, contentId } = useCarousel();
  if (snapCount < 2) return null;
  return (
    <div
      data-slot="carousel-dots"
      className={cn("flex flex-wrap items-center justify-center", className)}
      {...props}
    >
      {Array.from({ length: snapCount }, (_, index) => (
        <CarouselDot
          key={index}
          label={`Ir a la diapositiva ${index + 1} de ${snapCount}`}
          current={index === selectedIndex}
          controls={contentId}
          onClick={() => scrollTo(index)}
        />
      ))}
    </div>
  );
}
