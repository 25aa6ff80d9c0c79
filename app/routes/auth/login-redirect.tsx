import { redirect } from "react-router";
import type { Route } from "./+types/login-redirect";

/** Parameters the sign-in page understands; anything else is dropped. */
const KEPT = ["redirectTo", "modo"] as const;

/**
 * /login is the older address of the sign-in page (the site's 'Acceder' link, bookmarks): it
 * leads to /auth, the one page that signs in, keeping where the person was going. /auth checks
 * `redirectTo` itself (same-origin paths only).
 */
export function loader({ url }: Route.LoaderArgs) {
  const kept = new URLSearchParams();
  for (const name of KEPT) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value.slice(0, 2000));
  }
  const query = kept.toString();
  throw redirect(query ? `/auth?${query}` : "/auth", 301);
}
