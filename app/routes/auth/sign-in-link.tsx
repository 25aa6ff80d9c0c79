import { Form, redirect, useNavigation } from "react-router";
import { type AuthActionData, AuthError } from "~/components/auth/auth-forms";
import { Button } from "~/components/ui/button";
import { database } from "~/context";
import { redeemSignInLink } from "~/modules/accounts/sign-in-link.server";
import { clientInfo } from "~/modules/accounts/guard.server";
import { MESSAGES } from "~/modules/accounts/schemas";
import { failure, orUnexpected, withCookies } from "~/utils/action.server";
import { readForm } from "~/utils/form";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import { toastHeader } from "~/utils/toast.server";
import { isToken } from "~/platform/tokens.server";
import type { Route } from "./+types/sign-in-link";

/**
 * /auth/acceso?token=…: the link e-mailed when an account's failure budget is spent and its right
 * password came from a browser it never signed in from (sign-in.server.ts, `signInByLink`). The
 * page only shows a button: the POST (token in the body, as /auth/restablecer does) spends the link
 * and makes this browser a known device; the person then signs in as usual.
 */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Confirmar el acceso",
    path: "/auth/acceso",
    noindex: true,
  });

export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  return { token: isToken(token) ? token : "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return orUnexpected(MESSAGES.signInFailed, async () => {
    const result = await redeemSignInLink(
      await database(context),
      form.get("token"),
      clientInfo(request, context),
    );
    if (!result.ok) return failure(result);
    const toast = await toastHeader({
      title: "Navegador confirmado",
      description: "Ya puedes iniciar sesión con tu contraseña.",
    });
    return redirect("/auth", { headers: withCookies(result.headers, toast) });
  });
}

export default function SignInLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as AuthActionData | undefined;
  const submitting = useNavigation().state === "submitting";
  return (
    <section className="w-full max-w-md rounded-card border border-border bg-surface p-6 shadow-soft sm:p-8">
      <h1 className="text-h2">Confirmar el acceso</h1>
      {loaderData.token ? (
        <Form method="post" className="mt-6 flex flex-col gap-4">
          <p>
            Confirma que este navegador es tuyo. Después, inicia sesión con tu contraseña (y el
            código de tu aplicación, si usas la verificación en dos pasos).
          </p>
          <input type="hidden" name="token" value={loaderData.token} />
          <AuthError message={result?.formError} />
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? "Confirmando..." : "Confirmar este navegador"}
          </Button>
        </Form>
      ) : (
        <div className="mt-6">
          <AuthError message={MESSAGES.signInLinkInvalid} />
        </div>
      )}
    </section>
  );
}
