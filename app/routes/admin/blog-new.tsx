import { redirect } from "react-router";
import type { Route } from "./+types/blog-new";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname)}`);
}

export default function Page() {
  return null;
}
