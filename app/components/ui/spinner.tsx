import { Loader2 } from "lucide-react";
import { cn } from "~/utils/cn";

type SpinnerProps = Omit<React.ComponentProps<"span">, "children"> & {
  /** What is loading, read by screen readers. */
  label?: string;
  /** Show the label next to the icon as well. */
  showLabel?: boolean;
};

/** A loading indicator; the spin stops under `prefers-reduced-motion` (global CSS). */
export function Spinner({
  className,
  label = "Cargando…",
  showLabel = false,
  ...props
}: SpinnerProps) {
  return (
    <span
      role="status"
      data-slot="spinner"
      className={cn("inline-flex items-center gap-2 text-primary", className)}
      {...props}
    >
      <Loader2 aria-hidden="true" className="size-5 shrink-0 animate-spin" />
      <span className={showLabel ? "text-sm text-muted" : "sr-only"}>{label}</span>
    </span>
  );
}
