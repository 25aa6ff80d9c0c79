import { Circle, CircleCheck } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { FirstStep } from "~/modules/onboarding/first-steps";
import { cn } from "~/utils/cn";
import { formatDateTime } from "~/utils/format-time";

/** Where the last test e-mail stands (from the loader). */
export type TestMail =
  | { status: "none" }
  | { status: "pending"; attempts: number; lastError: string | null }
  | { status: "failed"; lastError: string | null }
  | { status: "sent"; at: string };

type Action = { to: string; label: string } | { intent: string; label: string };

const TITLES: Record<FirstStep["key"], string> = {
  identity: "Tus datos profesionales",
  photo: "Tu foto",
  hours: "Horario y precios",
  booking: "Reserva de citas en la web",
  mail: "Envío de correos",
  reviews: "Reseñas de ejemplo",
};

/** What each step says and the one thing that does it. */
function describe(step: FirstStep, testMail: TestMail): { text: string; action: Action } {
  switch (step.key) {
    case "identity":
      return {
        text: step.done
          ? "Nombre, NIF, dirección, colegio y número de colegiada: la web los muestra."
          : `Faltan o son de ejemplo: ${step.missing.join(", ")}.`,
        action: { to: "/admin/ajustes#professionalName", label: "Completar en Ajustes" },
      };
    case "photo":
      return {
        text: step.done
          ? "Tu retrato se ve en la portada y en «Sobre mí»."
          : "Tu retrato profesional, en la portada y en «Sobre mí» (hasta entonces, una ilustración).",
        action: { to: "/admin/ajustes#portrait.url", label: "Subir tu foto" },
      };
    case "hours": {
      const missing = [
        step.rulesSaved ? null : "guarda tu horario de consulta",
        step.unpriced > 0
          ? `pon precio a ${step.unpriced === 1 ? "1 servicio" : `${step.unpriced} servicios`}`
          : null,
      ].filter(Boolean);
      return {
        text: step.done
          ? "Horario guardado y cada servicio con su precio."
          : `Falta: ${missing.join(" y ")}.`,
        action: { to: "/admin/citas/ajustes", label: "Ir a Horario y servicios" },
      };
    }
    case "booking":
      return {
        text: step.enabled
          ? "Activada: «Pedir cita» lleva a la página de reservas de la web."
          : step.done
            ? "Desactivada: «Pedir cita» lleva a tu URL de reservas o al formulario de contacto."
            : "Decide si quieres que te pidan cita en la web: actívala o déjala desactivada y guarda Ajustes.",
        action: { to: "/admin/ajustes#bookingEnabled", label: "Decidir en Ajustes" },
      };
    case "mail": {
      const missing = step.smtpConfigured
        ? ""
        : "El servidor aún no tiene un servidor de correo (SMTP): los avisos solo se guardan como archivos y no llegan a nadie. Pídeselo a quien mantiene el servidor y después envía un correo de prueba.";
      const error = "lastError" in testMail && testMail.lastError ? `: ${testMail.lastError}` : "";
      const state =
        testMail.status === "sent"
          ? step.smtpConfigured
            ? `Correo de prueba entregado el ${formatDateTime(testMail.at)}.`
            : "El último correo de prueba se guardó como archivo."
          : testMail.status === "failed"
            ? `El correo de prueba no se pudo entregar${error}. Revisa la configuración con quien mantiene el servidor y vuelve a probar.`
            : testMail.status === "pending"
              ? testMail.attempts > 0
                ? `El correo de prueba aún no se ha podido entregar${error}. Se reintenta solo.`
                : "El correo de prueba está en camino: recarga la página en unos segundos."
              : step.smtpConfigured
                ? "Comprueba que los avisos te llegan: te enviamos un correo a tu dirección."
                : "";
      return {
        text: [missing, state].filter(Boolean).join(" "),
        action: { intent: "test-mail", label: "Enviar un correo de prueba" },
      };
    }
    case "reviews":
      return {
        text: step.done
          ? "No hay reseñas de ejemplo publicadas."
          : `${step.examples === 1 ? "1 reseña de ejemplo publicada" : `${step.examples} reseñas de ejemplo publicadas`}: no las ha escrito ningún paciente. Siguen en Reseñas, sin publicar.`,
        action: { intent: "unpublish-examples", label: "Despublicar las reseñas de ejemplo" },
      };
  }
}

/**
 * 'Primeros pasos' (administrators, until every step is done or 'Ocultar'): each step done or
 * not, and one link or button that does it.
 */
export function FirstSteps({
  steps,
  testMail,
  busy,
}: {
  steps: FirstStep[];
  testMail: TestMail;
  busy: boolean;
}) {
  const done = steps.filter((s) => s.done).length;
  return (
    <section
      aria-labelledby="primeros-pasos"
      className="rounded-card border border-border bg-surface p-4 shadow-soft sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="primeros-pasos" className="text-h3">
            Primeros pasos
          </h2>
          <p className="text-muted">
            {done} de {steps.length} hechos. Lo que falta para que la web sea del todo tuya.
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="hide-first-steps" />
          <Button type="submit" variant="ghost" disabled={busy}>
            Ocultar<span className="sr-only"> los primeros pasos</span>
          </Button>
        </Form>
      </div>
      <ol className="mt-4 flex flex-col divide-y divide-border">
        {steps.map((step) => {
          const { text, action } = describe(step, testMail);
          const Icon = step.done ? CircleCheck : Circle;
          return (
            <li
              key={step.key}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
              data-testid={`paso-${step.key}`}
            >
              <div className="flex flex-1 gap-3">
                <Icon
                  aria-hidden="true"
                  className={cn(
                    "mt-0.5 size-5 shrink-0",
                    step.done ? "text-success" : "text-muted",
                  )}
                />
                <div>
                  <p className="font-semibold">
                    {TITLES[step.key]}
                    <span className={cn("ml-2 text-sm", step.done ? "text-success" : "text-muted")}>
                      {step.done ? "Hecho" : "Pendiente"}
                    </span>
                  </p>
                  <p className="text-sm text-muted">{text}</p>
                </div>
              </div>
              {step.done ? null : "to" in action ? (
                <Link
                  to={action.to}
                  className="inline-flex min-h-11 shrink-0 items-center self-start rounded-full px-4 font-semibold text-primary hover:bg-primary-soft sm:self-center"
                >
                  {action.label}
                </Link>
              ) : (
                <Form method="post" className="min-w-0 sm:shrink-0">
                  <input type="hidden" name="intent" value={action.intent} />
                  {/* A long label wraps on a phone instead of pushing the page sideways. */}
                  <Button
                    type="submit"
                    variant="secondary"
                    wrap
                    className="py-2 text-left"
                    disabled={busy}
                  >
                    {action.label}
                  </Button>
                </Form>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
