import { cn } from "~/utils/cn";

/**
 * One position of a carousel as a real button (named, `aria-current` when showing). No library:
 * the embla carousel and the home page's native scroll-snap reviews strip both use it.
 */
export function CarouselDot({
  label,
  current,
  controls,
  onClick,
}: {
  label: string;
  current: boolean;
  controls: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-current={current ? "true" : undefined}
      aria-controls={controls}
      onClick={onClick}
      className="group inline-flex size-11 cursor-pointer items-center justify-center rounded-full"
    >
      <span
        aria-hidden="true"
        className={cn(
          "block h-2.5 rounded-full transition-all",
          current ? "w-6 bg-primary" : "w-2.5 bg-border-strong group-hover:bg-muted",
        )}
      />
    </button>
  );
}
