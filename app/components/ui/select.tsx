import { ChevronDown } from "lucide-react";
import { cn } from "~/utils/cn";
import { fieldClassName } from "./input";

type NativeSelectProps = React.ComponentProps<"select"> & {
  /** Classes for the wrapper (width, margins); `className` goes to the `<select>`. */
  wrapperClassName?: string;
};

/** A styled native `<select>`: keyboard and screen-reader behaviour of the platform, posts without JS. */
export function NativeSelect({
  className,
  wrapperClassName,
  children,
  ...props
}: NativeSelectProps) {
  return (
    <div data-slot="native-select" className={cn("relative w-full", wrapperClassName)}>
      <select
        className={cn(
          fieldClassName,
          "min-h-11 cursor-pointer appearance-none py-2 pr-10 disabled:cursor-not-allowed",
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
