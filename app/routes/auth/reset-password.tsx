import { UnderConstruction } from "~/components/site/under-construction";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Restablecer contraseña",
    path: "/auth/restablecer",
    noindex: true,
  });

export default function Page() {
  return <UnderConstruction title="Restablecer contraseña" admin />;
}
