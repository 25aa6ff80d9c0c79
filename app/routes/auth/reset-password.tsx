import { Form, redirect, useNavigation } from "react-router";
import { type AuthActionData, AuthError } from "~/components/site/auth-forms";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { getDb } from "~/db/client.server";
import { resetPassword } from "~/modules/accounts/accounts.server";
import { clientInfo } from "~/modules/accounts/guard.server";
import { failure } from "~/modules/accounts/handlers.server";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import { toastHeader } from "~/utils/toast.server";
import type { Route } from "./+types/reset-password";
import { readForm } from "~/utils/form";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Elegir contraseña nueva",
    path: "/auth/restablecer",
    noindex: true,
  });

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = await resetPassword(
    await getDb(),
    { token: form.get("token"), password: form.get("password"), confirm: form.get("confirm") },
    clientInfo(request, context),
  );
  if (!result.ok) return failure(result);
  const toast = await toastHeader({
    title: "Contraseña actualizada",
    description: "Ya puedes iniciar sesión con tu contraseña nueva.",
  });
  return redirect("/auth", { headers: { "Set-Cookie": toast } });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as AuthActionData | undefined;
  const submitting = useNavigation().state === "submitting";
  const errors = result?.fieldErrors ?? {};
  return (
    <section className="w-full max-w-md rounded-card border border-border bg-surface p-6 shadow-soft sm:p-8">
      <h1 className="text-h2">Elegir contraseña nueva</h1>
      {loaderData.token ? (
        <Form method="post" className="mt-6 flex flex-col gap-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <AuthError message={result?.formError ?? errors.token?.[0]} />
          <FormField
            label="Contraseña nueva"
            name="password"
            required
            errors={errors.password}
            description="Al menos 8 caracteres."
          >
            {(field) => (
              <Input
                {...field}
                type="password"
                autoComplete="new-password"
                required
                minLength={8}
                maxLength={128}
              />
            )}
          </FormField>
          <FormField label="Repite la contraseña" name="confirm" required errors={errors.confirm}>
            {(field) => <Input {...field} type="password" autoComplete="new-password" required />}
          </FormField>
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? "Guardando..." : "Guardar contraseña"}
          </Button>
        </Form>
      ) : (
        <div className="mt-6">
          <AuthError message="El enlace no es válido o ha caducado. Solicita uno nuevo." />
        </div>
      )}
    </section>
  );
}
