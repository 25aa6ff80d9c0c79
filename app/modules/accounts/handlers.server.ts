import { data, redirect, type RouterContextProvider } from "react-router";
import { getDb } from "~/db/client.server";
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

/** Shared by /login and /auth: the form actions that create sessions. */
export function failure(result: Failure) {
  return data(
    { formError: result.formError ?? null, fieldErrors: result.fieldErrors ?? {}, done: null },
    { status: result.status },
  );
}

export function withCookies(headers: Headers, ...more: string[]) {
  const out = new Headers();
  for (const c of headers.getSetCookie()) out.append("Set-Cookie", c);
  for (const c of more) out.append("Set-Cookie", c);
  return out;
}

export async function signInAction(request: Request, context: Ctx, form: FormData) {
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

export async function signUpAction(request: Request, context: Ctx, form: FormData) {
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

export async function forgotPasswordAction(request: Request, context: Ctx, form: FormData) {
  const db = await getDb();
  const result = await requestPasswordReset(
    db,
    { email: form.get("email") },
    clientInfo(request, context),
  );
  if (!result.ok) {
    if (result.fieldErrors?.email) {
      return data(
        { formError: result.fieldErrors.email[0] ?? null, fieldErrors: {}, done: null },
        { status: 400 },
      );
    }
    return failure({
      ...result,
      formError: `No se pudo enviar el email de recuperación: ${result.formError ?? "Error desconocido"}`,
    });
  }
  const toast = await toastHeader({
    title: "Email enviado",
    description: "Se ha enviado un enlace de recuperación a tu email",
  });
  return redirect("/auth", { headers: { "Set-Cookie": toast } });
}
