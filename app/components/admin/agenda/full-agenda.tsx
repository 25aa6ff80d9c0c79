import { Link } from "react-router";
import type { ClientPrefill, StaffService } from "~/components/admin/agenda-forms";
import { AgendaDays } from "./agenda-days";
import { AgendaCard } from "./agenda-header";
import { DayEntries } from "./day-entries";
import type { AgendaForms } from "./entry-actions";
import { PendingRequests } from "./pending-requests";
import { type BookingAnswer, StaffBookingCard } from "./staff-booking-card";
import type { AgendaEntry, AgendaRange, AgendaView, GridDay } from "./types";

/** The intents whose refusal is shown at the top of the page (the others, by their form). */
const TOP_REFUSALS = ["accept", "decline", "cancel", "change-answered", "invite-review"];

/**
 * Staff with appointments.read: the requests waiting, the seven days as a list or a week grid,
 * and (with appointments.manage) booking for a client.
 */
export function FullAgenda({
  pending,
  range,
  days,
  grid,
  view,
  today,
  caption,
  mayManage,
  mayInvite,
  services,
  client,
  booking,
  forms,
}: {
  pending: AgendaEntry[];
  range: AgendaRange;
  days: Array<{ date: string; label: string; items: AgendaEntry[] }>;
  grid: GridDay[];
  view: AgendaView;
  today: string;
  caption: string;
  mayManage: boolean;
  mayInvite: boolean;
  services: StaffService[];
  client: ClientPrefill | null;
  booking: BookingAnswer | undefined;
  forms: AgendaForms;
}) {
  const refused = forms.refused;
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-h1">Citas</h1>
        <p className="mt-1 text-muted">
          Solicitudes por responder y la agenda de los próximos días (hora peninsular).
          {mayManage ? (
            <>
              {" "}
              <Link to="/admin/citas/ajustes" className="font-semibold text-primary underline">
                Horario y servicios
              </Link>
              {" · "}
              <Link to="/admin/citas/lista-espera" className="font-semibold text-primary underline">
                Lista de espera
              </Link>
              {" · "}
              <a href="#reservar" className="font-semibold text-primary underline">
                Reservar una cita
              </a>
            </>
          ) : null}
        </p>
      </div>
      {refused && TOP_REFUSALS.includes(refused.intent ?? "") ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {refused.formError ?? Object.values(refused.fieldErrors)[0]?.[0]}
        </p>
      ) : null}

      <PendingRequests pending={pending} mayManage={mayManage} forms={forms} />

      <AgendaCard
        range={range}
        view={view}
        today={today}
        grid={grid}
        caption={caption}
        list={() => (
          <AgendaDays
            days={days}
            today={today}
            renderItems={(items) => (
              <DayEntries items={items} mayManage={mayManage} mayInvite={mayInvite} forms={forms} />
            )}
          />
        )}
      />

      {mayManage ? (
        <StaffBookingCard
          booking={booking}
          services={services}
          today={today}
          client={client}
          forms={forms}
        />
      ) : null}
    </div>
  );
}
