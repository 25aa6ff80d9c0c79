import { data } from "react-router";
import { PageHeader } from "~/components/site/page-header";
import { ReviewForm, type ReviewServerResult } from "~/components/site/review-form";
import { database } from "~/context";
import { clientInfo } from "~/modules/accounts/guard.server";
import { INVITATION_MESSAGES } from "~/modules/reviews/messages";
import { submitReview } from "~/modules/reviews/reviews.server";
import { ReviewSchema } from "~/modules/reviews/schema";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/review-new";
import { readForm } from "~/utils/form";
import { htmlConstraints } from "~/utils/form-schema";
import { requestSettings } from "~/modules/settings/settings.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Dejar una reseña",
    description: "Cuéntanos cómo ha sido tu experiencia en consulta o en los grupos.",
    path: "/resenas/nueva",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { reviewsOpen } = await requestSettings(context);
  return { constraints: htmlConstraints(ReviewSchema), open: reviewsOpen };
}

/**
 * The review form posts here: from the landing page's dialog through a fetcher, or as a plain
 * form from this page and from an invitation's page (this page shows the answer). `{ review: FormResult }`, with what was typed when refused.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await readForm(request));
  const result = await submitReview(await database(context), fields, clientInfo(request, context));
  if (result.ok) {
    return { review: { ok: true, withdrawUrl: result.withdrawUrl } as ReviewServerResult };
  }
  const values: Record<string, string> = {};
  for (const key of ["name", "role", "content", "rating", "consent"]) {
    const value = fields[key];
    if (typeof value === "string") values[key] = value.trim();
  }
  // An invited review refused (a field to fix) is sent again with its invitation.
  if (typeof fields.invitacion === "string") values.invitacion = fields.invitacion.slice(0, 100);
  const { status, ...failure } = result;
  return data({ review: { ...failure, values } as ReviewServerResult }, { status });
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Dejar una reseña" lead="Cuéntanos cómo ha sido tu experiencia." />
      <div className="container-page max-w-2xl py-12">
        {loaderData.open || actionData ? (
          <ReviewForm
            key={actionData ? "sent" : "new"}
            serverResult={actionData?.review}
            constraints={loaderData.constraints}
            invitation={
              actionData && !actionData.review.ok ? actionData.review.values?.invitacion : undefined
            }
          />
        ) : (
          <p>{INVITATION_MESSAGES.closed}</p>
        )}
      </div>
    </>
  );
}
