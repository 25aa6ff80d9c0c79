import type { VariantProps } from "class-variance-authority";
import { Link, type LinkProps } from "react-router";
import { cn } from "~/utils/cn";
import { buttonVariants } from "./button";

type Props = Pick<VariantProps<typeof buttonVariants>, "variant" | "size"> & {
  className?: string;
  children: React.ReactNode;
};

/** An internal link styled as a button. */
export function LinkButton({ variant, size, className, ...props }: LinkProps & Props) {
  return <Link className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
