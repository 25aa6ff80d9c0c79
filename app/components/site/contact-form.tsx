import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { ContactFields, ContactServerBanner } from "~/components/site/contact-fields";
import type { ContactServerResult } from "~/modules/contact/result";
import type { FieldConstraints } from "~/utils/form-schema";
import { mailtoHref } from "~/utils/mailto";

export type { ContactServerResult };
export { ContactServerBanner };

/** The id the no-JavaScript post returns to (the contact section of the landing page). */
export const CONTACT_SECTION_ID = "contacto";

/** The part of the contact section the server's answer replaces (app/browser/in-place.ts). */
export const CONTACT_REGION_ID = "contacto-respuesta";

/**
 * 'Envíame un mensaje' (docs/product.md#contact-form, docs/decisions/009 and 020). A plain form
 * posted to the landing page's action, which answers with the page: the answer's banner at the
 * section's top (where a visitor without JavaScript lands) and the fields with their messages.
 * The site script sends it in place (the section is replaced by the answer's), checks the
 * connection once, and opens the visitor's mail client when the server cannot be reached
 * (app/browser/contact.ts, which reads `data-contact`, `data-connection` and
 * `data-contact-status`).
 */
export function ContactForm({
  practiceEmail,
  professionalName,
  serverResult,
  constraints,
  children,
}: {
  practiceEmail: string;
  professionalName: string;
  serverResult?: ContactServerResult;
  /** The HTML attributes of each field, derived from the contact schema by the loader. */
  constraints: Record<string, FieldConstraints>;
  /** What sits beside the form (the practice's contact details). */
  children?: React.ReactNode;
}) {
  const refused = serverResult && !serverResult.ok ? serverResult : undefined;
  return (
    <div id={CONTACT_REGION_ID} data-in-place-region="" data-contact={practiceEmail}>
      <ContactServerBanner result={serverResult} />
      <div className="grid gap-10 lg:grid-cols-2">
        {children}
        <div className="flex flex-col gap-4 rounded-card border border-border bg-surface p-6 shadow-soft">
          <h3 className="text-h3">Envíame un mensaje</h3>
          <div data-connection="" hidden>
            <Banner variant="info" title="Información" role="note">
              <span data-connection-message="" />. Si el problema continúa, escríbeme a{" "}
              <a href={mailtoHref(practiceEmail)}>{practiceEmail}</a>.
            </Banner>
          </div>
          <form
            id="formulario-contacto"
            method="post"
            // Without JavaScript the page that answers comes back at the contact section.
            action={`/?index#${CONTACT_SECTION_ID}`}
            noValidate
            data-in-place=""
            className="flex flex-col gap-4"
            aria-label="Envíame un mensaje"
          >
            <ContactFields
              errors={refused?.fieldErrors ?? {}}
              values={refused?.values}
              constraints={constraints}
              messageHint="Por favor, no incluyas datos clínicos ni de salud: los hablaremos en consulta."
              practiceEmail={practiceEmail}
              professionalName={professionalName}
            />
            <Button
              type="submit"
              variant="accent"
              size="lg"
              data-busy-label="Enviando..."
              className="self-start"
            >
              Enviar mensaje
            </Button>
            {/* When the server cannot be reached: what the mail client fallback says. */}
            <div
              data-contact-status=""
              hidden
              className="scroll-mb-4 rounded-field border-l-4 px-4 py-3 text-ink data-[tone=error]:border-danger data-[tone=error]:bg-danger-soft data-[tone=info]:border-info data-[tone=info]:bg-info-soft data-[tone=success]:border-success data-[tone=success]:bg-success-soft"
            />
          </form>
        </div>
      </div>
    </div>
  );
}
