import { cn } from "~/utils/cn";

type CheckboxProps = Omit<React.ComponentProps<"input">, "type">;

/**
 * A native checkbox (works and posts its `value` without JavaScript), 20 px, in the primary colour.
 * Wrap it with its text in a `<label className="flex min-h-11 items-center gap-3">` so the
 * whole row is the 44 px touch target.
 */
export function Checkbox({ className, ...props }: CheckboxProps) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        "size-5 shrink-0 cursor-pointer rounded accent-primary disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:outline-2 aria-invalid:outline-offset-2 aria-invalid:outline-danger",
        className,
      )}
      {...props}
    />
  );
}
