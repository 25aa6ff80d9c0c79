import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { BookingConfig } from "~/modules/booking/config";
import { type FormFailure, limitsOf } from "~/utils/form";
import type { FieldConstraints } from "~/utils/form-schema";

const NUMBERS = [
  ["bufferMinutes", "Margen entre citas (minutos)"],
  ["stepMinutes", "Intervalo entre horas de inicio (minutos)"],
  ["noticeHours", "Antelación mínima para reservar (horas)"],
  ["horizonDays", "Cuánto por adelantado se puede reservar (días)"],
  ["dailyCap", "Máximo de citas al día (0: sin límite)"],
  ["cancelHours", "Plazo para cancelar o cambiar desde el email (horas antes)"],
  ["retentionDays", "Conservación de las citas pasadas (días)"],
] as const;

/**
 * 'Horario y reglas' (/admin/citas/ajustes, intent `rules`): the ranges of each weekday, the
 * booking rules, the reminders and the online sessions' link. Limited by BookingRulesFormSchema,
 * which the action runs (`constraints`, from the page's loader).
 */
export function RulesForm({
  hours,
  config,
  constraints,
  refused,
  busy,
}: {
  hours: { weekday: number; name: string; text: string }[];
  config: BookingConfig;
  constraints: Record<string, FieldConstraints>;
  /** The action's refusal of this form, if that was the last answer. */
  refused: FormFailure | undefined;
  busy: boolean;
}) {
  const errorsOf = (name: string) => refused?.fieldErrors[name];
  return (
    <Form
      method="post"
      noValidate
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-soft"
      aria-labelledby="horario"
    >
      <h2 id="horario" className="text-h3">
        Horario y reglas
      </h2>
      <input type="hidden" name="intent" value="rules" />
      {hours.map((h) => (
        <FormField
          key={h.weekday}
          label={<span className="first-letter:uppercase">{h.name}</span>}
          name={`hours.${h.weekday}`}
          errors={errorsOf(`hours.${h.weekday}`)}
        >
          {(field) => (
            <Input
              {...field}
              {...limitsOf(constraints[`hours.${h.weekday}`])}
              defaultValue={h.text}
              placeholder="09:00-14:00, 16:00-20:00"
            />
          )}
        </FormField>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        {NUMBERS.map(([name, label]) => (
          <FormField key={name} label={label} name={name} errors={errorsOf(name)}>
            {(field) => (
              <Input
                {...field}
                {...limitsOf(constraints[name])}
                type="number"
                inputMode="numeric"
                defaultValue={config[name]}
              />
            )}
          </FormField>
        ))}
        <FormField
          label="Recordatorios (horas antes, separadas por comas)"
          name="reminderHours"
          errors={errorsOf("reminderHours")}
        >
          {(field) => (
            <Input
              {...field}
              {...limitsOf(constraints.reminderHours)}
              defaultValue={config.reminderHours.join(", ")}
            />
          )}
        </FormField>
      </div>
      <FormField
        label="Enlace de las sesiones en línea (opcional)"
        name="onlineLink"
        errors={errorsOf("onlineLink")}
        description="La sala de videollamada, con sala de espera (tú admites a cada persona): todos tus clientes en línea reciben la misma. Solo la ve el cliente de una cita en línea confirmada, en la página de su cita (el enlace de sus emails) y hasta que termina la sesión; nunca la web pública ni tu calendario."
      >
        {(field) => (
          <Input
            {...field}
            {...limitsOf(constraints.onlineLink)}
            type="url"
            defaultValue={config.onlineLink}
            placeholder="https://"
          />
        )}
      </FormField>
      <Button type="submit" className="self-start" disabled={busy}>
        Guardar horario y reglas
      </Button>
    </Form>
  );
}
