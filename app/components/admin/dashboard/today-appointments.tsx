import { Link } from "react-router";
import { Banner } from "~/components/ui/banner";
import { formatDateTime } from "~/utils/format-time";

export interface TodayAgenda {
  today: Array<{ id: string; startsAt: string; serviceName: string; status: string }>;
  /** Requests that wait for an answer. */
  waiting: number;
}

/**
 * 'Citas de hoy': the warning about many expired holds (null: none worth telling), the requests
 * waiting for an answer, and today's appointments by hour.
 */
export function TodayAppointments({
  appointments,
  expiredHolds,
}: {
  appointments: TodayAgenda;
  expiredHolds: number | null;
}) {
  return (
    <section aria-labelledby="citas-hoy">
      <h2 id="citas-hoy" className="text-h3">
        Citas de hoy
      </h2>
      {expiredHolds !== null ? (
        <Banner variant="info" title={null} className="mt-2" data-testid="reservas-caducadas">
          <p>
            {`${expiredHolds} reservas sin confirmar caducaron en las últimas 24 horas: puede ser alguien bloqueando la agenda. Las horas ya vuelven a estar libres, así que no tienes que hacer nada con ellas.`}{" "}
            Si sigue pasando, en{" "}
            <Link to="/admin/citas/ajustes" className="font-semibold text-primary underline">
              Horario y servicios
            </Link>{" "}
            puedes cambiar los servicios de reserva inmediata a solicitud: así cada petición te
            llega con sus datos y decides tú cuáles aceptar.
          </p>
        </Banner>
      ) : null}
      {appointments.waiting > 0 ? (
        <p className="mt-2">
          <Link to="/admin/citas" className="font-semibold text-primary underline">
            {appointments.waiting === 1
              ? "1 solicitud por responder"
              : `${appointments.waiting} solicitudes por responder`}
          </Link>
        </p>
      ) : null}
      {appointments.today.length === 0 ? (
        <p className="mt-2 text-muted">No hay citas hoy.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border rounded-card border border-border bg-surface shadow-soft">
          {appointments.today.map((a) => (
            <li key={a.id} className="flex flex-wrap gap-x-3 p-3">
              <time dateTime={a.startsAt} className="font-semibold">
                {formatDateTime(a.startsAt).split(", ").at(-1)}
              </time>
              <span>{a.serviceName}</span>
              {a.status === "requested" ? <span className="text-muted">(solicitada)</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
