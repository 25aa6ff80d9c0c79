import { FileSignature } from "lucide-react";
import { Link } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { RequestList } from "~/components/admin/consents/request-list";
import { SendConsentForm, type SendDefaults } from "~/components/admin/consents/send-form";
import { Badge } from "~/components/ui/badge";
import { Banner } from "~/components/ui/banner";
import { database } from "~/context";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import { appointmentSummary } from "~/modules/booking/agenda.server";
import { getMessage } from "~/modules/contact/contact.server";
import { currentDocuments, getIntake } from "~/modules/consent/documents.server";
import {
  cancelRequest,
  listRequests,
  recordException,
  resendLink,
  sendConsent,
} from "~/modules/consent/requests.server";
import { DOCUMENT_KINDS, DOCUMENT_LABELS, SendSchema } from "~/modules/consent/rules";
import { failure } from "~/utils/action.server";
import { adminMeta } from "~/utils/admin-meta";
import { parseId, readForm } from "~/utils/form";
import { htmlConstraints } from "~/utils/form-schema";
import { formatDateTime } from "~/utils/format-time";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/consents";

export const meta: Route.MetaFunction = () => adminMeta("Consentimientos");

/**
 * /admin/consentimientos: the documents and the questionnaire (their state; the psychologist
 * edits them), 'Enviar consentimiento' (from an appointment with ?cita=, a message with
 * ?mensaje=, or typed), and the consents sent with each signer's status.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "consent.manage");
  const db = await database(context);
  const appointmentId = url.searchParams.get("cita") ?? "";
  const messageId = parseId(url.searchParams.get("mensaje"));
  const [documents, intake, requests] = await Promise.all([
    currentDocuments(db),
    getIntake(db),
    listRequests(db),
  ]);
  let defaults: SendDefaults = { name: "", email: "", online: false, appointment: "", from: null };
  const appointment = appointmentId ? await appointmentSummary(db, appointmentId) : null;
  if (appointment) {
    defaults = {
      name: appointment.clientName,
      email: appointment.clientEmail,
      online: appointment.modality === "online",
      appointment: appointment.id,
      from: `la cita del ${formatDateTime(appointment.startsAt)}`,
    };
  } else if (messageId !== null && can(user.role, "messages.read")) {
    const message = await getMessage(db, messageId);
    if (message) {
      defaults = {
        ...defaults,
        name: message.name,
        email: message.email,
        from: "el mensaje de contacto",
      };
    }
  }
  return {
    documents: DOCUMENT_KINDS.map((kind) => ({
      kind,
      label: DOCUMENT_LABELS[kind],
      title: documents[kind].title,
      version: documents[kind].version,
      ready: documents[kind].ready,
    })),
    intake: { enabled: intake.enabled, count: intake.questions.length },
    ready: documents.general.ready,
    // The appointment's own consents first (however old), then the newest of the rest.
    requests: appointment
      ? [
          ...(await listRequests(db, { appointmentId: appointment.id })),
          ...requests.filter((r) => r.appointmentId !== appointment.id),
        ]
      : requests,
    defaults,
    constraints: htmlConstraints(SendSchema),
    canRead: can(user.role, "consent.read"),
    canEditDocuments: can(user.role, "consent.documents"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "consent.manage");
  const db = await database(context);
  const form = await readForm(request);
  const { ip } = clientInfo(request, context);
  const intent = form.get("intent");
  const back = `/admin/consentimientos${new URL(request.url).search}`;
  if (intent === "send") {
    const result = await sendConsent(db, user, Object.fromEntries(form), ip);
    if (!result.ok) return failure({ ...result, intent: "send" });
    const sent =
      result.signers === 1
        ? "Hemos enviado el enlace para firmar. Verás aquí cuándo lo abre y lo firma."
        : `Hemos enviado ${result.signers} enlaces, uno a cada persona que firma.`;
    const missing = result.missing.map((kind) => `«${DOCUMENT_LABELS[kind].name}»`).join(" ni ");
    return redirectWithToast("/admin/consentimientos", {
      title: "Consentimiento enviado",
      description: missing
        ? `${sent} No incluye ${missing}: aún no lo has marcado como revisado.`
        : sent,
    });
  }
  if (intent === "resend") {
    const result = await resendLink(db, user, form.get("signer"), ip);
    if (!result.ok) return failure({ ...result, intent: "resend" });
    return redirectWithToast(back, {
      title: "Enlace enviado de nuevo",
      description: "El enlace anterior ya no sirve.",
    });
  }
  if (intent === "cancel") {
    const result = await cancelRequest(db, user, form.get("id"), ip);
    if (!result.ok) return failure({ ...result, intent: "cancel" });
    return redirectWithToast(back, {
      title: "Consentimiento anulado",
      description: "Sus enlaces ya no sirven. Lo firmado se conserva.",
    });
  }
  if (intent === "exception") {
    const id = String(form.get("id") ?? "");
    const result = await recordException(db, user, id, { note: form.get("note") }, ip);
    if (!result.ok) {
      return failure({ ...result, intent: `exception:${id.slice(0, 36)}` });
    }
    return redirectWithToast(back, {
      title: "Excepción registrada",
      description: "Basta con la firma de un progenitor; el otro enlace ya no sirve.",
    });
  }
  return failure({ status: 400, formError: "No se ha entendido la petición." });
}

export default function ConsentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { documents, intake, ready, requests, defaults, constraints, canRead, canEditDocuments } =
    loaderData;
  const answer = actionData && !actionData.ok ? actionData : undefined;
  const exceptionFor = answer?.intent?.startsWith("exception:") ? answer.intent.slice(10) : null;
  const listError = answer && answer.intent !== "send" && !exceptionFor ? answer.formError : null;
  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <div>
        <h1 className="flex items-center gap-2 text-h1">
          <FileSignature aria-hidden="true" className="size-7" /> Consentimientos
        </h1>
        <p className="mt-1 text-muted">
          El consentimiento informado y el cuestionario inicial, firmados desde el móvil antes de la
          primera sesión. Se envían solos al aceptar o confirmar una cita; también puedes enviarlos
          tú.
        </p>
      </div>
      {!ready ? (
        <Banner variant="info" title="Primero, revisa los textos" role="note">
          Los documentos traen un texto de partida. El contenido del consentimiento es
          responsabilidad tuya como profesional: léelo, adáptalo y márcalo como listo para enviar.
          Hasta entonces no se envía nada.
        </Banner>
      ) : null}
      <section
        aria-labelledby="documentos"
        className="rounded-card border border-border bg-surface p-5 shadow-soft"
      >
        <h2 id="documentos" className="text-h3">
          Documentos y cuestionario
        </h2>
        <ul className="mt-3 divide-y divide-border">
          {documents.map((d) => (
            <li key={d.kind} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span>
                <span className="font-semibold">{d.label.name}</span>{" "}
                <Badge variant={d.ready ? "success" : "warning"}>
                  {d.ready
                    ? `Listo · versión ${d.version}`
                    : d.version
                      ? `Borrador · versión ${d.version}`
                      : "Texto de partida sin revisar"}
                </Badge>
                <span className="block text-sm text-ink-soft">{d.label.when}</span>
              </span>
              {canEditDocuments ? (
                <Link
                  to={`/admin/consentimientos/documentos/${d.kind}`}
                  className="inline-flex min-h-11 items-center font-semibold text-primary underline"
                >
                  {d.ready ? "Editar" : "Revisar"}
                  <span className="sr-only"> {d.label.name}</span>
                </Link>
              ) : null}
            </li>
          ))}
          <li className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span>
              <span className="font-semibold">Cuestionario inicial</span>{" "}
              <Badge variant={intake.enabled ? "success" : "neutral"}>
                {intake.enabled ? `${intake.count} preguntas` : "Desactivado"}
              </Badge>
              <span className="block text-sm text-ink-soft">
                Lo responde quien firma primero. Nada es obligatorio salvo lo que tú marques.
              </span>
            </span>
            {canEditDocuments ? (
              <Link
                to="/admin/consentimientos/cuestionario"
                className="inline-flex min-h-11 items-center font-semibold text-primary underline"
              >
                Editar<span className="sr-only"> el cuestionario inicial</span>
              </Link>
            ) : null}
          </li>
        </ul>
      </section>
      <section
        aria-labelledby="enviar-consentimiento"
        className="rounded-card border border-border bg-surface p-5 shadow-soft"
      >
        <h2 id="enviar-consentimiento" className="text-h3">
          Enviar consentimiento
        </h2>
        <SendConsentForm
          defaults={defaults}
          constraints={constraints}
          serverErrors={answer?.intent === "send" ? answer.fieldErrors : undefined}
          formError={answer?.intent === "send" ? answer.formError : null}
        />
      </section>
      <section aria-labelledby="enviados" className="flex flex-col gap-3">
        <h2 id="enviados" className="text-h3">
          Enviados
        </h2>
        {listError ? (
          <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
            {listError}
          </p>
        ) : null}
        <RequestList
          requests={requests}
          canRead={canRead}
          exceptionErrors={
            exceptionFor
              ? {
                  id: exceptionFor,
                  messages:
                    answer?.fieldErrors.note ?? (answer?.formError ? [answer.formError] : []),
                }
              : null
          }
        />
      </section>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
