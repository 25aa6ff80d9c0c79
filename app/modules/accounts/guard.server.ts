import {
  createContext,
  data,
  type MiddlewareFunction,
  redirect,
  type RouterContextProvider,
} from "react-router";
import { database, requestInfoContext } from "~/context";
import type { Db } from "~/db/client.server";
import { pageUrl } from "~/utils/request-url";
import { redirectWithToast } from "~/utils/toast.server";
import type { ClientInfo, SessionUser } from "./accounts.server";
import { getEnv } from "~/utils/env.server";
import { type Capability, can } from "./roles";
import { safeRedirect } from "./schemas";
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

/** Where to go after signing in: a path on this site (PUBLIC_URL), /admin otherwise. */
export function redirectTarget(to: string | null | undefined) {
  return safeRedirect(to, "/admin", getEnv().PUBLIC_URL);
}

// The session is looked up once per request, whoever asks first (the root, the admin layout's
// middleware, a page), and kept in the request's router context with what the guard decided.
const sessionContext = createContext<Promise<SessionState | null> | null>(null);
const staffContext = createContext<SessionUser | null>(null);

type Context = Readonly<RouterContextProvider>;

/** The user and their session row (authenticatedAt, lastActiveAt) of this request, or null. */
export function requestSession(request: Request, context: Context) {
  let pending = context.get(sessionContext);
  if (!pending) {
    const cookie = request.headers.get("cookie");
    pending = cookie
      ? database(context).then((db) => getSessionState(db, cookie))
      : Promise.resolve(null);
    context.set(sessionContext, pending);
  }
  return pending;
}

/** The signed-in staff member, or null (idle or not yet enrolled in 2FA included). */
export async function getUser(request: Request, context: Context): Promise<SessionUser | null> {
  return (await requestSession(request, context))?.user ?? null;
}

function here(request: Request) {
  const url = pageUrl(request);
  return url.pathname + url.search;
}

/** A user who may use the admin area now: enrolled in 2FA when the role requires it, not idle. */
export async function getVerifiedUser(
  request: Request,
  context: Context,
): Promise<SessionUser | null> {
  const state = await requestSession(request, context);
  if (!state || isIdle(state)) return null;
  if (twoFactorRequired(state.user.role) && !state.user.twoFactorEnabled) return null;
  return state.user;
}

/**
 * Whether the session in this cookie may use `capability` now (signed in, approved, not idle,
 * enrolled in 2FA when the role requires it). For the Express layer, which decides some limits
 * before React Router runs (the article editor's larger body allowance): nothing is granted on
 * the cookie's name alone.
 */
export async function sessionMay(db: Db, cookie: string | null, capability: Capability) {
  const state = await getSessionState(db, cookie);
  if (!state || isIdle(state)) return false;
  if (twoFactorRequired(state.user.role) && !state.user.twoFactorEnabled) return false;
  return can(state.user.role, capability);
}

/**
 * The one server-side guard: the admin layout's middleware runs it before any admin loader or
 * action, and each of them names the capability it needs. Not signed in → redirect to /auth
 * (remembering where to return); idle longer than ADMIN_IDLE_MINUTES → session ended, back to
 * /auth with a message; a role that reads health data without 2FA (twoFactorRequired) → Mi
 * cuenta (the only page they may use until they enrol); missing capability → 403. The checks run once per request; a later call
 * only checks the capability.
 */
export async function requireUser(request: Request, context: Context, capability?: Capability) {
  const user = context.get(staffContext) ?? (await admitStaff(request, context));
  if (capability && !can(user.role, capability)) {
    throw data({ message: "Acceso Restringido" }, { status: 403 });
  }
  return user;
}

/** Runs the guard before the admin pages' loaders and actions (their layout's middleware). */
export const staffMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  await requireUser(request, context);
};

async function admitStaff(request: Request, context: Context) {
  const state = await requestSession(request, context);
  if (!state) {
    throw redirect(`/auth?redirectTo=${encodeURIComponent(here(request))}`);
  }
  const db = await database(context);
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
  context.set(staffContext, user);
  return user;
}

/**
 * Sensitive actions (role changes, removals, settings, RGPD erase/export, 2FA reset) need a
 * password (+ code) entered in the last 10 minutes; otherwise → /auth/confirmar, which asks again
 * and comes back here. Call it after requireUser.
 */
export async function requireRecentAuth(
  request: Request,
  context: Context,
  user: SessionUser,
  /** The page to come back to (a POST-only route's own URL cannot be opened). */
  returnTo = here(request),
) {
  const state = await requestSession(request, context);
  if (!state || state.user.id !== user.id) {
    throw redirect(`/auth?redirectTo=${encodeURIComponent(here(request))}`);
  }
  if (!isRecentlyAuthenticated(state)) {
    throw redirect(`${REAUTH_PATH}?redirectTo=${encodeURIComponent(returnTo)}`);
  }
}

export function clientInfo(request: Request, context: Context): ClientInfo {
  return {
    ip: context.get(requestInfoContext).ip || "desconocida",
    userAgent: request.headers.get("user-agent"),
  };
}
