import { Link, redirect } from "react-router";
import { type AuthActionData, SignInForm } from "~/components/site/auth-forms";
import { getUser } from "~/modules/accounts/guard.server";
import { redirectTarget, signInAction } from "~/modules/accounts/handlers.server";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/login";
import { readForm } from "~/utils/form";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), { title: "Iniciar sesión", path: "/login", noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  const redirectTo = redirectTarget(url.searchParams.get("redirectTo"));
  if (await getUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context, await readForm(request));
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="w-full max-w-md rounded-card border border-border bg-surface p-6 shadow-soft sm:p-8">
      <h1 className="text-h2">Iniciar sesión</h1>
      <p className="mt-2 text-muted">Acceso para el equipo de la consulta.</p>
      <div className="mt-6">
        <SignInForm
          redirectTo={loaderData.redirectTo}
          result={actionData as AuthActionData | undefined}
        />
      </div>
      <p className="mt-6 text-sm">
        <Link to="/auth?modo=recuperar" className="font-semibold text-primary underline">
          ¿Has olvidado tu contraseña?
        </Link>
      </p>
      <p className="mt-2 text-sm">
        ¿Aún no tienes cuenta?{" "}
        <Link to="/auth?modo=registro" className="font-semibold text-primary underline">
          Crear una cuenta
        </Link>
      </p>
    </section>
  );
}
