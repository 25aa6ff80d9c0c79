import { cn } from "~/utils/cn";

/**
 * Shared look of text fields: a ≥3:1 boundary and a danger state. Each field adds its own height
 * (a 44 px touch target at least) and font size.
 */
export const fieldClassName =
  "block w-full rounded-field border border-border-strong bg-surface px-3.5 text-ink shadow-none transition-colors placeholder:text-muted disabled:cursor-not-allowed disabled:bg-sand disabled:opacity-70 aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger";

/** A native text input (works without JavaScript). */
export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        fieldClassName,
        "min-h-11 py-2 text-base file:mr-3 file:rounded-full file:border-0 file:bg-primary-soft file:px-3 file:py-1 file:text-sm file:font-semibold file:text-primary-strong",
        className,
      )}
      {...props}
    />
  );
}
