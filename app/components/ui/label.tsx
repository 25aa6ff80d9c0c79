import { Label as LabelPrimitive } from "radix-ui";
import { cn } from "~/utils/cn";

/** A form label (a native `<label>`; clicking it focuses or toggles its control). */
export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        "inline-block text-sm font-semibold text-ink select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70",
        className,
      )}
      {...props}
    />
  );
}
