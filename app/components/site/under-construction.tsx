import { Hammer } from "lucide-react";

/** A short, honest placeholder for pages that a later piece of work fills. */
export function UnderConstruction({ title, admin = false }: { title: string; admin?: boolean }) {
  return (
    <section className={admin ? "py-6" : "container-page py-20"}>
      <h1 className={admin ? "text-h2" : "text-h1"}>{title}</h1>
      <div className="mt-6 flex max-w-xl items-start gap-4 rounded-card border border-border bg-surface p-6 shadow-soft">
        <Hammer aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
        <div>
          <p className="font-semibold">Página en construcción</p>
          <p className="mt-1 text-muted">
            Estamos preparando esta sección. Mientras tanto, puedes volver a la{" "}
            <a href="/" className="font-semibold text-primary underline underline-offset-4">
              página de inicio
            </a>
            .
          </p>
        </div>
      </div>
    </section>
  );
}
