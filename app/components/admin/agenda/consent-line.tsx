import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { SIGNER_STATUS_LABELS, type SignerStatus } from "~/modules/consent/rules";
import type { AgendaEntry } from "./types";

const LABELS: Record<
  string,
  { text: string; variant: "success" | "warning" | "danger" | "neutral" }
> = {
  complete: { text: "Firmado", variant: "success" },
  pending: { text: "Pendiente de firma", variant: "warning" },
  withdrawn: { text: "Retirado", variant: "danger" },
};

/** 'persona atendida: enviado' or 'progenitor 1: firmado · progenitor 2: abierto'. */
function signerStatuses(signers: { role: "client" | "parent"; status: SignerStatus }[]) {
  let parent = 0;
  return signers
    .map((s) => {
      const who = s.role === "client" ? "persona atendida" : `progenitor ${++parent}`;
      return `${who}: ${SIGNER_STATUS_LABELS[s.status].toLowerCase()}`;
    })
    .join(" · ");
}

/**
 * The appointment's informed consent: its state, the signatures still missing, where to send or
 * follow it, and a warning on a first session that would start without a complete consent.
 */
export function ConsentLine({ item }: { item: AgendaEntry }) {
  if (item.consent === undefined || item.status !== "confirmed") return null;
  const consent = item.consent;
  const label = consent ? LABELS[consent.status] : null;
  const incomplete = !consent || consent.status !== "complete";
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">Consentimiento:</span>
        {consent && label ? (
          <>
            <Badge variant={label.variant}>{label.text}</Badge>
            {consent.status === "pending" ? (
              <span>
                {consent.signed} de {consent.needed} firmas ({signerStatuses(consent.signers)})
              </span>
            ) : null}
          </>
        ) : (
          <span>sin enviar</span>
        )}
        <Link
          to={`/admin/consentimientos?cita=${item.id}`}
          className="inline-flex min-h-11 items-center font-semibold text-primary underline"
        >
          {consent ? "Ver el consentimiento" : "Enviar consentimiento"}
          <span className="sr-only"> de la cita del {item.when}</span>
        </Link>
      </p>
      {item.firstVisit && incomplete && !item.past ? (
        <p
          role="note"
          className="rounded-field border-l-4 border-accent bg-accent-soft px-3 py-2 text-ink"
        >
          Primera sesión sin el consentimiento completo: revísalo antes de empezar.
        </p>
      ) : null}
    </div>
  );
}
