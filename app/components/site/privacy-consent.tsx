import { Checkbox } from "~/components/ui/checkbox";
import { mailtoHref } from "~/utils/mailto";

/**
 * The first layer of privacy information and the consent checkbox of a public form (contact,
 * booking): who is responsible, what for and on what basis, then the box the visitor ticks.
 * The home page's contact form keeps its own copy: sharing this module puts a chunk of its own
 * on `/`, which then passes its 130 KB JavaScript budget (measured: 130.4 KB).
 */
export function PrivacyConsent({
  professionalName,
  practiceEmail,
  purpose,
  basis,
  consentTo,
  errors,
  constraints,
  consented = false,
}: {
  professionalName: string;
  practiceEmail: string;
  /** 'responder a tu consulta'. */
  purpose: string;
  /** 'tu consentimiento'. */
  basis: string;
  /** What the box consents to: 'recibir respuesta'. */
  consentTo: string;
  errors?: string[];
  constraints?: { required?: boolean };
  /** Ticked in what was sent (an answer that refused another field keeps it). */
  consented?: boolean;
}) {
  return (
    <>
      <div className="rounded-field bg-sand p-4 text-sm text-ink-soft">
        <p>
          <strong>Protección de datos.</strong> Responsable: {professionalName}. Finalidad:{" "}
          {purpose}. Base: {basis}. Tus datos no se ceden a terceros. Puedes acceder, rectificar y
          suprimir tus datos y ejercer otros derechos escribiendo a{" "}
          <a className="underline" href={mailtoHref(practiceEmail)}>
            {practiceEmail}
          </a>
          . Más información en la{" "}
          <a className="underline" href="/privacidad">
            política de privacidad
          </a>
          .
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label className="flex min-h-11 items-start gap-3">
          <Checkbox
            id="consent"
            name="consent"
            defaultChecked={consented}
            {...constraints}
            aria-required
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? "consent-error" : undefined}
            className="mt-1"
          />
          <span>
            He leído y acepto la{" "}
            <a className="font-semibold text-primary underline" href="/privacidad">
              política de privacidad
            </a>{" "}
            y consiento el tratamiento de mis datos para {consentTo}.
          </span>
        </label>
        {errors ? (
          <p id="consent-error" role="alert" className="text-sm text-danger">
            {errors[0]}
          </p>
        ) : null}
      </div>
    </>
  );
}
