import { data } from "react-router";
import { getVerifiedUser } from "~/modules/accounts/guard.server";
import { newReviewStream } from "~/modules/reviews/live.server";
import type { Route } from "./+types/events-api";

/** GET /api/eventos — server-sent events for the admin pages (signed-in staff only). */
export async function loader({ request }: Route.LoaderArgs) {
  // Same rules as the admin pages: enrolled in 2FA when the role requires it, not idle.
  if (!(await getVerifiedUser(request))) {
    return data({ message: "Inicia sesión para recibir avisos." }, { status: 401 });
  }
  return newReviewStream(request.signal);
}
