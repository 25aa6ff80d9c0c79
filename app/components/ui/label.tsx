import { cn } from "~/utils/cn";

/** A form label: a native `<label>` (clicking it focuses or toggles its control). */
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor
    <label
      data-slot="label"
      className={cn(
        "inline-block text-sm font-semibold text-ink peer-disabled:cursor-not-allowed peer-disabled:opacity-70",
        className,
      )}
      {...props}
    />
  );
}
