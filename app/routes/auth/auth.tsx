import { Link, redirect, type RouterContextProvider } from "react-router";
import {
  type AuthActionData,
  ForgotPasswordForm,
  SignInForm,
  SignUpForm,
} from "~/components/auth/auth-forms";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { signIn } from "~/modules/accounts/sign-in.server";
import { signUp, signUpOpen } from "~/modules/accounts/sign-up.server";
import { clientInfo, getUser, redirectTarget } from "~/modules/accounts/guard.server";
import {
  ForgotPasswordSchema,
  MESSAGES,
  SignInSchema,
  SignUpSchema,
} from "~/modules/accounts/schemas";
import { VERIFY_PATH } from "~/modules/accounts/two-factor.server";
import { database } from "~/context";
import { failure, orUnexpected, withCookies } from "~/utils/action.server";
import { toastHeader } from "~/utils/toast.server";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/auth";
import { readForm } from "~/utils/form";
import { htmlConstraints } from "~/utils/form-schema";

type Mode = "login" | "registro" | "recuperar";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Iniciar sesión",
    description:
      "Acceso del equipo de la consulta al área privada: iniciar sesión o recuperar la contraseña.",
    path: "/auth",
  });

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const params = url.searchParams;
  const redirectTo = redirectTarget(params.get("redirectTo"));
  if (await getUser(request, context)) throw redirect(redirectTo);
  const signUp = await signUpOpen(await database(context));
  const requested = params.get("modo");
  const mode: Mode = requested === "registro" || requested === "recuperar" ? requested : "login";
  const schema = { login: SignInSchema, registro: SignUpSchema, recuperar: ForgotPasswordSchema };
  return { mode, signUp, redirectTo, constraints: htmlConstraints(schema[mode]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "signin":
      return signInAction(request, context, form);
    case "signup":
      return signUpAction(request, context, form);
    case "forgot":
      return forgotPasswordAction(request, context, form);
    default:
      return failure({ status: 400, formError: "Solicitud no válida" });
  }
}

function signInAction(request: Request, context: Readonly<RouterContextProvider>, form: FormData) {
  return orUnexpected(MESSAGES.signInFailed, () => signInWork(request, context, form));
}

async function signInWork(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
) {
  const db = await database(context);
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

function signUpAction(request: Request, context: Readonly<RouterContextProvider>, form: FormData) {
  return orUnexpected(MESSAGES.signUpFailed, () => signUpWork(request, context, form));
}

async function signUpWork(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
) {
  const db = await database(context);
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

function forgotPasswordAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
) {
  return orUnexpected(MESSAGES.resetFailed, () => forgotPasswordWork(request, context, form));
}

async function forgotPasswordWork(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
) {
  const db = await database(context);
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

const TITLES: Record<Mode, string> = {
  login: "Iniciar sesión",
  registro: "Crear una cuenta",
  recuperar: "Recuperar la contraseña",
};

const linkClass = "inline-flex min-h-11 items-center font-semibold text-primary underline";

/**
 * The sign-in page (/login leads here): sign in, recover the password and, when Ajustes opens
 * public registration, create an account. Each mode is its own address (?modo=…), so every link
 * works without JavaScript.
 */
export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, signUp, redirectTo, constraints } = loaderData;
  const result = actionData as AuthActionData | undefined;
  if (signUp.notConfigured) {
    // Nobody creates the first administrator from here (docs/decisions/007): it takes the server.
    return (
      <section className="w-full max-w-md rounded-card border border-border bg-surface p-6 shadow-soft sm:p-8">
        <h1 className="text-h2">El sitio aún no está configurado</h1>
        <p className="mt-4">
          Todavía no hay ninguna cuenta. La persona que administra el servidor crea la cuenta de
          administrador de una de estas dos formas:
        </p>
        <ul className="mt-3 list-disc space-y-2 pl-6">
          <li>
            con el enlace de un solo uso que el servidor escribe en su registro al arrancar
            («Primera puesta en marcha: …»), o
          </li>
          <li>
            con la orden <code>npm run user:create</code> en el servidor.
          </li>
        </ul>
      </section>
    );
  }
  return (
    <section className="w-full max-w-md rounded-card border border-border bg-surface p-6 shadow-soft sm:p-8">
      <h1 className="text-h2">{TITLES[mode]}</h1>
      <p className="mt-2 text-muted">
        {mode === "registro"
          ? "Las cuentas nuevas empiezan como colaborador, deben confirmar su email y esperan a que una administradora las apruebe."
          : "Área privada del equipo de la consulta."}
      </p>

      <div className="mt-6">
        {mode === "login" ? (
          <SignInForm redirectTo={redirectTo} result={result} constraints={constraints} />
        ) : mode === "recuperar" ? (
          <ForgotPasswordForm result={result} constraints={constraints} />
        ) : signUp.open ? (
          <SignUpForm result={result} constraints={constraints} />
        ) : (
          <p className="rounded-field bg-sand p-4">
            El registro público está desactivado. Pide una invitación a una administradora.
          </p>
        )}
      </div>

      <ul className="mt-6 flex flex-col items-start gap-1 border-t border-border pt-4 text-sm">
        {mode === "login" ? (
          <li>
            <Link to="/auth?modo=recuperar" className={linkClass}>
              ¿Has olvidado tu contraseña?
            </Link>
          </li>
        ) : (
          <li>
            <Link to={signInHref(redirectTo)} className={linkClass}>
              {mode === "registro" ? "¿Ya tienes cuenta? Inicia sesión" : "Volver a iniciar sesión"}
            </Link>
          </li>
        )}
        {mode === "login" && signUp.open ? (
          <li>
            <Link to="/auth?modo=registro" className={linkClass}>
              ¿No tienes cuenta? Crea una
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/** Back to the sign-in form, still going where the person was going. */
function signInHref(redirectTo: string) {
  return redirectTo === "/admin" ? "/auth" : `/auth?${new URLSearchParams({ redirectTo })}`;
}
