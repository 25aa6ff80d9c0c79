import { data, Link, redirect } from "react-router";
import {
  type AuthActionData,
  ForgotPasswordForm,
  SignInForm,
  SignUpForm,
} from "~/components/site/auth-forms";
import { signUpOpen } from "~/modules/accounts/accounts.server";
import { getUser } from "~/modules/accounts/guard.server";
import {
  forgotPasswordAction,
  redirectTarget,
  signInAction,
  signUpAction,
} from "~/modules/accounts/handlers.server";
import { getDb } from "~/db/client.server";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/auth";
import { readForm } from "~/utils/form";

type Mode = "login" | "registro" | "recuperar";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Iniciar sesión",
    description:
      "Acceso del equipo de la consulta al área privada: iniciar sesión o recuperar la contraseña.",
    path: "/auth",
  });

export async function loader({ request, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const redirectTo = redirectTarget(params.get("redirectTo"));
  if (await getUser(request)) throw redirect(redirectTo);
  const signUp = await signUpOpen(await getDb());
  const requested = params.get("modo");
  const mode: Mode = requested === "registro" || requested === "recuperar" ? requested : "login";
  return { mode, signUp, redirectTo };
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
      return data(
        { formError: "Solicitud no válida", fieldErrors: {}, done: null },
        { status: 400 },
      );
  }
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
  const { mode, signUp, redirectTo } = loaderData;
  const result = actionData as AuthActionData | undefined;
  if (signUp.notConfigured) {
    // Nobody can create the first administrator from here (D7 replaced): it takes the server.
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
          <SignInForm redirectTo={redirectTo} result={result} />
        ) : mode === "recuperar" ? (
          <ForgotPasswordForm result={result} />
        ) : signUp.open ? (
          <SignUpForm result={result} />
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
