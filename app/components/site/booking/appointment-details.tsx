import type { ReactNode } from "react";
import { mailtoHref } from "~/utils/mailto";

/**
 * One appointment as the client reads it (confirmation and manage pages): service, when, where,
 * and whatever the page adds (the status, the video call).
 */
export function AppointmentDetails({
  serviceName,
  when,
  place,
  children,
}: {
  serviceName: string;
  /** 'martes, 2 de marzo de 2027, 10:00' (appointmentWhenText). */
  when: string;
  place: string;
  children?: ReactNode;
}) {
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-card border border-border bg-surface p-5 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">Servicio</dt>
      <dd>{serviceName}</dd>
      <dt className="font-semibold">Cuándo</dt>
      <dd className="first-letter:uppercase">{when} (hora peninsular)</dd>
      <dt className="font-semibold">Dónde</dt>
      <dd>{place}</dd>
      {children}
    </dl>
  );
}

/** How an online session works, for a client who has booked one. */
export function OnlineSessionHowTo({ headingId }: { headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-h3">
        Cómo es una sesión en línea
      </h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Es una videollamada. El enlace para entrar está en la página de tu cita («Gestionar mi
          cita»), una vez confirmada.
        </li>
        <li>
          Busca un sitio tranquilo donde nadie te oiga, con buena conexión; con auriculares se oye
          mejor.
        </li>
        <li>
          Entra unos minutos antes para comprobar la cámara y el micrófono. Si algo falla, llámanos.
        </li>
      </ul>
    </section>
  );
}

/** `tel:` for a phone number as written in Ajustes. */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/**
 * 'Llama a la consulta al …' with the practice's phone (or its e-mail while the phone is still the
 * example value, which the public settings leave empty).
 */
export function PracticeContact({
  phone,
  email,
  lead = "Si tienes cualquier duda,",
}: {
  phone: string;
  email: string;
  lead?: string;
}) {
  return (
    <p>
      {lead}{" "}
      {phone ? (
        <>
          llama a la consulta al{" "}
          <a
            href={telHref(phone)}
            className="font-semibold whitespace-nowrap text-primary underline"
          >
            {phone}
          </a>
          {email ? " o escribe a " : ""}
        </>
      ) : (
        "escribe a "
      )}
      {email ? (
        <a href={mailtoHref(email)} className="font-semibold break-all text-primary underline">
          {email}
        </a>
      ) : null}
      .
    </p>
  );
}
