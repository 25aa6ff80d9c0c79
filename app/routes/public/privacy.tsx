import { PageHeader } from "~/components/site/page-header";
import { PrivacyPolicy } from "~/components/site/legal/privacy-policy";
import { useRootData } from "~/root";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Política de privacidad",
    description:
      "Cómo se tratan tus datos personales: responsable, finalidades, bases legales, conservación, destinatarios y derechos (RGPD y LOPDGDD).",
    path: "/privacidad",
    breadcrumbs: [{ name: "Política de privacidad", path: "/privacidad" }],
  });

export default function Page() {
  const root = useRootData();
  if (!root) return null;
  return (
    <>
      <PageHeader title="Política de privacidad" />
      <div className="container-page py-12">
        <div className="prose-reading">
          <PrivacyPolicy settings={root.settings} />
        </div>
      </div>
    </>
  );
}
