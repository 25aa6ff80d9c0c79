import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { getAuth } from "~/modules/accounts/auth.server";
import { getVerifiedUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import { newReviewStream } from "~/modules/reviews/live.server";
import type { Route } from "./+types/events-api";

/**
 * GET /api/eventos — server-sent events for the admin pages (signed-in staff only): new reviews,
 * and inbox changes for those who read messages. At most 5
 * open per person (429) and 200 per process (503); each heartbeat re-checks the session, so a
 * stream ends after sign-out, expiry, role change or removal.
 */
export async function loader({ request }: Route.LoaderArgs) {
  // Same rules as the admin pages: approved, enrolled in 2FA when the role requires it, not idle.
  const user = await getVerifiedUser(request);
  if (!user) {
    return data({ message: "Inicia sesión para recibir avisos." }, { status: 401 });
  }
  const cookie = request.headers.get("cookie");
  return newReviewStream(request.signal, {
    userId: user.id,
    readsMessages: can(user.role, "canReadMessages"),
    stillValid: async () => {
      // disableRefresh: an open stream must not extend the session past its expiry.
      const now = await getAuth(await getDb()).api.getSession({
        headers: new Headers({ cookie: cookie ?? "" }),
        query: { disableRefresh: true },
      });
      const role = (now?.user as { role?: string } | undefined)?.role;
      // A changed role also ends it (the role change signs the person out anyway).
      return now?.user.id === user.id && role === user.role;
    },
  });
}
