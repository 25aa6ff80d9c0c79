import { UnderConstruction } from "~/components/site/under-construction";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Acceso al área privada",
    path: "/auth",
    noindex: true,
  });

export default function Page() {
  return <UnderConstruction title="Acceso al área privada" admin />;
}
