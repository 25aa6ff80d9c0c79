import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { requireUser } from "~/modules/accounts/guard.server";
import { markReviewsSeen } from "~/modules/reviews/live.server";
import type { Route } from "./+types/reviews-redirect";

/** D15: /admin/reviews is the header link's address; it clears the notice and leads to the list. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  await markReviewsSeen(await getDb(), user.id);
  throw redirect("/admin/resenas");
}
