import { PageHeader } from "~/components/site/page-header";
import { LegalNotice } from "~/components/site/legal/legal-notice";
import { useRootData } from "~/root";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/legal-notice";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Aviso legal",
    description:
      "Datos identificativos de la titular del sitio, profesión regulada, colegio profesional y condiciones generales (LSSI-CE).",
    path: "/aviso-legal",
    breadcrumbs: [{ name: "Aviso legal", path: "/aviso-legal" }],
  });

export default function Page() {
  const root = useRootData();
  if (!root) return null;
  return (
    <>
      <PageHeader title="Aviso legal" />
      <div className="container-page py-12">
        <div className="prose-reading">
          <LegalNotice settings={root.settings} />
        </div>
      </div>
    </>
  );
}
