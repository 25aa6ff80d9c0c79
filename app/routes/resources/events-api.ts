import { data } from "react-router";
import { database } from "~/context";
import { getVerifiedUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import { sessionStillValid } from "~/modules/accounts/sessions.server";
import { newReviewStream } from "~/platform/events.server";
import type { Route } from "./+types/events-api";

/**
 * GET /api/eventos — server-sent events for the admin pages (signed-in staff only): new reviews,
 * inbox changes for those who read messages, and agenda changes for staff who read it. At most 5
 * open per person (429) and 200 per process (503); each heartbeat re-checks the session, so a
 * stream ends after sign-out, expiry, role change or removal.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Same rules as the admin pages: approved, enrolled in 2FA when the role requires it, not idle.
  const user = await getVerifiedUser(request, context);
  if (!user) {
    return data({ message: "Inicia sesión para recibir avisos." }, { status: 401 });
  }
  const cookie = request.headers.get("cookie");
  return newReviewStream(request.signal, {
    userId: user.id,
    readsMessages: can(user.role, "messages.read"),
    readsAppointments: can(user.role, "appointments.read"),
    stillValid: async () => sessionStillValid(await database(context), cookie, user),
  });
}
