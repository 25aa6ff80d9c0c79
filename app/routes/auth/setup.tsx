import { CheckCircle2 } from "lucide-react";
import { Link, redirect } from "react-router";
import { type AuthActionData, AuthError, SignUpForm } from "~/components/auth/auth-forms";
import { database } from "~/context";
import { signIn } from "~/modules/accounts/sign-in.server";
import { clientInfo } from "~/modules/accounts/guard.server";
import { failure, orUnexpected } from "~/utils/action.server";
import { MESSAGES, SignUpSchema } from "~/modules/accounts/schemas";
import { htmlConstraints } from "~/utils/form-schema";
import { completeSetup, setupLinkState } from "~/modules/accounts/setup.server";
import { readForm } from "~/utils/form";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import { toastHeader } from "~/utils/toast.server";
import type { Route } from "./+types/setup";

/** /auth/configurar?token=…: the one-time link from the server log creates the first administrator. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Primera puesta en marcha",
    path: "/auth/configurar",
    noindex: true,
  });

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = (url.searchParams.get("token") ?? "").slice(0, 200);
  const state = await setupLinkState(await database(context), token);
  return {
    state,
    token: state === "valid" ? token : "",
    constraints: htmlConstraints(SignUpSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return orUnexpected(MESSAGES.signUpFailed, () => createAdministrator(request, context, form));
}

async function createAdministrator(
  request: Request,
  context: Route.ActionArgs["context"],
  form: FormData,
) {
  const db = await database(context);
  const info = clientInfo(request, context);
  const input = {
    name: form.get("name"),
    email: form.get("email"),
    password: form.get("password"),
  };
  const result = await completeSetup(db, form.get("token"), input, info);
  if (!result.ok) return failure(result);
  const toast = await toastHeader({
    title: "Cuenta creada",
    description: "Tu cuenta de administrador está lista.",
  });
  const signedIn = await signIn(db, { email: result.email, password: input.password }, info);
  if (!signedIn.ok) return redirect("/auth", { headers: { "Set-Cookie": toast } });
  const headers = new Headers();
  for (const c of signedIn.headers.getSetCookie()) headers.append("Set-Cookie", c);
  headers.append("Set-Cookie", toast);
  return redirect("/admin", { headers });
}

export default function SetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as AuthActionData | undefined;
  if (loaderData.state === "used") {
    // The link did its job (or another did): the account exists, so the way in is signing in.
    return (
      <section className="w-full max-w-md rounded-card border border-border bg-surface p-6 shadow-soft sm:p-8">
        <h1 className="text-h2">Crear cuenta de administrador</h1>
        <p role="status" className="mt-6 flex items-start gap-3 rounded-field bg-success-soft p-3">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <span>
            La cuenta ya está creada:{" "}
            <Link to="/auth" className="font-semibold text-primary underline">
              inicia sesión
            </Link>
            .
          </span>
        </p>
      </section>
    );
  }
  return (
    <section className="w-full max-w-md rounded-card border border-border bg-surface p-6 shadow-soft sm:p-8">
      {loaderData.token ? (
        <p className="mb-1 text-sm font-semibold text-muted">Paso 1 de 2</p>
      ) : null}
      <h1 className="text-h2">Crear cuenta de administrador</h1>
      {loaderData.token ? (
        <>
          <p className="mt-2 text-muted">
            Es la primera cuenta del sitio: será la cuenta de administrador, con acceso a todo el
            área de gestión. Este enlace solo sirve una vez. Después activarás la verificación en
            dos pasos con el móvil (paso 2).
          </p>
          <div className="mt-6">
            <SignUpForm
              result={result}
              token={loaderData.token}
              constraints={loaderData.constraints}
              submitLabel="Crear cuenta de administrador"
            />
          </div>
        </>
      ) : (
        <div className="mt-6">
          <AuthError message={MESSAGES.setupInvalid} />
        </div>
      )}
    </section>
  );
}
