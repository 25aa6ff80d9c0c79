import { data } from "react-router";
import { getUser } from "~/modules/accounts/guard.server";
import { newReviewStream } from "~/modules/reviews/live.server";
import type { Route } from "./+types/events-api";

/** GET /api/eventos — server-sent events for the admin pages (signed-in staff only). */
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await getUser(request))) {
    return data({ message: "Inicia sesión para recibir avisos." }, { status: 401 });
  }
  return newReviewStream(request.signal);
}
