import { Switch as SwitchPrimitive } from "radix-ui";
import { cn } from "~/utils/cn";

/**
 * An on/off switch (role="switch"). Give it `name` (and optionally `value`) inside a `<form>`
 * and radix renders a hidden checkbox so the value posts with the form. Label it with a
 * `<Label htmlFor>` or `aria-label`. The hit area is extended to 44 px around the track.
 */
export function Switch({ className, ...props }: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-border-strong transition-colors before:absolute before:-inset-x-0.5 before:-inset-y-2.5 before:content-[''] disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary",
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className="pointer-events-none block size-5 rounded-full bg-surface shadow-soft transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
      />
    </SwitchPrimitive.Root>
  );
}
