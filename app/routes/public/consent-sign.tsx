import { InformedConsentForm } from "~/components/site/informed-consent-form";
import { PageHeader } from "~/components/site/page-header";
import { Banner } from "~/components/ui/banner";
import { database } from "~/context";
import { clientInfo } from "~/modules/accounts/guard.server";
import { signConsent, signingView, type SigningView } from "~/modules/consent/requests.server";
import { LINK_INVALID, signSchema } from "~/modules/consent/rules";
import { failure } from "~/utils/action.server";
import { readForm } from "~/utils/form";
import { htmlConstraints } from "~/utils/form-schema";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/consent-sign";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Consentimiento informado",
    path: "/consentimiento",
    noindex: true,
  });

/**
 * The signing page a client (or each parent) opens from her e-mail: the documents as they were
 * sent, the intake questions, and the signature. The token is the permission; a link already
 * used, expired, replaced or cancelled shows the same message and nothing else.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const token = (url.searchParams.get("token") ?? "").slice(0, 100);
  const view = await signingView(await database(context), token);
  // 200 even for a dead link: after a signature the same loader runs for the answer's page.
  if (!view) return { token: "", view: null, constraints: {} };
  return { token, view, constraints: htmlConstraints(signSchema(view.questions)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "").slice(0, 100);
  const db = await database(context);
  const input = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const result = await signConsent(db, token, input, {
    ip: clientInfo(request, context).ip,
    userAgent: request.headers.get("user-agent") ?? "",
  });
  if (!result.ok) {
    // What was typed comes back (a page without JavaScript), the drawn signature excepted.
    const { signature: _drawn, token: _token, ...values } = input;
    return failure({ ...result, values });
  }
  return { ok: true as const, copyToken: result.copyToken, complete: result.complete };
}

function Documents({ view }: { view: SigningView }) {
  return (
    <>
      {view.documents.map((d, i) => (
        <article
          key={i}
          aria-labelledby={`documento-${i}`}
          className="rounded-card border border-border bg-surface p-5"
        >
          <h2 id={`documento-${i}`} className="text-h2">
            {d.title}
          </h2>
          <p className="mt-1 text-sm break-all text-ink-soft">
            Versión {d.version} · huella SHA-256 {d.sha256}
          </p>
          <div className="prose-reading mt-4" dangerouslySetInnerHTML={{ __html: d.html }} />
        </article>
      ))}
    </>
  );
}

export default function ConsentSignPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, view, constraints } = loaderData;
  if (actionData?.ok) {
    const copy = `/consentimiento/copia?token=${actionData.copyToken}`;
    return (
      <>
        <PageHeader title="Consentimiento firmado" />
        <div className="container-page flex max-w-2xl flex-col gap-6 py-12">
          <Banner variant="success" role="status" title="Tu firma se ha guardado">
            {actionData.complete
              ? "El consentimiento está completo. "
              : "Falta la firma de otra persona; la consulta ya se lo ha pedido. "}
            Te hemos enviado un email con el enlace a tu copia.
          </Banner>
          <p>
            <a
              href={`${copy.replace("/copia?", "/copia.pdf?")}`}
              className="font-semibold text-primary underline"
            >
              Descargar mi copia en PDF
            </a>
          </p>
          <p>
            <a href={copy} className="text-primary underline">
              Ver mi copia o retirar el consentimiento
            </a>
          </p>
        </div>
      </>
    );
  }
  if (!view) {
    return (
      <>
        <PageHeader title="Consentimiento informado" />
        <div className="container-page flex max-w-2xl flex-col gap-6 py-12">
          <Banner variant="error" role="alert">
            {actionData && !actionData.ok ? actionData.formError : LINK_INVALID}
          </Banner>
          <a href="/" className="font-semibold text-primary underline">
            Volver al inicio
          </a>
        </div>
      </>
    );
  }
  const refused = actionData && !actionData.ok ? actionData : undefined;
  return (
    <>
      <PageHeader
        title="Consentimiento informado"
        lead={
          view.role === "parent"
            ? `${view.practiceName} te pide tu consentimiento para la atención psicológica de ${view.clientName}.`
            : `${view.practiceName} te pide que leas estos documentos y los firmes antes de la primera sesión.`
        }
      />
      <div className="container-page flex max-w-3xl flex-col gap-8 py-10">
        <p>
          Léelos con calma. Si tienes dudas, pregunta a la consulta antes de firmar. Al final de la
          página escribes tu nombre y tu DNI o NIE y marcas la casilla: eso es tu firma. Recibirás
          una copia en PDF.
        </p>
        <Documents view={view} />
        <InformedConsentForm
          token={token}
          questions={view.questions}
          role={view.role}
          clientName={view.clientName}
          errors={refused?.fieldErrors ?? {}}
          values={refused?.values ?? {}}
          formError={refused?.formError ?? null}
          constraints={constraints}
        />
      </div>
    </>
  );
}
