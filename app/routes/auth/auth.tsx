import { data, Form, Link, redirect } from "react-router";
import {
  type AuthActionData,
  ForgotPasswordForm,
  SignInForm,
  SignUpForm,
} from "~/components/site/auth-forms";
import { Button } from "~/components/ui/button";
import { signUpOpen } from "~/modules/accounts/accounts.server";
import { getUser } from "~/modules/accounts/guard.server";
import {
  forgotPasswordAction,
  signInAction,
  signUpAction,
} from "~/modules/accounts/handlers.server";
import { safeRedirect } from "~/modules/accounts/schemas";
import { getDb } from "~/db/client.server";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/auth";
import { readForm } from "~/utils/form";

type Mode = "login" | "registro" | "recuperar";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Acceso al área privada",
    description:
      "Acceso del equipo de la consulta al área privada: entrar o recuperar la contraseña.",
    path: "/auth",
  });

export async function loader({ request, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const redirectTo = safeRedirect(params.get("redirectTo"));
  if (await getUser(request)) throw redirect(redirectTo);
  const signUp = await signUpOpen(await getDb());
  const requested = params.get("modo");
  // With no account yet, the only sensible thing to do here is to create the first one.
  const mode: Mode = signUp.firstAccount
    ? "registro"
    : requested === "registro" || requested === "recuperar"
      ? requested
      : "login";
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
  login: "Acceso al área privada",
  registro: "Crear una cuenta",
  recuperar: "Recuperar la contraseña",
};

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, signUp, redirectTo } = loaderData;
  const result = actionData as AuthActionData | undefined;
  const title = signUp.firstAccount ? "Crear cuenta de administrador" : TITLES[mode];
  return (
    <section className="w-full max-w-md rounded-card border border-border bg-surface p-6 shadow-soft sm:p-8">
      <h1 className="text-h2">{title}</h1>
      {signUp.firstAccount ? (
        <p className="mt-2 text-muted">
          Es la primera cuenta del sitio: será la cuenta de administrador, con acceso a todo el área
          de gestión.
        </p>
      ) : mode === "registro" ? (
        <p className="mt-2 text-muted">
          Las cuentas nuevas empiezan como colaborador y deben confirmar su email. Una
          administradora puede darte más permisos.
        </p>
      ) : null}

      <div className="mt-6">
        {mode === "login" ? (
          <SignInForm redirectTo={redirectTo} result={result} />
        ) : mode === "recuperar" ? (
          <ForgotPasswordForm result={result} />
        ) : signUp.open ? (
          <SignUpForm firstAccount={signUp.firstAccount} result={result} />
        ) : (
          <p className="rounded-field bg-sand p-4">
            El registro público está desactivado. Pide una invitación a una administradora.
          </p>
        )}
      </div>

      {signUp.firstAccount ? null : (
        <div className="mt-6 flex flex-col items-start gap-2 border-t border-border pt-4 text-sm">
          {mode !== "recuperar" ? (
            <Link to="/auth?modo=recuperar" className="font-semibold text-primary underline">
              ¿Has olvidado tu contraseña?
            </Link>
          ) : null}
          {/* The mode toggle is a real button; as a GET form it also works without JavaScript. */}
          <Form method="get">
            <input type="hidden" name="modo" value={mode === "login" ? "registro" : "login"} />
            <Button type="submit" variant="link" className="min-h-11 text-sm">
              {mode === "login"
                ? "¿No tienes cuenta? Crea una"
                : "¿Ya tienes cuenta? Inicia sesión"}
            </Button>
          </Form>
        </div>
      )}
    </section>
  );
}
