import {
  type ClientPrefill,
  StaffBookingForm,
  type StaffService,
} from "~/components/admin/agenda-forms";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { FieldErrors } from "~/utils/form";
import type { AgendaForms } from "./entry-actions";

/** The action's answer to 'book': what was booked, or why not, and the sessions skipped. */
export type BookingAnswer = (
  | { ok: true; booked: Array<{ id: string; when: string }> }
  | {
      ok: false;
      formError: string | null;
      fieldErrors: FieldErrors;
    }
) & { skipped?: Array<{ when: string; reason: string }> };

/** 'Reservar una cita': for a client staff already talked to, one appointment or a series. */
export function StaffBookingCard({
  booking,
  services,
  today,
  client,
  forms,
}: {
  booking: BookingAnswer | undefined;
  services: StaffService[];
  today: string;
  client: ClientPrefill | null;
  forms: AgendaForms;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id="reservar">
          Reservar una cita
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-muted">
          Para un cliente con el que ya has hablado: una cita o una serie semanal o quincenal.
          {client ? " Datos tomados de su cita anterior." : null}
        </p>
        {booking ? (
          <div role={booking.ok ? "status" : "alert"} className="flex flex-col gap-2">
            {booking.ok ? (
              <p className="rounded-field bg-success-soft p-3 text-success">
                {booking.booked.length === 1
                  ? `Cita reservada: ${booking.booked[0]!.when}.`
                  : `Reservadas ${booking.booked.length} sesiones.`}{" "}
                Hemos enviado un email al cliente.
              </p>
            ) : booking.formError ? (
              <p className="rounded-field bg-danger-soft p-3 text-danger">{booking.formError}</p>
            ) : null}
            {booking.skipped?.length ? (
              <>
                <p className="font-semibold">No se han reservado:</p>
                <ul className="list-disc pl-6">
                  {booking.skipped.map((s) => (
                    <li key={s.when}>
                      {s.when}: {s.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
        <StaffBookingForm
          key={booking?.ok ? booking.booked[0]!.id : "form"}
          services={services}
          today={today}
          client={client}
          fieldErrors={booking && !booking.ok ? booking.fieldErrors : undefined}
          constraints={forms.constraints.book}
          busy={forms.busy}
        />
      </CardContent>
    </Card>
  );
}
