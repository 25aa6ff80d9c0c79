import { data } from "react-router";
import { ErrorPage } from "~/components/site/error-page";
import { NotFoundSuggestions, SUGGESTED_ARTICLES } from "~/components/site/not-found-suggestions";
import { database } from "~/context";
import { recentArticleLinks } from "~/modules/blog/blog.server";
import type { Route } from "./+types/not-found";

/** Any unknown path: the 404 page with a real 404 status, and what to read instead. */
export async function loader({ context }: Route.LoaderArgs) {
  return data(
    { recent: await recentArticleLinks(await database(context), SUGGESTED_ARTICLES) },
    { status: 404 },
  );
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <ErrorPage status={404}>
      <NotFoundSuggestions recent={loaderData.recent} blogLabel="Ver todos los artículos" />
    </ErrorPage>
  );
}
