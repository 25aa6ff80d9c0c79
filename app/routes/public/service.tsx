import { useLocation } from "react-router";
import { UnderConstruction } from "~/components/site/under-construction";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/service";

const TITLES: Record<string, string> = {
  "/servicios/terapia-individual": "Terapia Individual",
  "/servicios/terapia-pareja": "Terapia de Pareja",
  "/servicios/trabajo-grupos": "Trabajo con Grupos",
  "/servicios/mindfulness": "Mindfulness",
};

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootFromMatches(matches), {
    title: TITLES[location.pathname] ?? "Servicios",
    path: location.pathname,
  });

export default function ServicePage() {
  const { pathname } = useLocation();
  return <UnderConstruction title={TITLES[pathname] ?? "Servicios"} />;
}
