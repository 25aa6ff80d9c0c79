import { cn } from "~/utils/cn";

/** A placeholder block while content loads; hidden from assistive technology. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      data-slot="skeleton"
      className={cn("animate-pulse rounded-field bg-sand", className)}
      {...props}
    />
  );
}
