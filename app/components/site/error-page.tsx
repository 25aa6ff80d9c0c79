const TEXTS: Record<number, { title: string; message: string }> = {
  400: {
    title: "Solicitud no válida",
    message: "No hemos podido entender lo que se ha enviado. Vuelve atrás e inténtalo de nuevo.",
  },
  404: {
    title: "Página no encontrada",
    message: "La página que buscas no existe o ha cambiado de dirección.",
  },
  403: {
    title: "Acceso no permitido",
    message: "No tienes permiso para ver esta página.",
  },
};
const FALLBACK = {
  title: "Algo ha salido mal",
  message: "Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo en unos minutos.",
};

/**
 * The 404 page ('404' and a link home; docs/product.md#pages-and-urls) and the Spanish error page;
 * never a stack trace. Both 404s (an unknown address, a missing article) use it, with their own
 * title and message and the same suggestions (`children`).
 */
export function ErrorPage({
  status,
  title,
  message,
  head = true,
  children,
}: {
  status: number;
  title?: string;
  message?: string;
  /** False where the route's meta already gives the document its title and robots. */
  head?: boolean;
  children?: React.ReactNode;
}) {
  const texts = TEXTS[status] ?? FALLBACK;
  title ??= texts.title;
  return (
    <div className="container-page flex min-h-[70vh] flex-col items-center justify-center py-20 text-center">
      {head ? (
        <>
          <title>{`${status} · ${title}`}</title>
          <meta name="robots" content="noindex" />
        </>
      ) : null}
      <p className="font-serif text-7xl font-semibold text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-4 text-h2">
        <span className="sr-only">Error {status}: </span>
        {title}
      </h1>
      <p className="mt-3 max-w-prose text-muted">{message ?? texts.message}</p>
      <a
        href="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-full bg-primary px-6 font-semibold text-white hover:bg-primary-strong"
      >
        Volver al inicio
      </a>
      {children}
    </div>
  );
}
