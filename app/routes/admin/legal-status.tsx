import { CircleAlert, CircleCheck, CircleX } from "lucide-react";
import { Link } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { CopyButton } from "~/components/admin/copy-button";
import { privacyPolicyHtml } from "~/components/site/legal/privacy-text.server";
import { database } from "~/context";
import { requireUser } from "~/modules/accounts/guard.server";
import { checks, gatherFacts, type Status, summary } from "~/modules/compliance/readiness.server";
import { cn } from "~/utils/cn";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/legal-status";

export const meta: Route.MetaFunction = () => adminMeta("Estado legal");

/**
 * 'Estado legal': each rule with its source, computed from the settings and the server's
 * configuration (docs/compliance.md). The privacy policy is rendered as visitors read it, so the
 * check of its processors reads the real text.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "settings.manage");
  const list = checks(await gatherFacts(await database(context), privacyPolicyHtml));
  return { checks: list, summary: summary(list) };
}

const LOOK: Record<Status, { label: string; icon: typeof CircleCheck; className: string }> = {
  ok: { label: "Correcto", icon: CircleCheck, className: "text-success" },
  revisar: { label: "Revisar", icon: CircleAlert, className: "text-accent-strong" },
  falta: { label: "Falta", icon: CircleX, className: "text-danger" },
};

export default function LegalStatusPage({ loaderData }: Route.ComponentProps) {
  const { checks: list, summary: counts } = loaderData;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-h1">Estado legal</h1>
        <p className="mt-1 text-muted">
          Lo que la web de una psicóloga sanitaria debe cumplir, comprobado con tus ajustes y la
          configuración del servidor, con lo que falta primero. Cada regla enlaza a su fuente. No
          sustituye el consejo de un profesional del derecho: donde no hay certeza, dice «Revisar».
        </p>
        <p className="mt-2 font-semibold" role="status">
          {counts.falta} por resolver · {counts.revisar} por revisar · {counts.ok} correctas
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {list.map((check) => {
          const look = LOOK[check.status];
          const Icon = look.icon;
          return (
            <li
              key={check.id}
              className="rounded-card border border-border bg-surface p-4 shadow-soft"
            >
              <h2
                id={`regla-${check.id}`}
                className="flex items-start gap-2 text-base font-semibold"
              >
                <Icon aria-hidden="true" className={cn("mt-0.5 size-5 shrink-0", look.className)} />
                <span>
                  {check.title}
                  <span className={cn("ml-2 text-sm", look.className)}>({look.label})</span>
                </span>
              </h2>
              <p className="mt-1">{check.detail}</p>
              {check.server ? (
                <div className="mt-3 rounded-field border border-border bg-paper p-3">
                  <p className="font-semibold">Mensaje para quien mantiene el servidor</p>
                  <p id={`mensaje-${check.id}`} className="mt-1 text-sm">
                    {check.server.message}
                  </p>
                  <div className="mt-2">
                    <CopyButton
                      text={check.server.message}
                      selectId={`mensaje-${check.id}`}
                      label="el mensaje"
                    />
                  </div>
                </div>
              ) : null}
              <p className="mt-2 text-sm text-muted">
                Fuente:{" "}
                <a href={check.source.url} className="underline" target="_blank" rel="noreferrer">
                  {check.source.text}
                  <span className="sr-only"> (se abre en otra pestaña)</span>
                </a>
              </p>
              {check.more?.map((more) => (
                <p key={more.text} className="mt-1 text-sm text-muted">
                  También:{" "}
                  <a href={more.url} className="underline" target="_blank" rel="noreferrer">
                    {more.text}
                    <span className="sr-only"> (se abre en otra pestaña)</span>
                  </a>
                </p>
              ))}
              {check.fix && check.status !== "ok" ? (
                <Link
                  to={check.fix.href}
                  // A file to download (the impact assessment's template) is a document request.
                  reloadDocument={check.fix.download}
                  className="mt-2 inline-flex min-h-11 items-center font-semibold text-primary underline"
                >
                  {check.fix.label}
                  <span className="sr-only">: {check.title}</span>
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
