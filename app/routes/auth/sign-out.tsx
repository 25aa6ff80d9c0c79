import { redirect } from "react-router";
import { database } from "~/context";
import { signOut } from "~/modules/accounts/sign-in.server";
import { clientInfo } from "~/modules/accounts/guard.server";
import { toastHeader } from "~/utils/toast.server";
import type { Route } from "./+types/sign-out";

/** POST only: ends the session on the server, clears the cookie, goes home with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const cleared = await signOut(
    await database(context),
    request.headers.get("cookie"),
    clientInfo(request, context),
  );
  const headers = new Headers();
  for (const c of cleared.getSetCookie()) headers.append("Set-Cookie", c);
  headers.append(
    "Set-Cookie",
    await toastHeader({ title: "Sesión cerrada", description: "Has cerrado sesión correctamente" }),
  );
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
