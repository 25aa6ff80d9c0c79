import { FileSignature, Mail, Reply, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Button, buttonVariants } from "~/components/ui/button";
import { mailtoHref } from "~/utils/mailto";
import { formatShortDateTime } from "~/utils/format-time";
import type { MessageSummary } from "./message-list";

/**
 * The message chosen in the inbox (/admin/mensajes), with what can be done with it: answer by
 * e-mail, mark it read (`offerRead`: while the page has not done it by itself), answered or
 * pending, delete it (`mayDelete`).
 */
export function MessageView({
  selected,
  page,
  query,
  offerRead,
  mayDelete,
  mayConsent,
  busy,
}: {
  selected: (MessageSummary & { message: string }) | null;
  page: number;
  query: (extra: Record<string, string | number>) => string;
  offerRead: boolean;
  mayDelete: boolean;
  /** 'Enviar consentimiento' to whoever wrote (consent.manage). */
  mayConsent: boolean;
  busy: boolean;
}) {
  return (
    <section aria-label="Mensaje seleccionado">
      {selected ? (
        <article className="rounded-card border border-border bg-surface p-6 shadow-soft">
          <h2 className="text-h3">{selected.name}</h2>
          <p className="text-muted">
            <a className="underline" href={mailtoHref(selected.email)}>
              {selected.email}
            </a>{" "}
            · {formatShortDateTime(selected.createdAt)}
          </p>
          <p className="mt-4 whitespace-pre-wrap break-words">{selected.message}</p>
          <div className="mt-6 flex flex-wrap gap-2">
            <a
              href={mailtoHref(selected.email, { subject: "Re: tu mensaje" })}
              className={buttonVariants({ variant: "primary" })}
            >
              <Reply aria-hidden="true" /> Responder por email
            </a>
            {mayConsent ? (
              <Link
                to={`/admin/consentimientos?mensaje=${selected.id}`}
                className={buttonVariants({ variant: "secondary" })}
              >
                <FileSignature aria-hidden="true" /> Enviar consentimiento
              </Link>
            ) : null}
            {offerRead ? (
              <Form method="post">
                <input type="hidden" name="intent" value="read" />
                <input type="hidden" name="id" value={selected.id} />
                <input type="hidden" name="back" value={query({ id: selected.id, pagina: page })} />
                <Button type="submit" variant="secondary" disabled={busy}>
                  Marcar como leído
                </Button>
              </Form>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="answered" />
              <input type="hidden" name="id" value={selected.id} />
              <input type="hidden" name="value" value={selected.answeredAt ? "0" : "1"} />
              <input type="hidden" name="back" value={query({ id: selected.id, pagina: page })} />
              <Button type="submit" variant="secondary" disabled={busy}>
                <Mail aria-hidden="true" />
                {selected.answeredAt ? "Marcar como pendiente" : "Marcar como respondido"}
              </Button>
            </Form>
            {mayDelete ? (
              <ConfirmAction
                title="Eliminar mensaje"
                description={
                  <>Se eliminará el mensaje de {selected.name}. Esta acción no se puede deshacer.</>
                }
                fields={{ intent: "delete", id: selected.id }}
                trigger={
                  <Button variant="ghost-danger">
                    <Trash2 aria-hidden="true" /> Eliminar
                  </Button>
                }
              />
            ) : null}
          </div>
        </article>
      ) : (
        <p className="rounded-card border border-dashed border-border-strong p-6 text-muted">
          Elige un mensaje de la lista para leerlo.
        </p>
      )}
    </section>
  );
}
