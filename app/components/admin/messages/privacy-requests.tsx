import { Download } from "lucide-react";
import { useRef, useState } from "react";
import { Form } from "react-router";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ADDRESS_INVALID, looksLikeAddress, normalizeAddress } from "~/modules/privacy/address";
import type { FormFailure } from "~/utils/form";

/**
 * 'Derechos de protección de datos' (/admin/mensajes): export everything kept about an address
 * (POST /admin/mensajes/exportar) or erase it (intent `erase`, after a confirmation). An address
 * the server would refuse is said under the erase field, by the browser before asking and by the
 * server's answer (`refused`) after.
 */
export function PrivacyRequests({ refused }: { refused: FormFailure | undefined }) {
  const [eraseEmail, setEraseEmail] = useState("");
  // The server's message for the address, until the address changes or the browser finds another.
  const refusedAddress = refused?.fieldErrors.email?.[0] ?? null;
  const [eraseError, setEraseError] = useState(refusedAddress);
  const [answered, setAnswered] = useState(refused);
  if (refused !== answered) {
    setAnswered(refused);
    setEraseError(refusedAddress);
  }
  const eraseInput = useRef<HTMLInputElement>(null);
  // Erasing asks first (ConfirmAction); an address the server would refuse is said at the field.
  const eraseAddressOk = () => {
    const ok = looksLikeAddress(normalizeAddress(eraseEmail));
    setEraseError(ok ? null : ADDRESS_INVALID);
    if (!ok) eraseInput.current?.focus();
    return ok;
  };
  return (
    <section
      aria-labelledby="derechos"
      className="rounded-card border border-border bg-surface p-6 shadow-soft"
    >
      <h2 id="derechos" className="text-h3">
        Derechos de protección de datos
      </h2>
      <p className="mt-1 text-muted">
        Exporta (art. 15 RGPD) o suprime (art. 17 RGPD) todo lo que se guarda de una dirección: sus
        mensajes de contacto, sus citas, sus reseñas con invitación y todos los emails sobre ellos,
        también los avisos a la consulta (en la cola y sus copias .eml). Las reseñas sin invitación
        no guardan email: si la persona escribió una, elimínala en Reseñas. La exportación es un
        documento que la persona puede leer e imprimir (o guardar como PDF); el JSON lleva los
        mismos datos para otro programa. Queda registrado.
      </p>
      <div className="mt-4 flex flex-wrap gap-6">
        <Form
          method="post"
          action="/admin/mensajes/exportar"
          reloadDocument
          className="flex items-end gap-2"
        >
          <div className="flex flex-col gap-1">
            <label htmlFor="exportar" className="font-semibold">
              Email
            </label>
            <Input id="exportar" name="email" type="email" required />
          </div>
          <Button type="submit" name="formato" value="documento" variant="secondary">
            <Download aria-hidden="true" /> Exportar (documento legible)
          </Button>
          <Button type="submit" name="formato" value="json" variant="outline">
            JSON
            <span className="sr-only"> (para otro programa)</span>
          </Button>
        </Form>
        <div className="flex flex-col gap-1">
          <div className="flex items-end gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor="suprimir" className="font-semibold">
                Email
              </label>
              <Input
                ref={eraseInput}
                id="suprimir"
                type="email"
                value={eraseEmail}
                aria-invalid={eraseError ? true : undefined}
                aria-describedby={eraseError ? "suprimir-error" : undefined}
                onChange={(e) => {
                  setEraseEmail(e.target.value);
                  setEraseError(null);
                }}
              />
            </div>
            <ConfirmAction
              title="Suprimir datos"
              description={
                <>
                  Se eliminarán todos los mensajes de{" "}
                  <strong className="wrap-anywhere">{eraseEmail.trim()}</strong>, los emails que los
                  mencionan y sus copias .eml. Esta acción no se puede deshacer.
                </>
              }
              fields={{ intent: "erase", email: eraseEmail.trim() }}
              confirmLabel="Suprimir"
              check={eraseAddressOk}
              trigger={<Button variant="danger">Suprimir datos</Button>}
            />
          </div>
          {eraseError ? (
            <p id="suprimir-error" role="alert" className="text-sm text-danger">
              {eraseError}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
