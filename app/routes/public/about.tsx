import { UnderConstruction } from "~/components/site/under-construction";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), { title: "Sobre mí", path: "/sobre-mi" });

export default function Page() {
  return <UnderConstruction title="Sobre mí" />;
}
