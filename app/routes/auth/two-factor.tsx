import { Form, Link, redirect, useNavigation } from "react-router";
import {
  AccountField,
  AppCodeField,
  AuthError,
  useAccountForm,
} from "~/components/auth/auth-forms";
import { Button } from "~/components/ui/button";
import { database } from "~/context";
import { clientInfo, redirectTarget } from "~/modules/accounts/guard.server";
import { withCookies } from "~/utils/action.server";
import {
  completeTwoFactorSignIn,
  hasTwoFactorChallenge,
} from "~/modules/accounts/two-factor.server";
import { readForm } from "~/utils/form";
import { htmlConstraints } from "~/utils/form-schema";
import { AppCodeSchema, RecoveryCodeSchema } from "~/modules/accounts/schemas";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import { toastHeader } from "~/utils/toast.server";
import { failure } from "~/utils/action.server";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Verificación en dos pasos",
    path: "/auth/verificacion",
    noindex: true,
  });

/** Second step of the sign-in, after the password: a code from the app or a recovery code. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const redirectTo = redirectTarget(url.searchParams.get("redirectTo"));
  if (!hasTwoFactorChallenge(request.headers.get("cookie"))) {
    throw redirect(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  }
  const method = url.searchParams.get("metodo") === "recuperacion" ? "recovery" : "totp";
  const schema = method === "totp" ? AppCodeSchema : RecoveryCodeSchema;
  return { redirectTo, method, constraints: htmlConstraints(schema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = await completeTwoFactorSignIn(
    await database(context),
    request.headers.get("cookie"),
    { method: form.get("method"), code: form.get("code") },
    clientInfo(request, context),
  );
  if (!result.ok) return failure(result);
  const toast = await toastHeader({
    title: "Éxito",
    description: "Has iniciado sesión correctamente",
  });
  return redirect(redirectTarget(String(form.get("redirectTo") ?? "")), {
    headers: withCookies(result.headers, toast),
  });
}

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, method, constraints } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const totp = method === "totp";
  const { field, formError, formProps } = useAccountForm(
    actionData,
    totp ? "AppCodeSchema" : "RecoveryCodeSchema",
    constraints,
  );
  const other = new URLSearchParams({ redirectTo });
  if (totp) other.set("metodo", "recuperacion");
  return (
    <section className="w-full max-w-md rounded-card border border-border bg-surface p-6 shadow-soft sm:p-8">
      <h1 className="text-h2">Verificación en dos pasos</h1>
      <p className="mt-2 text-muted">
        {totp
          ? "Escribe el código de 6 dígitos que muestra tu aplicación de autenticación."
          : "Escribe uno de los códigos de recuperación que guardaste al activar la verificación. Cada código sirve una sola vez."}
      </p>
      <Form method="post" className="mt-6 flex flex-col gap-4" {...formProps}>
        <input type="hidden" name="method" value={method} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <AuthError message={formError} />
        {totp ? (
          <AppCodeField key="totp" {...field("code")} />
        ) : (
          <AccountField
            key="recovery"
            label="Código de recuperación"
            autoComplete="off"
            {...field("code")}
          />
        )}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Comprobando…" : "Verificar"}
        </Button>
      </Form>
      <div className="mt-6 flex flex-col items-start gap-2 border-t border-border pt-4 text-sm">
        <Link
          to={`/auth/verificacion?${other.toString()}`}
          className="font-semibold text-primary underline"
        >
          {totp ? "Usar un código de recuperación" : "Usar el código de la aplicación"}
        </Link>
        <Link to="/auth" className="text-primary underline">
          Volver a iniciar sesión
        </Link>
      </div>
    </section>
  );
}
