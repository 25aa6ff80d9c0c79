import { PageHeader } from "~/components/site/page-header";
import { ReviewForm } from "~/components/site/review-form";
import { Banner } from "~/components/ui/banner";
import { database } from "~/context";
import { openInvitation } from "~/modules/reviews/invitations.server";
import { INVITATION_MESSAGES } from "~/modules/reviews/messages";
import { ReviewSchema } from "~/modules/reviews/schema";
import { htmlConstraints } from "~/utils/form-schema";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/review-invitation";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Dejar una reseña",
    path: "/resenas/invitacion",
    noindex: true,
  });

/**
 * The link of a review invitation (docs/compliance.md): the review form, which sends the token
 * with the review to /resenas/nueva; that review is verified. Never cached (a personal link).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const token = (url.searchParams.get("token") ?? "").slice(0, 100);
  const open = await openInvitation(await database(context), token);
  return {
    token: open ? token : null,
    displayName: open?.displayName ?? "",
    constraints: htmlConstraints(ReviewSchema),
  };
}

export default function ReviewInvitationPage({ loaderData }: Route.ComponentProps) {
  // The form posts to /resenas/nueva, which answers (thanks, or the fields to fix).
  const { token, constraints, displayName } = loaderData;
  return (
    <>
      <PageHeader title="Dejar una reseña" lead="Gracias por aceptar la invitación." />
      <div className="container-page flex max-w-2xl flex-col gap-6 py-12">
        {token ? (
          <>
            <p className="text-muted">
              Tu reseña se mostrará como verificada, con el nombre que escribas; tu email nunca se
              muestra. Este enlace sirve una sola vez.
            </p>
            <ReviewForm constraints={constraints} invitation={token} defaultName={displayName} />
          </>
        ) : (
          <Banner variant="error" role="alert">
            {INVITATION_MESSAGES.invalid}
          </Banner>
        )}
      </div>
    </>
  );
}
