import { CalendarPlus } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import {
  MAX_SESSIONS,
  MIN_SESSIONS,
  MoveSchema,
  StaffBookingSchema,
} from "~/modules/booking/staff-schema";
import { type FieldErrors, limitsOf } from "~/utils/form";
import { type FieldConstraints, parseWith } from "~/utils/form-schema";
import { useFieldErrors } from "~/utils/use-field-errors";

/**
 * The agenda's forms (/admin/citas): book an appointment or a series for a client, and move one.
 * Checked in the browser with the schema the action runs, and limited by the same schema
 * (`constraints`, computed by the page's loader: docs/decisions/006-one-schema-per-form.md).
 */

type Constraints = Record<string, FieldConstraints>;

export interface StaffService {
  id: number;
  name: string;
  durationMinutes: number;
  active: boolean;
}

export interface ClientPrefill {
  name: string;
  email: string;
  phone: string;
  serviceId: number | null;
}

/** Book for a client the practice knows: one appointment, or weekly / fortnightly sessions. */
export function StaffBookingForm({
  services,
  today,
  client,
  fieldErrors,
  constraints,
  busy,
}: {
  services: StaffService[];
  today: string;
  client: ClientPrefill | null;
  fieldErrors: FieldErrors | undefined;
  constraints: Constraints;
  busy: boolean;
}) {
  const check = useFieldErrors(fieldErrors);
  const [repeat, setRepeat] = useState("none");
  return (
    <Form
      ref={check.formRef}
      method="post"
      noValidate
      onChange={check.clearOnChange}
      onSubmit={(event) => {
        const values = Object.fromEntries(new FormData(event.currentTarget));
        const verdict = parseWith(StaffBookingSchema, values);
        if (!check.show(verdict.ok ? {} : verdict.fieldErrors)) event.preventDefault();
      }}
      className="grid gap-4 sm:grid-cols-2"
      aria-labelledby="reservar"
    >
      <input type="hidden" name="intent" value="book" />
      <FormField label="Servicio" name="service" required errors={check.of("service")}>
        {(field) => (
          <NativeSelect {...field} required defaultValue={client?.serviceId ?? services[0]?.id}>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.durationMinutes} min){s.active ? "" : " · no se ofrece en la web"}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Día" name="date" id="book-date" required errors={check.of("date")}>
          {(field) => <Input {...field} type="date" min={today} defaultValue={today} required />}
        </FormField>
        <FormField label="Hora" name="time" id="book-time" required errors={check.of("time")}>
          {(field) => <Input {...field} type="time" step={300} required />}
        </FormField>
      </div>
      <FormField label="Nombre del cliente" name="name" required errors={check.of("name")}>
        {(field) => (
          <Input
            {...field}
            required
            autoComplete="off"
            defaultValue={client?.name}
            {...limitsOf(constraints.name)}
          />
        )}
      </FormField>
      <FormField
        label="Email del cliente"
        name="email"
        required
        errors={check.of("email")}
        description="Recibe la cita, el archivo de calendario y el enlace para cancelarla."
      >
        {(field) => (
          <Input
            {...field}
            type="email"
            required
            autoComplete="off"
            defaultValue={client?.email}
            {...limitsOf(constraints.email)}
          />
        )}
      </FormField>
      <FormField label="Teléfono (opcional)" name="phone" errors={check.of("phone")}>
        {(field) => (
          <Input
            {...field}
            type="tel"
            autoComplete="off"
            defaultValue={client?.phone}
            {...limitsOf(constraints.phone)}
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Se repite" name="repeat" errors={check.of("repeat")}>
          {(field) => (
            // Uncontrolled: a choice made before the page's JavaScript runs is kept.
            <NativeSelect
              {...field}
              defaultValue="none"
              onChange={(event) => setRepeat(event.currentTarget.value)}
            >
              <option value="none">No</option>
              <option value="weekly">Cada semana</option>
              <option value="fortnightly">Cada dos semanas</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField
          label="Sesiones"
          name="sessions"
          errors={check.of("sessions")}
          description={
            repeat === "none" ? "Solo si se repite." : `De ${MIN_SESSIONS} a ${MAX_SESSIONS}.`
          }
        >
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={MIN_SESSIONS}
              max={MAX_SESSIONS}
              defaultValue={6}
            />
          )}
        </FormField>
      </div>
      <p className="text-sm text-muted sm:col-span-2">
        Queda confirmada al momento. Se puede reservar fuera del horario de la web, pero no en un
        día cerrado ni sobre otra cita o una hora ocupada de tu calendario: en una serie, esas
        sesiones se saltan y se indican.
      </p>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          <CalendarPlus aria-hidden="true" /> Reservar y avisar al cliente
        </Button>
      </div>
    </Form>
  );
}

/** Move an appointment: a new day and hour, and an optional word for the client. */
export function MoveForm({
  id,
  when,
  date,
  fieldErrors,
  formError,
  constraints,
  busy,
}: {
  id: string;
  when: string;
  date: string;
  fieldErrors: FieldErrors | undefined;
  formError: string | null | undefined;
  constraints: Constraints;
  busy: boolean;
}) {
  const check = useFieldErrors(fieldErrors);
  const refused = Boolean(formError || fieldErrors);
  return (
    <details className="group" open={refused || undefined}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full px-4 font-semibold text-primary hover:bg-primary-soft">
        Cambiar la hora<span className="sr-only"> de la cita del {when}</span>
      </summary>
      <Form
        ref={check.formRef}
        method="post"
        noValidate
        onChange={check.clearOnChange}
        onSubmit={(event) => {
          const values = Object.fromEntries(new FormData(event.currentTarget));
          const verdict = parseWith(MoveSchema, values);
          if (!check.show(verdict.ok ? {} : verdict.fieldErrors)) event.preventDefault();
        }}
        className="mt-2 flex flex-col gap-3 sm:max-w-md"
        aria-label={`Cambiar la hora de la cita del ${when}`}
      >
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={id} />
        {formError ? (
          <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
            {formError}
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-3">
          <FormField
            label="Nuevo día"
            name="date"
            id={`move-date-${id}`}
            required
            errors={check.of("date")}
          >
            {(field) => <Input {...field} type="date" defaultValue={date} required />}
          </FormField>
          <FormField
            label="Nueva hora"
            name="time"
            id={`move-time-${id}`}
            required
            errors={check.of("time")}
          >
            {(field) => <Input {...field} type="time" step={300} required />}
          </FormField>
        </div>
        <FormField
          label="Mensaje para el cliente (opcional)"
          name="message"
          id={`move-message-${id}`}
          description="Se envía por email. Sin datos de salud."
          errors={check.of("message")}
        >
          {(field) => <Textarea {...field} rows={2} {...limitsOf(constraints.message)} />}
        </FormField>
        <Button type="submit" className="self-start" disabled={busy}>
          Cambiar y avisar al cliente
        </Button>
      </Form>
    </details>
  );
}
