import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/utils/cn";
import { fieldClassName } from "./input";

const textareaVariants = cva([fieldClassName, "resize-y py-2.5 leading-relaxed"], {
  variants: {
    /** `code`: monospaced and a little smaller, for Markdown source. */
    variant: { text: "text-base", code: "font-mono text-[0.95rem]" },
    /** The least height a person can drag it down to. */
    size: { md: "min-h-24", lg: "min-h-[140px]" },
  },
  defaultVariants: { variant: "text", size: "md" },
});

type TextareaProps = React.ComponentProps<"textarea"> & VariantProps<typeof textareaVariants>;

/** A native multi-line text field with the same look as `Input`. */
export function Textarea({ className, variant, size, rows = 5, ...props }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      data-slot="textarea"
      className={cn(textareaVariants({ variant, size }), className)}
      {...props}
    />
  );
}
