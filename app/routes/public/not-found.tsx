import { data } from "react-router";
import { ErrorPage } from "~/components/site/error-page";

/** Any unknown path: the spec's 404 page with a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
