import { UnderConstruction } from "~/components/site/under-construction";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/review-new";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), { title: "Dejar una reseña", path: "/resenas/nueva" });

export default function Page() {
  return <UnderConstruction title="Dejar una reseña" />;
}
