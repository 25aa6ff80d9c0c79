import { data, redirect, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/context";
import { pageUrl } from "~/utils/request-url";
import { getDb } from "~/db/client.server";
import { redirectWithToast } from "~/utils/toast.server";
import { type ClientInfo, getSessionUser, type SessionUser } from "./accounts.server";
import { type Capability, can } from "./roles";
import {
  endIdleSession,
  getSessionState,
  isIdle,
  isRecentlyAuthenticated,
  type SessionState,
  touchSession,
} from "./sessions.server";
import { ENROL_PATH, twoFactorRequired } from "./two-factor.server";

export const REAUTH_PATH = "/auth/confirmar";

/** The signed-in staff member, or null. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie) return null;
  return getSessionUser(await getDb(), cookie);
}

// One look-up per Request: the layout and the page loader both call the guard.
const states = new WeakMap<Request, Promise<SessionState | null>>();

/** The user and their session row (authenticatedAt, lastActiveAt), read once per request. */
export function getSessionStateFor(request: Request) {
  let state = states.get(request);
  if (!state) {
    state = getDb().then((db) => getSessionState(db, request.headers.get("cookie")));
    states.set(request, state);
  }
  return state;
}

function here(request: Request) {
  const url = pageUrl(request);
  return url.pathname + url.search;
}

/** A user who may use the admin area now: enrolled in 2FA when the role requires it, not idle. */
export async function getVerifiedUser(request: Request): Promise<SessionUser | null> {
  const state = await getSessionStateFor(request);
  if (!state || isIdle(state)) return null;
  if (twoFactorRequired(state.user.role) && !state.user.twoFactorEnabled) return null;
  return state.user;
}

/**
 * The one server-side guard: every admin loader and action starts with it. Not signed in →
 * redirect to /auth (remembering where to return); idle longer than ADMIN_IDLE_MINUTES → session
 * ended, back to /auth with a message; administrator or editor without 2FA → Mi cuenta (the only
 * page they may use until they enrol); missing capability → 403.
 */
export async function requireUser(request: Request, capability?: Capability) {
  const state = await getSessionStateFor(request);
  if (!state) {
    throw redirect(`/auth?redirectTo=${encodeURIComponent(here(request))}`);
  }
  const db = await getDb();
  if (isIdle(state)) {
    await endIdleSession(db, state);
    throw await redirectWithToast(`/auth?redirectTo=${encodeURIComponent(here(request))}`, {
      title: "Sesión cerrada",
      description: "Tu sesión se cerró por inactividad. Vuelve a iniciar sesión.",
      type: "info",
    });
  }
  await touchSession(db, state);
  const user = state.user;
  if (
    twoFactorRequired(user.role) &&
    !user.twoFactorEnabled &&
    pageUrl(request).pathname !== ENROL_PATH
  ) {
    throw redirect(ENROL_PATH);
  }
  if (capability && !can(user.role, capability)) {
    throw data({ message: "Acceso Restringido" }, { status: 403 });
  }
  return user;
}

/**
 * Sensitive actions (role changes, removals, settings, RGPD erase/export, 2FA reset) need a
 * password (+ code) entered in the last 10 minutes; otherwise → /auth/confirmar, which asks again
 * and comes back here. Call it after requireUser.
 */
export async function requireRecentAuth(
  request: Request,
  user: SessionUser,
  /** The page to come back to (a POST-only route's own URL cannot be opened). */
  returnTo = here(request),
) {
  const state = await getSessionStateFor(request);
  if (!state || state.user.id !== user.id) {
    throw redirect(`/auth?redirectTo=${encodeURIComponent(here(request))}`);
  }
  if (!isRecentlyAuthenticated(state)) {
    throw redirect(`${REAUTH_PATH}?redirectTo=${encodeURIComponent(returnTo)}`);
  }
}

export function clientInfo(request: Request, context: Readonly<RouterContextProvider>): ClientInfo {
  return {
    ip: context.get(requestInfoContext).ip || "desconocida",
    userAgent: request.headers.get("user-agent"),
  };
}
