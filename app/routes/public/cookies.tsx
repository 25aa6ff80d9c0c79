import { UnderConstruction } from "~/components/site/under-construction";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), { title: "Política de cookies", path: "/cookies" });

export default function Page() {
  return <UnderConstruction title="Política de cookies" />;
}
