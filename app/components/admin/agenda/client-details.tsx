import { mailtoHref } from "~/utils/mailto";
import type { AgendaEntry } from "./types";

/** Who the appointment is with: name, first visit or not, contact, note and change request. */
export function ClientDetails({ item }: { item: AgendaEntry }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">Cliente</dt>
      <dd>
        {item.clientName} · {item.firstVisit ? "primera visita" : "ya ha venido"}
      </dd>
      <dt className="font-semibold">Contacto</dt>
      <dd>
        <a className="text-primary underline" href={mailtoHref(item.clientEmail)}>
          {item.clientEmail}
        </a>
        {item.clientPhone ? ` · ${item.clientPhone}` : null}
      </dd>
      {item.note ? (
        <>
          <dt className="font-semibold">Nota</dt>
          <dd className="whitespace-pre-line">{item.note}</dd>
        </>
      ) : null}
      {item.changeRequest ? (
        <>
          <dt className="font-semibold">Pide un cambio</dt>
          <dd className="whitespace-pre-line">{item.changeRequest}</dd>
        </>
      ) : null}
    </dl>
  );
}
