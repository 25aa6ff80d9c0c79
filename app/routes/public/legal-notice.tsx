import { UnderConstruction } from "~/components/site/under-construction";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/legal-notice";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), { title: "Aviso legal", path: "/aviso-legal" });

export default function Page() {
  return <UnderConstruction title="Aviso legal" />;
}
