import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { UnderConstruction } from "~/components/site/under-construction";
import { requireUser } from "~/modules/accounts/guard.server";
import type { Route } from "./+types/blog-edit";

export const meta: Route.MetaFunction = () => [
  { title: "Editar artículo | Área de Gestión" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return <UnderConstruction title="Editar artículo" admin />;
}

export { AdminErrorBoundary as ErrorBoundary };
