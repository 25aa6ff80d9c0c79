import { Form, redirect, useNavigation } from "react-router";
import {
  AccountField,
  type AuthActionData,
  AuthError,
  useAccountForm,
} from "~/components/auth/auth-forms";
import { Button } from "~/components/ui/button";
import { database } from "~/context";
import { resetPassword } from "~/modules/accounts/password-reset.server";
import { clientInfo } from "~/modules/accounts/guard.server";
import { MESSAGES, PASSWORD_MIN } from "~/modules/accounts/messages";
import { ResetPasswordSchema } from "~/modules/accounts/schemas";
import { failure, orUnexpected } from "~/utils/action.server";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import { toastHeader } from "~/utils/toast.server";
import type { Route } from "./+types/reset-password";
import { readForm } from "~/utils/form";
import { htmlConstraints } from "~/utils/form-schema";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Elegir contraseña nueva",
    path: "/auth/restablecer",
    noindex: true,
  });

export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  return {
    // A token that cannot be one (the schema's 10 to 200 characters) shows "link not valid".
    token: /^.{10,200}$/.test(token) ? token : "",
    constraints: htmlConstraints(ResetPasswordSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return orUnexpected(MESSAGES.newPasswordFailed, () => save(request, context, form));
}

async function save(request: Request, context: Route.ActionArgs["context"], form: FormData) {
  const result = await resetPassword(
    await database(context),
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
  const { field, formError, formProps } = useAccountForm(
    result,
    "ResetPasswordSchema",
    loaderData.constraints,
  );
  return (
    <section className="w-full max-w-md rounded-card border border-border bg-surface p-6 shadow-soft sm:p-8">
      <h1 className="text-h2">Elegir contraseña nueva</h1>
      {loaderData.token ? (
        <Form method="post" className="mt-6 flex flex-col gap-4" {...formProps}>
          <input type="hidden" name="token" value={loaderData.token} />
          <AuthError message={formError ?? result?.fieldErrors.token?.[0]} />
          <AccountField
            label="Contraseña nueva"
            {...field("password")}
            type="password"
            autoComplete="new-password"
            description={`Al menos ${PASSWORD_MIN} caracteres.`}
          />
          <AccountField
            label="Repite la contraseña"
            {...field("confirm")}
            type="password"
            autoComplete="new-password"
          />
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
