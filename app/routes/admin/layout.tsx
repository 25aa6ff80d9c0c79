import { redirect } from "react-router";
import type { Route } from "./+types/layout";

/** No account can exist yet, so everyone is sent to sign in (the accounts work adds the guard). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

export default function AdminLayout() {
  return null;
}
