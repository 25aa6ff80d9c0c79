import { UnderConstruction } from "~/components/site/under-construction";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), { title: "Política de privacidad", path: "/privacidad" });

export default function Page() {
  return <UnderConstruction title="Política de privacidad" />;
}
