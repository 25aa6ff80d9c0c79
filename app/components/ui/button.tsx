import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/utils/cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer",
  {
    variants: {
      variant: {
        primary: "bg-primary text-white hover:bg-primary-strong",
        accent: "bg-accent text-white hover:bg-accent-strong",
        outline: "border-2 border-primary bg-transparent text-primary hover:bg-primary-soft",
        secondary: "bg-primary-soft text-primary-strong hover:bg-sand",
        ghost: "bg-transparent text-ink hover:bg-sand",
        danger: "bg-danger text-white hover:bg-[#912018]",
        link: "rounded-none px-0 text-primary underline underline-offset-4 hover:text-primary-strong",
      },
      size: {
        sm: "min-h-9 px-4 text-sm",
        md: "min-h-11 px-5 text-base",
        lg: "min-h-12 px-7 text-lg",
        icon: "size-11",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

/**
 * A button. For a link that looks like one, use LinkButton / ExternalLinkButton, or put
 * `buttonVariants(...)` on the `<a>` (no Slot: it would add a library to every public page).
 */
export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return (
    <button
      className={cn(buttonVariants({ variant, size }), className)}
      type={type ?? "button"}
      {...props}
    />
  );
}
