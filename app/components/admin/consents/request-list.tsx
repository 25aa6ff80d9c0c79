import { Form } from "react-router";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import {
  type RequestItem,
  REQUEST_STATUS_LABELS,
  ROLE_LABELS,
  SIGNER_STATUS_LABELS,
  SUBJECT_LABELS,
  type RequestStatus,
  type SignerStatus,
} from "~/modules/consent/rules";
import { formatShortDateTime } from "~/utils/format-time";

export type RequestRow = RequestItem;

const STATUS_VARIANT: Record<RequestStatus, "success" | "warning" | "danger" | "neutral"> = {
  complete: "success",
  pending: "warning",
  withdrawn: "danger",
  cancelled: "neutral",
};

const SIGNER_VARIANT: Record<SignerStatus, "success" | "warning" | "danger" | "neutral" | "info"> =
  {
    firmado: "success",
    abierto: "info",
    enviado: "warning",
    caducado: "danger",
    "no-necesaria": "neutral",
    anulado: "neutral",
  };

/**
 * The consents sent, newest first: each signer with her status (enviado, abierto, firmado,
 * caducado), the signed PDFs for whoever may open them, and the actions that still apply.
 */
export function RequestList({
  requests,
  canRead,
  exceptionErrors,
}: {
  requests: RequestRow[];
  canRead: boolean;
  exceptionErrors?: { id: string; messages: string[] } | null;
}) {
  if (requests.length === 0) {
    return <p className="text-muted">Todavía no has enviado ningún consentimiento.</p>;
  }
  return (
    <ul className="flex flex-col gap-4">
      {requests.map((r) => {
        const pendingParents = r.signers.filter(
          (s) => s.role === "parent" && s.status !== "firmado" && s.status !== "no-necesaria",
        );
        const parents = r.signers.filter((s) => s.role === "parent" && s.status !== "no-necesaria");
        return (
          <li key={r.id} className="rounded-card border border-border bg-surface p-4 shadow-soft">
            <article aria-labelledby={`consentimiento-${r.id}`} className="flex flex-col gap-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id={`consentimiento-${r.id}`} className="text-h4">
                  {r.clientName}
                </h3>
                <Badge variant={STATUS_VARIANT[r.status]}>{REQUEST_STATUS_LABELS[r.status]}</Badge>
              </div>
              <p className="text-sm text-ink-soft">
                {SUBJECT_LABELS[r.subject].name} · enviado el {formatShortDateTime(r.createdAt)}
                {r.completedAt ? ` · completo el ${formatShortDateTime(r.completedAt)}` : ""}
                {r.withdrawnAt ? ` · retirado el ${formatShortDateTime(r.withdrawnAt)}` : ""}
                {r.documents.length ? ` · ${r.documents.join(", ")}` : ""}
              </p>
              {r.exception ? (
                <p className="text-sm">
                  Excepción registrada el {formatShortDateTime(r.exception.at)}
                  {r.exception.by ? ` por ${r.exception.by}` : ""}: basta con una firma de
                  progenitor.
                </p>
              ) : null}
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Firmas de {r.clientName}</caption>
                <thead>
                  <tr className="border-b border-border">
                    <th scope="col" className="py-1 pr-3">
                      Quién firma
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Estado
                    </th>
                    <th scope="col" className="py-1">
                      <span className="sr-only">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {r.signers.map((s, i) => (
                    <tr key={s.id} className="border-b border-border last:border-0">
                      <td className="py-2 pr-3">
                        {ROLE_LABELS[s.role]}
                        <span className="block break-all text-ink-soft">{s.email}</span>
                      </td>
                      <td className="py-2 pr-3">
                        <Badge variant={SIGNER_VARIANT[s.status]}>
                          {SIGNER_STATUS_LABELS[s.status]}
                        </Badge>
                        {s.signedAt ? (
                          <span className="block text-ink-soft">
                            {formatShortDateTime(s.signedAt)}
                          </span>
                        ) : null}
                      </td>
                      <td className="py-2">
                        <div className="flex flex-wrap gap-2">
                          {s.status === "firmado" && canRead ? (
                            <a
                              href={`/admin/consentimientos/pdf?firmante=${s.id}`}
                              className="inline-flex min-h-11 items-center font-semibold text-primary underline"
                              download
                            >
                              PDF firmado
                              <span className="sr-only">
                                {" "}
                                de la firma {i + 1} de {r.clientName}
                              </span>
                            </a>
                          ) : null}
                          {r.status === "pending" &&
                          (s.status === "enviado" ||
                            s.status === "abierto" ||
                            s.status === "caducado") ? (
                            <Form method="post">
                              <input type="hidden" name="intent" value="resend" />
                              <input type="hidden" name="signer" value={s.id} />
                              <Button type="submit" variant="outline" size="sm">
                                Enviar un enlace nuevo
                                <span className="sr-only"> a {s.email}</span>
                              </Button>
                            </Form>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {r.status === "pending" ? (
                <div className="flex flex-wrap items-start gap-3">
                  {parents.length >= 2 && pendingParents.length > 0 ? (
                    <details className="w-full" open={exceptionErrors?.id === r.id}>
                      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-primary">
                        Basta con la firma de un progenitor (registrar una excepción)
                      </summary>
                      <Form method="post" className="mt-2 flex flex-col gap-3">
                        <input type="hidden" name="intent" value="exception" />
                        <input type="hidden" name="id" value={r.id} />
                        <FormField
                          label="Por qué basta con una firma"
                          name={`note-${r.id}`}
                          required
                          errors={
                            exceptionErrors?.id === r.id ? exceptionErrors.messages : undefined
                          }
                          description="Por ejemplo: custodia y patria potestad exclusivas según sentencia; autorización judicial. Se guarda cifrado."
                        >
                          {(field) => <Textarea {...field} name="note" rows={2} aria-required />}
                        </FormField>
                        <Button type="submit" variant="outline" size="sm" className="self-start">
                          Registrar la excepción
                        </Button>
                      </Form>
                    </details>
                  ) : null}
                  <ConfirmAction
                    trigger={
                      <Button type="button" variant="outline" size="sm">
                        Anular<span className="sr-only"> el consentimiento de {r.clientName}</span>
                      </Button>
                    }
                    title="Anular este consentimiento"
                    description="Los enlaces que aún no se han usado dejarán de funcionar. Lo que ya se haya firmado se conserva."
                    fields={{ intent: "cancel", id: r.id }}
                    confirmLabel="Anular"
                  />
                </div>
              ) : null}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
