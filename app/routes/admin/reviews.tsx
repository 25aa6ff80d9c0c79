import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { UnderConstruction } from "~/components/site/under-construction";
import { requireUser } from "~/modules/accounts/guard.server";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => [
  { title: "Gestión de reseñas | Área de Gestión" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return <UnderConstruction title="Gestión de reseñas" admin />;
}

export { AdminErrorBoundary as ErrorBoundary };
