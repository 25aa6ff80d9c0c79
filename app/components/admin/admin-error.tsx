import { Lock } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** Shown inside the admin shell: 'Acceso Restringido' for 403, a calm message otherwise. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 403) {
    return (
      <section className="max-w-xl rounded-card border border-border bg-surface p-6 shadow-soft">
        <Lock aria-hidden="true" className="size-8 text-primary" />
        <h1 className="mt-3 text-h2">Acceso Restringido</h1>
        <p className="mt-2 text-muted">
          Tu rol no tiene permiso para esta sección. Si necesitas acceder, pide a una administradora
          que cambie tu rol en Usuarios.
        </p>
        <Link to="/admin" className="mt-4 inline-block font-semibold text-primary underline">
          Volver al dashboard
        </Link>
      </section>
    );
  }
  return (
    <section className="max-w-xl rounded-card border border-border bg-surface p-6 shadow-soft">
      <h1 className="text-h2">{status === 404 ? "No encontrado" : "Algo ha salido mal"}</h1>
      <p className="mt-2 text-muted">
        {status === 404
          ? "Lo que buscas no existe o ya no está disponible."
          : "Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos."}
      </p>
      <Link to="/admin" className="mt-4 inline-block font-semibold text-primary underline">
        Volver al dashboard
      </Link>
    </section>
  );
}
