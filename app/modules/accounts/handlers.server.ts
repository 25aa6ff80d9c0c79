import { DrizzleQueryError } from "drizzle-orm/errors";
import { data, redirect, type RouterContextProvider } from "react-router";
import { getDb } from "~/db/client.server";
import { logger } from "~/utils/logger.server";
import { toastHeader } from "~/utils/toast.server";
import { type Failure, requestPasswordReset, signIn, signUp } from "./accounts.server";
import { clientInfo } from "./guard.server";
import { getEnv } from "~/utils/env.server";
import { MESSAGES, safeRedirect } from "./schemas";
import { VERIFY_PATH } from "./two-factor.server";

/** safeRedirect against this site's canonical origin (PUBLIC_URL). */
export function redirectTarget(to: string | null | undefined) {
  return safeRedirect(to, "/admin", getEnv().PUBLIC_URL);
}

type Ctx = Readonly<RouterContextProvider>;

/** The account pages' form actions (/auth, the first-run setup, the new-password page). */
export function failure(result: Failure) {
  return data(
    { formError: result.formError ?? null, fieldErrors: result.fieldErrors ?? {}, done: null },
    { status: result.status },
  );
}

/** Whether an error (or one of its causes) came from the database or the connection to it. */
function fromDatabase(error: unknown) {
  for (let e = error, depth = 0; e && depth < 5; e = (e as Error).cause, depth++) {
    if (e instanceof DrizzleQueryError) return true;
    const code = (e as { code?: unknown }).code;
    // SQLSTATE codes (PostgreSQL, PGlite) and the socket errors of a lost connection.
    if (typeof code === "string" && /^([0-9A-Z]{5}|ECONN\w+|ETIMEDOUT|EPIPE)$/.test(code)) {
      return true;
    }
  }
  return false;
}

/**
 * Runs a form's work; when it throws (the database or the auth library failed, not the person),
 * the form shows "<prefix>: <reason>" instead of the error page. The reason is a Spanish summary:
 * the details (queries, table names) go to the log, never to an anonymous visitor.
 */
export async function orUnexpected<T>(prefix: string, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    // Answers meant for the router (a redirect, a 4xx thrown by a guard) are not failures.
    if (
      error instanceof Response ||
      (error as { type?: unknown })?.type === "DataWithResponseInit"
    ) {
      throw error;
    }
    logger.error({ err: error }, `${prefix} (error inesperado)`);
    const reason = fromDatabase(error)
      ? "la base de datos no respondió. Inténtalo de nuevo en unos minutos."
      : "el servidor no pudo completar la solicitud. Inténtalo de nuevo en unos minutos.";
    return data(
      {
        formError: `${prefix}: ${reason}`,
        fieldErrors: {} as Record<string, string[]>,
        done: null,
      },
      { status: 500 },
    );
  }
}

export function withCookies(headers: Headers, ...more: string[]) {
  const out = new Headers();
  for (const c of headers.getSetCookie()) out.append("Set-Cookie", c);
  for (const c of more) out.append("Set-Cookie", c);
  return out;
}

export function signInAction(request: Request, context: Ctx, form: FormData) {
  return orUnexpected(MESSAGES.signInFailed, () => signInWork(request, context, form));
}

async function signInWork(request: Request, context: Ctx, form: FormData) {
  const db = await getDb();
  const result = await signIn(
    db,
    { email: form.get("email"), password: form.get("password") },
    clientInfo(request, context),
    request.headers.get("cookie"),
  );
  if (!result.ok) return failure(result);
  const to = redirectTarget(String(form.get("redirectTo") ?? ""));
  if (result.twoFactor) {
    // Second step: the plugin set a short-lived challenge cookie; the code page finishes it.
    return redirect(`${VERIFY_PATH}?redirectTo=${encodeURIComponent(to)}`, {
      headers: withCookies(result.headers),
    });
  }
  const toast = await toastHeader({
    title: "Éxito",
    description: "Has iniciado sesión correctamente",
  });
  return redirect(to, { headers: withCookies(result.headers, toast) });
}

export function signUpAction(request: Request, context: Ctx, form: FormData) {
  return orUnexpected(MESSAGES.signUpFailed, () => signUpWork(request, context, form));
}

async function signUpWork(request: Request, context: Ctx, form: FormData) {
  const db = await getDb();
  const result = await signUp(
    db,
    { name: form.get("name"), email: form.get("email"), password: form.get("password") },
    clientInfo(request, context),
  );
  if (!result.ok) return failure(result);
  // The same answer whether or not the address already had an account (no enumeration).
  const toast = await toastHeader({
    title: "Solicitud recibida",
    description: MESSAGES.signUpSent,
  });
  return redirect("/auth", { headers: { "Set-Cookie": toast } });
}

export function forgotPasswordAction(request: Request, context: Ctx, form: FormData) {
  return orUnexpected(MESSAGES.resetFailed, () => forgotPasswordWork(request, context, form));
}

async function forgotPasswordWork(request: Request, context: Ctx, form: FormData) {
  const db = await getDb();
  const result = await requestPasswordReset(
    db,
    { email: form.get("email") },
    clientInfo(request, context),
  );
  if (!result.ok) {
    if (result.fieldErrors) return failure(result);
    return failure({
      ...result,
      formError: `${MESSAGES.resetFailed}: ${result.formError ?? "Error desconocido"}`,
    });
  }
  const toast = await toastHeader({
    title: "Email enviado",
    description: "Se ha enviado un enlace de recuperación a tu email",
  });
  return redirect("/auth", { headers: { "Set-Cookie": toast } });
}
