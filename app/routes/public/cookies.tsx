import { PageHeader } from "~/components/site/page-header";
import { CookiePolicy } from "~/components/site/legal/cookie-policy";
import { useRootData } from "~/root";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Política de cookies",
    description:
      "Qué cookies y almacenamiento local usa esta web, para qué sirven, cuánto duran y cómo cambiar tu elección.",
    path: "/cookies",
    breadcrumbs: [{ name: "Política de cookies", path: "/cookies" }],
  });

export default function Page() {
  const root = useRootData();
  if (!root) return null;
  return (
    <>
      <PageHeader title="Política de cookies" />
      <div className="container-page py-12">
        <div className="prose-reading">
          <CookiePolicy settings={root.settings} />
        </div>
      </div>
    </>
  );
}
