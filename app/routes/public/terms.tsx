import { PageHeader } from "~/components/site/page-header";
import { TermsOfUse } from "~/components/site/legal/terms-of-use";
import { useRootData } from "~/root";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Condiciones de uso",
    description:
      "Condiciones de uso del sitio web: objeto, límites de uso, propiedad intelectual, privacidad, responsabilidad, modificaciones e independencia.",
    path: "/uso-web",
    breadcrumbs: [{ name: "Condiciones de uso", path: "/uso-web" }],
  });

export default function Page() {
  const root = useRootData();
  if (!root) return null;
  return (
    <>
      <PageHeader title="Condiciones de uso" />
      <div className="container-page py-12">
        <div className="prose-reading">
          <TermsOfUse settings={root.settings} />
        </div>
      </div>
    </>
  );
}
