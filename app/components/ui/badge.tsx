import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/utils/cn";

/** Badge colours: soft background + strong text, every pair ≥ 4.5:1 (WCAG AA). */
export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs leading-5 font-semibold whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        neutral: "bg-sand text-ink",
        primary: "bg-primary-soft text-primary-strong",
        success: "bg-success-soft text-success",
        warning: "bg-accent-soft text-accent-strong",
        accent: "bg-accent-soft text-accent-strong",
        danger: "bg-danger-soft text-danger",
        info: "bg-info-soft text-info",
        outline: "border border-border-strong bg-transparent text-ink",
      },
    },
    defaultVariants: { variant: "neutral" },
  },
);

export type BadgeProps = React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

/** A small pill for status and categories (Publicado, Borrador, Ansiedad…). */
export function Badge({ className, variant, ...props }: BadgeProps) {
  return (
    <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />
  );
}
