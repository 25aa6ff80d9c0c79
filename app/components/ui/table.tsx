import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/utils/cn";

type TableProps = React.ComponentProps<"table"> & {
  /** Classes for the scrolling wrapper; give it a max height (e.g. `max-h-[70vh]`) for a sticky header. */
  containerClassName?: string;
  /**
   * Names the scrolling wrapper as a focusable region so keyboard users can scroll a wide table
   * that has no links or buttons inside.
   */
  scrollLabel?: string;
  /**
   * Below 640 px, each row is a card (as the review list): the header is left to screen readers
   * and the cells are stacked, so nothing scrolls sideways on a phone. The markup stays a table.
   */
  stackOnPhone?: boolean;
};

/** What `stackOnPhone` changes below 640 px (`sm`). */
const STACKED = {
  container: "max-sm:overflow-visible max-sm:rounded-none max-sm:border-0 max-sm:bg-transparent",
  table: cn(
    "max-sm:block max-sm:[&_thead]:sr-only max-sm:[&>tbody]:flex max-sm:[&>tbody]:flex-col max-sm:[&>tbody]:gap-3",
    "max-sm:[&>tbody>tr]:flex max-sm:[&>tbody>tr]:flex-col max-sm:[&>tbody>tr]:gap-3 max-sm:[&>tbody>tr]:rounded-card max-sm:[&>tbody>tr]:border max-sm:[&>tbody>tr]:border-border max-sm:[&>tbody>tr]:bg-surface max-sm:[&>tbody>tr]:p-4 max-sm:[&>tbody>tr]:shadow-soft",
    "max-sm:[&>tbody>tr>td]:block max-sm:[&>tbody>tr>td]:p-0",
  ),
};

/** A data table in a horizontally scrolling card; zebra rows and a sticky header. */
export function Table({
  className,
  containerClassName,
  scrollLabel,
  stackOnPhone = false,
  ...props
}: TableProps) {
  return (
    <div
      data-slot="table-container"
      role={scrollLabel ? "region" : undefined}
      aria-label={scrollLabel}
      tabIndex={scrollLabel ? 0 : undefined}
      className={cn(
        "relative w-full overflow-x-auto rounded-card border border-border bg-surface",
        stackOnPhone && STACKED.container,
        containerClassName,
      )}
    >
      <table
        data-slot="table"
        className={cn(
          "w-full caption-bottom border-collapse text-left text-sm",
          stackOnPhone && STACKED.table,
          className,
        )}
        {...props}
      />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return (
    <thead
      data-slot="table-header"
      className={cn(
        "sticky top-0 z-10 bg-sand shadow-[inset_0_-1px_0_var(--color-border)]",
        className,
      )}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return (
    <tbody
      data-slot="table-body"
      className={cn("[&>tr:nth-child(even)]:bg-paper", className)}
      {...props}
    />
  );
}

export function TableFooter({ className, ...props }: React.ComponentProps<"tfoot">) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn("border-t border-border bg-sand font-semibold", className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        "border-b border-border transition-colors last:border-b-0 hover:bg-primary-soft/60 data-[state=selected]:bg-primary-soft",
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, scope = "col", ...props }: React.ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn(
        "h-11 px-4 py-2 text-left align-middle font-semibold whitespace-nowrap text-ink",
        className,
      )}
      {...props}
    />
  );
}

const tableCellVariants = cva("px-4 text-ink", {
  variants: {
    /** `sm`: less vertical padding, for a row of icon buttons or a thumbnail. */
    size: { md: "py-3", sm: "py-2" },
    /** `top` for cells of several lines next to each other. */
    verticalAlign: { middle: "align-middle", top: "align-top" },
  },
  defaultVariants: { size: "md", verticalAlign: "middle" },
});

export function TableCell({
  className,
  size,
  verticalAlign,
  ...props
}: React.ComponentProps<"td"> & VariantProps<typeof tableCellVariants>) {
  return (
    <td
      data-slot="table-cell"
      className={cn(tableCellVariants({ size, verticalAlign }), className)}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return (
    <caption
      data-slot="table-caption"
      className={cn("px-4 py-3 text-left text-sm text-muted", className)}
      {...props}
    />
  );
}
