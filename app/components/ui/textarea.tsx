import { cn } from "~/utils/cn";
import { fieldClassName } from "./input";

/** A native multi-line text field with the same look as `Input`. */
export function Textarea({ className, rows = 5, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      rows={rows}
      data-slot="textarea"
      className={cn(fieldClassName, "min-h-24 resize-y py-2.5 leading-relaxed", className)}
      {...props}
    />
  );
}
