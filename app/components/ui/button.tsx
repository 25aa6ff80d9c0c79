import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "@radix-ui/react-slot";
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

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

/** A button; `asChild` renders the styles on its child (a link, for instance). */
export function Button({ className, variant, size, asChild, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : "button";
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), className)}
      type={asChild ? undefined : (type ?? "button")}
      {...props}
    />
  );
}
