import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/utils/cn";

/**
 * Button looks. Every alternative is a variant: a caller passes one instead of adding a class
 * that would compete with these (another text colour, height, padding or icon size).
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:shrink-0 cursor-pointer",
  {
    variants: {
      variant: {
        primary: "bg-primary text-white hover:bg-primary-strong",
        accent: "bg-accent text-white hover:bg-accent-strong",
        outline: "border-2 border-primary bg-transparent text-primary hover:bg-primary-soft",
        secondary: "bg-primary-soft text-primary-strong hover:bg-sand",
        ghost: "bg-transparent text-ink hover:bg-sand",
        /** Ghost buttons in another text colour: a quiet link-like action, a delete, a close. */
        "ghost-primary": "bg-transparent text-primary hover:bg-sand",
        "ghost-danger": "bg-transparent text-danger hover:bg-sand",
        "ghost-muted": "bg-transparent text-muted hover:bg-sand hover:text-ink",
        danger: "bg-danger text-white hover:bg-[#912018]",
      },
      size: {
        sm: "min-h-9 px-4 text-sm",
        md: "min-h-11 px-5 text-base",
        lg: "min-h-12 px-7 text-lg",
        /** Small text on a full 44 px target, narrower on phones. */
        compact: "min-h-11 px-3 text-sm sm:px-4",
        icon: "size-11",
      },
      /** The size of the icons inside. */
      iconSize: {
        md: "[&_svg]:size-4",
        lg: "[&_svg]:size-5",
      },
      /** Long labels wrap onto more lines instead of staying on one. */
      wrap: {
        false: "whitespace-nowrap",
        true: "whitespace-normal",
      },
    },
    defaultVariants: { variant: "primary", size: "md", iconSize: "md", wrap: false },
  },
);

export type ButtonProps = React.ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

/**
 * A button. For a link that looks like one, use LinkButton, or put
 * `buttonVariants(...)` on the `<a>` (no Slot: it would add a library to every public page).
 */
export function Button({ className, variant, size, iconSize, wrap, type, ...props }: ButtonProps) {
  return (
    <button
      className={cn(buttonVariants({ variant, size, iconSize, wrap }), className)}
      type={type ?? "button"}
      {...props}
    />
  );
}
