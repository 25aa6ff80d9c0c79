import { CircleX } from "lucide-react";
import { Link } from "react-router";
import { Banner } from "~/components/ui/banner";
import { formatTime } from "~/utils/format-time";

export interface TodayAgenda {
  today: Array<{ id: string; startsAt: string; serviceName: string; status: string }>;
  /** Requests that wait for an answer. */
  waiting: number;
}

/** A red item of Estado legal, with where to fix it. */
export interface LegalItem {
  id: string;
  title: string;
  fix?: { href: string; label: string };
}

const action = "font-semibold text-primary underline";
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * 'Para hoy', the panel's first block: what waits for her today, each with the link that deals
 * with it. A null count is one this role may not read (contributors see no health data), so it is
 * never listed; a zero is simply not there. Nothing at all: «Nada pendiente para hoy».
 */
export function ForToday({
  appointments,
  pendingReviews,
  unread,
  legal,
  expiredHolds,
}: {
  appointments: TodayAgenda | null;
  pendingReviews: number | null;
  unread: number | null;
  legal: LegalItem[] | null;
  expiredHolds: number | null;
}) {
  const items: Array<{ key: string; node: React.ReactNode }> = [];
  if (appointments && appointments.waiting > 0) {
    items.push({
      key: "solicitudes",
      node: (
        <>
          {plural(appointments.waiting, "solicitud de cita", "solicitudes de cita")} por responder.{" "}
          <Link to="/admin/citas" className={action}>
            Responder<span className="sr-only"> las solicitudes</span>
          </Link>
        </>
      ),
    });
  }
  if (appointments && appointments.today.length > 0) {
    items.push({
      key: "citas",
      node: (
        <>
          {plural(appointments.today.length, "cita hoy", "citas hoy")}:{" "}
          {appointments.today.map((a, i) => (
            <span key={a.id}>
              {i > 0 ? ", " : null}
              <time dateTime={a.startsAt} className="font-semibold tabular-nums">
                {formatTime(a.startsAt)}
              </time>{" "}
              {a.serviceName}
              {a.status === "requested" ? " (solicitada)" : null}
            </span>
          ))}
          .{" "}
          <Link to="/admin/citas" className={action}>
            Ver la agenda
          </Link>
        </>
      ),
    });
  }
  if (pendingReviews) {
    items.push({
      key: "resenas",
      node: (
        <>
          {plural(pendingReviews, "reseña", "reseñas")} por moderar.{" "}
          <Link to="/admin/resenas?estado=borradores" className={action}>
            Moderar<span className="sr-only"> las reseñas</span>
          </Link>
        </>
      ),
    });
  }
  if (unread) {
    items.push({
      key: "mensajes",
      node: (
        <>
          {plural(unread, "mensaje sin leer", "mensajes sin leer")}.{" "}
          <Link to="/admin/mensajes" className={action}>
            Leer<span className="sr-only"> los mensajes</span>
          </Link>
        </>
      ),
    });
  }
  for (const check of legal ?? []) {
    items.push({
      key: `legal-${check.id}`,
      node: (
        <span className="text-danger">
          <CircleX aria-hidden="true" className="mr-1 inline size-4 align-[-2px]" />
          <span className="sr-only">Estado legal, falta: </span>
          <strong>{check.title}</strong>.{" "}
          <Link to={check.fix?.href ?? "/admin/estado-legal"} className="font-semibold underline">
            {check.fix?.label ?? "Ver el estado legal"}
            <span className="sr-only">: {check.title}</span>
          </Link>
        </span>
      ),
    });
  }
  return (
    <section
      aria-labelledby="para-hoy"
      className="rounded-card border border-border bg-surface p-4 shadow-soft sm:p-6"
    >
      <h2 id="para-hoy" className="text-h3">
        Para hoy
      </h2>
      {expiredHolds !== null ? (
        <Banner variant="info" title={null} className="mt-3" data-testid="reservas-caducadas">
          <p>
            {`${expiredHolds} reservas sin confirmar caducaron en las últimas 24 horas: puede ser alguien bloqueando la agenda. Las horas ya vuelven a estar libres, así que no tienes que hacer nada con ellas.`}{" "}
            Si sigue pasando, en{" "}
            <Link to="/admin/citas/ajustes" className={action}>
              Horario y servicios
            </Link>{" "}
            puedes cambiar los servicios de reserva inmediata a solicitud: así cada petición te
            llega con sus datos y decides tú cuáles aceptar.
          </p>
        </Banner>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-2 text-muted">Nada pendiente para hoy.</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-border">
          {items.map((item) => (
            <li key={item.key} className="py-2">
              {item.node}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
