import { UnderConstruction } from "~/components/site/under-construction";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), { title: "Condiciones de uso", path: "/uso-web" });

export default function Page() {
  return <UnderConstruction title="Condiciones de uso" />;
}
