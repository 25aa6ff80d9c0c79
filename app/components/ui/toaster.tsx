import { AlertCircle, CheckCircle2, Info, Loader2, TriangleAlert } from "lucide-react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Call `toast.success("Guardado")`, `toast.error(…)`, `toast.info(…)` anywhere on the client. */
export { toast } from "sonner";

/** The one toaster, mounted once in the layout: bottom-right, with a close button, in Spanish. */
export function Toaster({ toastOptions, icons, ...props }: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      theme="light"
      closeButton
      containerAriaLabel="Notificaciones"
      toastOptions={{
        closeButton: true,
        closeButtonAriaLabel: "Cerrar notificación",
        ...toastOptions,
        // WCAG 2.2 target size: sonner draws its close button at 20 px.
        classNames: { closeButton: "size-6!", ...toastOptions?.classNames },
      }}
      icons={{
        success: <CheckCircle2 aria-hidden="true" className="size-5 text-success" />,
        error: <AlertCircle aria-hidden="true" className="size-5 text-danger" />,
        info: <Info aria-hidden="true" className="size-5 text-info" />,
        warning: <TriangleAlert aria-hidden="true" className="size-5 text-accent" />,
        loading: <Loader2 aria-hidden="true" className="size-5 animate-spin text-primary" />,
        ...icons,
      }}
      {...props}
    />
  );
}
