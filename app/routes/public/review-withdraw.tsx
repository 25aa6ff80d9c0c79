import { data } from "react-router";
import { PageHeader } from "~/components/site/page-header";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { database } from "~/context";
import { reviewByWithdrawalToken, withdrawReview } from "~/modules/reviews/invitations.server";
import { formFailure, readForm } from "~/utils/form";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/review-withdraw";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Retirar tu reseña",
    path: "/resenas/retirar",
    noindex: true,
  });

const INVALID = "El enlace no es válido o la reseña ya se ha retirado.";

/** The link every reviewer gets: shows the review; the button withdraws and erases it. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const token = (url.searchParams.get("token") ?? "").slice(0, 100);
  const review = await reviewByWithdrawalToken(await database(context), token);
  if (!review) return data({ token, review: null }, { status: 404 });
  return { token, review: { name: review.name, content: review.content } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "").slice(0, 100);
  if (!(await withdrawReview(await database(context), token))) {
    return data(formFailure(INVALID), { status: 404 });
  }
  return { ok: true as const };
}

export default function ReviewWithdrawPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, review } = loaderData;
  return (
    <>
      <PageHeader title="Retirar tu reseña" />
      <div className="container-page flex max-w-2xl flex-col gap-6 py-12">
        {actionData?.ok ? (
          <Banner variant="success" role="status">
            Tu reseña se ha retirado y se ha borrado por completo.
          </Banner>
        ) : actionData && !actionData.ok ? (
          <Banner variant="error" role="alert">
            {actionData.formError}
          </Banner>
        ) : !review ? (
          <Banner variant="error" role="alert">
            {INVALID}
          </Banner>
        ) : (
          <>
            <blockquote className="rounded-card border border-border bg-surface p-5">
              <p className="whitespace-pre-line">{review.content}</p>
              <footer className="mt-2 text-sm text-muted">— {review.name}</footer>
            </blockquote>
            <p>
              Si la retiras, deja de mostrarse y se borra de la base de datos. No se puede deshacer.
            </p>
            <form method="post">
              <input type="hidden" name="token" value={token} />
              <Button type="submit" variant="danger">
                Retirar y borrar mi reseña
              </Button>
            </form>
          </>
        )}
        <a href="/" className="font-semibold text-primary underline">
          Volver al inicio
        </a>
      </div>
    </>
  );
}
