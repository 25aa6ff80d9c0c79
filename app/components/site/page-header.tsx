import { BookingLink } from "~/components/site/booking-link";

/** The top of an inner page: breadcrumbs, title and an optional lead paragraph. */
export function PageHeader({
  title,
  lead,
  crumbs = [],
  children,
}: {
  title: string;
  lead?: string;
  crumbs?: Array<{ to: string; label: string }>;
  children?: React.ReactNode;
}) {
  return (
    <div className="bg-sand py-12 md:py-16">
      <div className="container-page">
        <nav aria-label="Ruta de navegación">
          <ol className="flex flex-wrap items-center gap-1 text-sm text-muted">
            <li>
              <a href="/" className="underline underline-offset-4 hover:text-ink">
                Inicio
              </a>
            </li>
            {crumbs.map((c) => (
              <li key={c.to} className="flex items-center gap-1">
                <span aria-hidden="true">/</span>
                <a href={c.to} className="underline underline-offset-4 hover:text-ink">
                  {c.label}
                </a>
              </li>
            ))}
            <li className="flex items-center gap-1">
              <span aria-hidden="true">/</span>
              <span aria-current="page">{title}</span>
            </li>
          </ol>
        </nav>
        <h1 className="mt-4 max-w-3xl text-h1">{title}</h1>
        {lead ? <p className="mt-4 max-w-2xl text-lg text-ink-soft">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}

/** The closing call to action of inner pages: book or write. */
export function CallToAction({ bookingUrl }: { bookingUrl: string }) {
  return (
    <section aria-labelledby="cta-titulo" className="py-14">
      <div className="container-page">
        <div className="rounded-card bg-primary px-6 py-10 text-white shadow-lift md:px-12">
          <h2 id="cta-titulo" className="text-h2 text-white">
            ¿Damos el primer paso?
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-[#e9f2f0]">
            La primera sesión sirve para conocernos, escuchar qué necesitas y acordar cómo trabajar.
            Puedes pedir cita directamente o escribirme si tienes dudas.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {bookingUrl ? (
              <BookingLink
                href={bookingUrl}
                className="inline-flex min-h-12 items-center rounded-full bg-accent px-7 text-lg font-semibold text-white no-underline hover:bg-accent-strong"
              >
                Pedir cita
              </BookingLink>
            ) : null}
            <a
              href="/#contacto"
              className="inline-flex min-h-12 items-center rounded-full border-2 border-white px-7 text-lg font-semibold text-white no-underline hover:bg-white/10"
            >
              Escribirme
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
