import { redirect } from "react-router";
import { requireUser } from "~/modules/accounts/guard.server";
import type { Route } from "./+types/reviews-redirect";

/**
 * D15: /admin/reviews is the header link's address; it leads to the list, whose page clears the
 * notice by a POST once shown (a GET changes nothing).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  throw redirect("/admin/resenas");
}
