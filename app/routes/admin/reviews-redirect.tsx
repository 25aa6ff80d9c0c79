import { redirect } from "react-router";
import { requireUser } from "~/modules/accounts/guard.server";
import type { Route } from "./+types/reviews-redirect";

/**
 * /admin/reviews is the header link's address (docs/decisions/010-live-notices-for-staff.md); it
 * leads to the list, whose page clears the notice by a POST once shown (a GET changes nothing).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  throw redirect("/admin/resenas");
}
