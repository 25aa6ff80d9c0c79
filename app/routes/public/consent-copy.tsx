import { PageHeader } from "~/components/site/page-header";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { database } from "~/context";
import { clientInfo } from "~/modules/accounts/guard.server";
import { copyView, withdrawConsent } from "~/modules/consent/requests.server";
import { LINK_INVALID } from "~/modules/consent/rules";
import { failure } from "~/utils/action.server";
import { readForm } from "~/utils/form";
import { formatLongDay } from "~/utils/format-time";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/consent-copy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Tu consentimiento firmado",
    path: "/consentimiento/copia",
    noindex: true,
  });

/**
 * The signer's copy (the link of the e-mail sent after signing): the PDF, and the withdrawal of
 * the consent. Withdrawing deletes nothing: it is recorded and the practice is told.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const token = (url.searchParams.get("token") ?? "").slice(0, 100);
  const view = await copyView(await database(context), token);
  return { token: view ? token : "", view };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "").slice(0, 100);
  if (form.get("confirm") !== "on") {
    return failure({
      status: 400,
      formError: "Marca la casilla para confirmar que quieres retirarlo.",
    });
  }
  const result = await withdrawConsent(
    await database(context),
    token,
    clientInfo(request, context).ip,
  );
  if (!result.ok) return failure(result);
  return { ok: true as const };
}

export default function ConsentCopyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, view } = loaderData;
  return (
    <>
      <PageHeader title="Tu consentimiento firmado" />
      <div className="container-page flex max-w-2xl flex-col gap-6 py-12">
        {actionData?.ok ? (
          <Banner variant="info" role="status" title="Consentimiento retirado">
            Hemos registrado que retiras tu consentimiento y se lo hemos comunicado a la consulta,
            que se pondrá en contacto contigo. Lo que firmaste se conserva como parte de la
            documentación clínica durante el plazo que marca la ley.
          </Banner>
        ) : actionData && !actionData.ok ? (
          <Banner variant="error" role="alert">
            {actionData.formError}
          </Banner>
        ) : null}
        {!view ? (
          actionData ? null : (
            <Banner variant="error" role="alert">
              {LINK_INVALID}
            </Banner>
          )
        ) : (
          <>
            <p>
              Firmaste el {formatLongDay(view.signedAt)}
              {view.documents.length > 0 ? `: ${view.documents.join(", ")}.` : "."}
            </p>
            <p>
              <a
                href={`/consentimiento/copia.pdf?token=${token}`}
                className="font-semibold text-primary underline"
              >
                Descargar mi copia en PDF
              </a>
            </p>
            {view.status === "withdrawn" ? (
              <p>
                Retiraste este consentimiento el{" "}
                {view.withdrawnAt ? formatLongDay(view.withdrawnAt) : ""}.
              </p>
            ) : actionData?.ok ? null : (
              <section aria-labelledby="retirar" className="flex flex-col gap-3">
                <h2 id="retirar" className="text-h3">
                  Retirar mi consentimiento
                </h2>
                <p>
                  Puedes retirarlo cuando quieras, sin dar explicaciones. La consulta recibirá un
                  aviso y hablará contigo sobre cómo seguir. Lo que ya firmaste no se borra: forma
                  parte de la documentación clínica y la ley obliga a conservarla.
                </p>
                <form method="post" action={`/consentimiento/copia?token=${token}`}>
                  <input type="hidden" name="token" value={token} />
                  <label htmlFor="confirm" className="mb-3 flex min-h-11 items-center gap-3">
                    <Checkbox id="confirm" name="confirm" value="on" />
                    <span>Sí, quiero retirar mi consentimiento.</span>
                  </label>
                  <Button type="submit" variant="outline">
                    Retirar mi consentimiento
                  </Button>
                </form>
              </section>
            )}
          </>
        )}
        <a href="/" className="font-semibold text-primary underline">
          Volver al inicio
        </a>
      </div>
    </>
  );
}
