import { Form, redirect, useNavigation } from "react-router";
import {
  CurrentPasswordField,
  AppCodeField,
  AuthError,
  useAccountForm,
} from "~/components/auth/auth-forms";
import { Button } from "~/components/ui/button";
import { database } from "~/context";
import { clientInfo, requestSession, requireUser } from "~/modules/accounts/guard.server";
import { redirectTarget } from "~/modules/accounts/guard.server";
import { reauthenticate } from "~/modules/accounts/sessions.server";
import { readForm } from "~/utils/form";
import { ConfirmPasswordSchema, ConfirmWithCodeSchema } from "~/modules/accounts/schemas";
import { htmlConstraints } from "~/utils/form-schema";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { failure } from "~/utils/action.server";
import type { Route } from "./+types/reauth";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Confirma que eres tú",
    path: "/auth/confirmar",
    noindex: true,
  });

/** Asks the password (and the code, when enrolled) again before a sensitive action. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const state = await requestSession(request, context);
  if (!state) throw redirect("/auth");
  return {
    redirectTo: redirectTarget(url.searchParams.get("redirectTo")),
    needsCode: state.user.twoFactorEnabled,
    constraints: htmlConstraints(
      state.user.twoFactorEnabled ? ConfirmWithCodeSchema : ConfirmPasswordSchema,
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const state = await requestSession(request, context);
  if (!state) throw redirect("/auth");
  const form = await readForm(request);
  const result = await reauthenticate(
    await database(context),
    request.headers.get("cookie"),
    state,
    { password: form.get("password"), code: form.get("code") },
    clientInfo(request, context),
  );
  if (!result.ok) return failure(result);
  return redirectWithToast(redirectTarget(String(form.get("redirectTo") ?? "")), {
    title: "Identidad confirmada",
    description: "Ya puedes repetir la acción durante los próximos 10 minutos.",
  });
}

export default function ReauthPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { field, formError, formProps } = useAccountForm(
    actionData,
    loaderData.needsCode ? "ConfirmWithCodeSchema" : "ConfirmPasswordSchema",
    loaderData.constraints,
  );
  return (
    <section className="w-full max-w-md rounded-card border border-border bg-surface p-6 shadow-soft sm:p-8">
      <h1 className="text-h2">Confirma que eres tú</h1>
      <p className="mt-2 text-muted">
        Esta acción es delicada. Para continuar, escribe de nuevo tu contraseña
        {loaderData.needsCode ? " y el código de tu aplicación de autenticación" : ""}.
      </p>
      <Form method="post" className="mt-6 flex flex-col gap-4" {...formProps}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <AuthError message={formError} />
        <CurrentPasswordField {...field("password")} />
        {loaderData.needsCode ? <AppCodeField {...field("code")} /> : null}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Comprobando…" : "Confirmar"}
        </Button>
      </Form>
    </section>
  );
}
