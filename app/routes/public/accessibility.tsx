import { useLoaderData } from "react-router";
import { ContactFields, ContactServerBanner } from "~/components/site/contact-fields";
import { Button } from "~/components/ui/button";
import {
  AccessibilityStatement,
  BARRIER_FORM_ID,
} from "~/components/site/legal/accessibility-statement";
import { LegalPage, legalMeta } from "~/components/site/legal/legal-page";
import { buildDay } from "~/modules/compliance/build-day";
import { contactAction, notContact, readForm } from "~/modules/contact/contact-action.server";
import { ContactSchema } from "~/modules/contact/schema";
import type { Settings } from "~/modules/settings/schemas";
import { useRootData } from "~/root";
import { htmlConstraints } from "~/utils/form-schema";
import type { Route } from "./+types/accessibility";

export const meta = legalMeta("/accesibilidad");

export function loader() {
  return { checkedOn: buildDay(), contactConstraints: htmlConstraints(ContactSchema) };
}

/**
 * The form for reporting a barrier: the contact form's fields and action, its message stored as
 * '[Accesibilidad] …' so it stands out in Mensajes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "contact") return notContact();
  return contactAction(form, request, context, "accessibility");
}

function Statement({ settings }: { settings: Settings }) {
  const { checkedOn } = useLoaderData<typeof loader>();
  const root = useRootData();
  return (
    <AccessibilityStatement
      settings={settings}
      publicUrl={root?.publicUrl ?? ""}
      checkedOn={checkedOn}
    />
  );
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  if (!root) return null;
  const { settings } = root;
  const result = actionData?.contact;
  return (
    <LegalPage path="/accesibilidad" Document={Statement}>
      <section
        id={BARRIER_FORM_ID}
        aria-labelledby={`${BARRIER_FORM_ID}-titulo`}
        className="mt-12 max-w-2xl scroll-mt-24"
      >
        <h2 id={`${BARRIER_FORM_ID}-titulo`} className="mb-4 text-h3">
          Comunicar una barrera de accesibilidad
        </h2>
        <ContactServerBanner result={result} />
        <div className="rounded-card border border-border bg-surface p-6 shadow-soft">
          {/* A plain post: the page comes back here with the answer (docs/decisions/020). */}
          <form
            id="formulario-contacto"
            method="post"
            action={`/accesibilidad#${BARRIER_FORM_ID}`}
            // The server checks and answers in Spanish (the browser's own bubbles would not be).
            noValidate
            className="flex flex-col gap-4"
            aria-label="Comunicar una barrera de accesibilidad"
          >
            <ContactFields
              key={result?.ok ? "sent" : "form"}
              errors={result && !result.ok ? result.fieldErrors : {}}
              values={result && !result.ok ? result.values : undefined}
              constraints={loaderData.contactConstraints}
              messageHint="Indica la página, qué intentabas hacer y qué te lo impidió; si quieres, también el navegador o el producto de apoyo que usas. No incluyas datos de salud."
              practiceEmail={settings.contactEmail}
              professionalName={settings.professionalName}
            />
            <Button type="submit" variant="accent" size="lg" className="self-start">
              Enviar mensaje
            </Button>
          </form>
        </div>
      </section>
    </LegalPage>
  );
}
