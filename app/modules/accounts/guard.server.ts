import { data, redirect, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/context";
import { pageUrl } from "~/utils/request-url";
import { getDb } from "~/db/client.server";
import { type ClientInfo, getSessionUser, type SessionUser } from "./accounts.server";
import { type Capability, can } from "./roles";

/** The signed-in staff member, or null. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie) return null;
  return getSessionUser(await getDb(), cookie);
}

/**
 * The one server-side guard: every admin loader and action starts with it. Not signed in →
 * redirect to /auth (remembering where to return); missing capability → 403.
 */
export async function requireUser(request: Request, capability?: Capability) {
  const user = await getUser(request);
  if (!user) {
    const url = pageUrl(request);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (capability && !can(user.role, capability)) {
    throw data({ message: "Acceso Restringido" }, { status: 403 });
  }
  return user;
}

export function clientInfo(request: Request, context: Readonly<RouterContextProvider>): ClientInfo {
  return {
    ip: context.get(requestInfoContext).ip || "desconocida",
    userAgent: request.headers.get("user-agent"),
  };
}
