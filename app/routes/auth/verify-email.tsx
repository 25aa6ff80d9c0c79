import { Form, redirect } from "react-router";
import { AuthError } from "~/components/auth/auth-forms";
import { Button } from "~/components/ui/button";
import { database } from "~/context";
import { verifyEmail } from "~/modules/accounts/sign-up.server";
import { clientInfo } from "~/modules/accounts/guard.server";
import { MESSAGES } from "~/modules/accounts/schemas";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import { toastHeader } from "~/utils/toast.server";
import type { Route } from "./+types/verify-email";
import { readForm } from "~/utils/form";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Confirmar email",
    path: "/auth/verificar",
    noindex: true,
  });

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

/** Confirming is a POST (a GET never changes state), one click from the e-mail's link. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await readForm(request)).get("token") ?? "").slice(0, 2000);
  const ok =
    token !== "" &&
    (await verifyEmail(await database(context), token, clientInfo(request, context)));
  if (!ok) return { error: MESSAGES.invalidToken };
  const toast = await toastHeader({
    title: "Email confirmado",
    description: "Ya puedes iniciar sesión.",
  });
  return redirect("/auth", { headers: { "Set-Cookie": toast } });
}

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="w-full max-w-md rounded-card border border-border bg-surface p-6 shadow-soft sm:p-8">
      <h1 className="text-h2">Confirmar email</h1>
      <div className="mt-6 flex flex-col gap-4">
        <AuthError message={actionData?.error} />
        {loaderData.token ? (
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <Button type="submit" size="lg">
              Confirmar mi email
            </Button>
          </Form>
        ) : (
          <AuthError message={MESSAGES.invalidToken} />
        )}
      </div>
    </section>
  );
}
