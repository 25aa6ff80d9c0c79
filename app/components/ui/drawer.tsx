import { cva, type VariantProps } from "class-variance-authority";
import { Drawer as Vaul } from "vaul";
import { cn } from "~/utils/cn";

/**
 * A bottom drawer (vaul). vaul's defaults are the product's thresholds
 * (docs/product.md#navigation): it closes when dragged past 25 % of its height or flicked faster
 * than 0.4.
 */
export const Drawer = Vaul.Root;
export const DrawerTrigger = Vaul.Trigger;
export const DrawerClose = Vaul.Close;

const drawerVariants = cva(
  "fixed inset-x-0 bottom-0 z-50 mt-24 flex max-h-[85vh] flex-col rounded-t-3xl pb-[env(safe-area-inset-bottom)] shadow-lift outline-none",
  {
    variants: { tone: { light: "bg-surface", dark: "bg-ink text-white" } },
    defaultVariants: { tone: "light" },
  },
);

type DrawerContentProps = React.ComponentProps<typeof Vaul.Content> &
  VariantProps<typeof drawerVariants> & { title: string; description?: string };

export function DrawerContent({
  className,
  tone,
  children,
  title,
  description,
  ...props
}: DrawerContentProps) {
  return (
    <Vaul.Portal>
      <Vaul.Overlay className="fixed inset-0 z-40 bg-ink/40" />
      <Vaul.Content className={cn(drawerVariants({ tone }), className)} {...props}>
        <div aria-hidden="true" className="mx-auto mt-3 h-1.5 w-12 rounded-full bg-border" />
        <Vaul.Title className="px-6 pt-4 font-serif text-h3">{title}</Vaul.Title>
        {description ? (
          <Vaul.Description className="px-6 text-sm text-muted">{description}</Vaul.Description>
        ) : (
          <Vaul.Description className="sr-only">{title}</Vaul.Description>
        )}
        <div className="overflow-y-auto px-4 pt-2 pb-6">{children}</div>
      </Vaul.Content>
    </Vaul.Portal>
  );
}
