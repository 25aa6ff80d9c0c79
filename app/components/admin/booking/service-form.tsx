import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { type FormFailure, limitsOf } from "~/utils/form";
import type { FieldConstraints } from "~/utils/form-schema";

/** A bookable service as the page shows it. */
export interface Service {
  id: number;
  name: string;
  durationMinutes: number;
  modality: string;
  priceText: string;
  mode: string;
  audience: string;
  active: boolean;
}

const select =
  "min-h-11 rounded-field border border-border-strong bg-surface px-3 text-base text-ink";

/**
 * 'Servicios' (/admin/citas/ajustes): a form per service (intents `service`, `remove-service`)
 * and one to add a new one. Limited by ServiceFormSchema, which the action runs.
 */
export function ServicesSection({
  services,
  constraints,
  refusedFor,
  busy,
}: {
  services: Service[];
  constraints: Record<string, FieldConstraints>;
  /** The action's refusal of the form answered as `intent:key`, if that was the last answer. */
  refusedFor: (key: string) => FormFailure | undefined;
  busy: boolean;
}) {
  return (
    <section
      aria-labelledby="servicios"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-soft"
    >
      <h2 id="servicios" className="text-h3">
        Servicios
      </h2>
      {[...services, null].map((s) => (
        <ServiceForm
          key={s?.id ?? "nuevo"}
          s={s}
          constraints={constraints}
          refused={refusedFor(`service:${s?.id ?? ""}`)}
          busy={busy}
        />
      ))}
    </section>
  );
}

/** One service's form, or (`s` null) the form that adds one. */
function ServiceForm({
  s,
  constraints,
  refused,
  busy,
}: {
  s: Service | null;
  constraints: Record<string, FieldConstraints>;
  refused: FormFailure | undefined;
  busy: boolean;
}) {
  const id = s ? `s${s.id}` : "nuevo";
  const errorsOf = (name: string) => refused?.fieldErrors[name];
  return (
    <Form
      method="post"
      noValidate
      className="flex flex-col gap-3 border-t border-border pt-4 first-of-type:border-0 first-of-type:pt-0"
      aria-label={s ? `Servicio ${s.name}` : "Servicio nuevo"}
    >
      {s ? <input type="hidden" name="id" value={s.id} /> : null}
      {s ? null : <h3 className="font-semibold">Añadir un servicio</h3>}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Nombre" id={`${id}-name`} name="name" errors={errorsOf("name")}>
          {(field) => <Input {...field} {...limitsOf(constraints.name)} defaultValue={s?.name} />}
        </FormField>
        <FormField
          label="Duración (minutos)"
          id={`${id}-duration`}
          name="durationMinutes"
          errors={errorsOf("durationMinutes")}
        >
          {(field) => (
            <Input
              {...field}
              {...limitsOf(constraints.durationMinutes)}
              type="number"
              defaultValue={s?.durationMinutes ?? 50}
            />
          )}
        </FormField>
        <FormField label="Modalidad" id={`${id}-modality`} name="modality">
          {(field) => (
            <select {...field} className={select} defaultValue={s?.modality ?? "presencial"}>
              <option value="presencial">Presencial</option>
              <option value="online">En línea</option>
            </select>
          )}
        </FormField>
        <FormField
          label="Precio (texto, opcional)"
          id={`${id}-price`}
          name="priceText"
          errors={errorsOf("priceText")}
        >
          {(field) => (
            <Input {...field} {...limitsOf(constraints.priceText)} defaultValue={s?.priceText} />
          )}
        </FormField>
        <FormField label="Cómo se reserva" id={`${id}-mode`} name="mode">
          {(field) => (
            <select {...field} className={select} defaultValue={s?.mode ?? "request"}>
              <option value="request">Solicitud: la consulta acepta o rechaza</option>
              <option value="direct">Reserva inmediata: el cliente confirma por email</option>
            </select>
          )}
        </FormField>
        <FormField label="Para quién" id={`${id}-audience`} name="audience">
          {(field) => (
            <select {...field} className={select} defaultValue={s?.audience ?? "all"}>
              <option value="all">Todos</option>
              <option value="new">Solo primeras visitas</option>
              <option value="existing">Solo quien ya ha venido</option>
            </select>
          )}
        </FormField>
      </div>
      <div className="flex min-h-11 items-center gap-3">
        <Checkbox id={`${id}-active`} name="active" defaultChecked={s?.active ?? true} />
        <label htmlFor={`${id}-active`}>Se puede reservar en la web</label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          name="intent"
          value="service"
          variant={s ? "secondary" : "primary"}
          disabled={busy}
        >
          {s ? "Guardar" : "Añadir el servicio"}
          {s ? <span className="sr-only"> {s.name}</span> : null}
        </Button>
        {s ? (
          <Button
            type="submit"
            name="intent"
            value="remove-service"
            variant="ghost-danger"
            disabled={busy}
          >
            Eliminar<span className="sr-only"> {s.name}</span>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
