import { cva, type VariantProps } from "class-variance-authority";
import { ChevronDown } from "lucide-react";
import { cn } from "~/utils/cn";
import { fieldClassName } from "./input";

const wrapperVariants = cva("relative", {
  variants: {
    /** `narrow`: 11 rem, for short options next to other controls. */
    width: { full: "w-full", narrow: "w-44" },
  },
  defaultVariants: { width: "full" },
});

type NativeSelectProps = React.ComponentProps<"select"> &
  VariantProps<typeof wrapperVariants> & {
    /** Classes for the wrapper (margins); `className` goes to the `<select>`. */
    wrapperClassName?: string;
  };

/** A styled native `<select>`: keyboard and screen-reader behaviour of the platform, posts without JS. */
export function NativeSelect({
  className,
  wrapperClassName,
  width,
  children,
  ...props
}: NativeSelectProps) {
  return (
    <div data-slot="native-select" className={cn(wrapperVariants({ width }), wrapperClassName)}>
      <select
        className={cn(
          fieldClassName,
          "min-h-11 cursor-pointer appearance-none py-2 pr-10 text-base disabled:cursor-not-allowed",
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted"
      />
    </div>
  );
}
