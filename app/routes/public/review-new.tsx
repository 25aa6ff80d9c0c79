import { data } from "react-router";
import { PageHeader } from "~/components/site/page-header";
import { ReviewForm, type ReviewServerResult } from "~/components/site/review-form";
import { getDb } from "~/db/client.server";
import { clientInfo } from "~/modules/accounts/guard.server";
import { submitReview } from "~/modules/reviews/reviews.server";
import { readReview } from "~/modules/reviews/schema";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/review-new";
import { readForm } from "~/utils/form";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Dejar una reseña",
    description: "Cuéntanos cómo ha sido tu experiencia en consulta o en los grupos.",
    path: "/resenas/nueva",
  });

/** The review form as a plain page: what 'Dejar una reseña' opens without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await readForm(request));
  const result = await submitReview(await getDb(), fields, clientInfo(request, context));
  if (result.ok) return { review: { ok: true } as ReviewServerResult };
  const { name, role, content, rating } = readReview(fields);
  return data(
    {
      review: {
        ok: false,
        errors: result.errors,
        formError: result.formError ?? null,
        values: { name, role, content, rating: Number.isInteger(rating) ? rating : 5 },
      } as ReviewServerResult,
    },
    { status: result.status },
  );
}

export default function ReviewPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Dejar una reseña" lead="Cuéntanos cómo ha sido tu experiencia." />
      <div className="container-page max-w-2xl py-12">
        <ReviewForm key={actionData ? "sent" : "new"} serverResult={actionData?.review} />
      </div>
    </>
  );
}
