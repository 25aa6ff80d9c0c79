import { cva, type VariantProps } from "class-variance-authority";
import { AlertCircle, CheckCircle2, Info } from "lucide-react";
import { cn } from "~/utils/cn";

const bannerVariants = cva(
  "flex items-start gap-3 rounded-field border-l-4 px-4 py-3 text-ink [&_a]:font-semibold [&_a]:underline [&_a]:underline-offset-2",
  {
    variants: {
      variant: {
        success: "border-success bg-success-soft",
        error: "border-danger bg-danger-soft",
        info: "border-info bg-info-soft",
      },
    },
    defaultVariants: { variant: "info" },
  },
);

type BannerVariant = NonNullable<VariantProps<typeof bannerVariants>["variant"]>;

const LOOK: Record<BannerVariant, { title: string; icon: typeof Info; text: string }> = {
  success: { title: "¡Éxito!", icon: CheckCircle2, text: "text-success" },
  error: { title: "Error", icon: AlertCircle, text: "text-danger" },
  info: { title: "Información", icon: Info, text: "text-info" },
};

type BannerProps = Omit<React.ComponentProps<"div">, "title"> &
  VariantProps<typeof bannerVariants> & {
    /** Defaults to '¡Éxito!', 'Error' or 'Información'; pass `null` for no title. */
    title?: React.ReactNode;
  };

/** A status message with icon, title and text; errors are announced assertively. */
export function Banner({ className, variant, title, children, role, ...props }: BannerProps) {
  const look = LOOK[variant ?? "info"];
  const Icon = look.icon;
  const heading = title === undefined ? look.title : title;
  return (
    <div
      data-slot="banner"
      role={role ?? (variant === "error" ? "alert" : "status")}
      className={cn(bannerVariants({ variant }), className)}
      {...props}
    >
      <Icon aria-hidden="true" className={cn("mt-0.5 size-5 shrink-0", look.text)} />
      <div className="min-w-0 flex-1 text-base">
        {heading ? <p className={cn("font-semibold", look.text)}>{heading}</p> : null}
        {children ? <div className="text-ink">{children}</div> : null}
      </div>
    </div>
  );
}
