import { UnderConstruction } from "~/components/site/under-construction";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), { title: "Iniciar sesión", path: "/login", noindex: true });

export default function Page() {
  return <UnderConstruction title="Iniciar sesión" admin />;
}
