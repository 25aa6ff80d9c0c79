import { Outlet, useLoaderData } from "react-router";
import { ConsentBanner } from "~/components/site/consent/consent-banner";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { database } from "~/context";
import { madridDate } from "~/modules/booking/slots";
import { shownAuthorisation } from "~/modules/compliance/advertising.server";
import { useRootData } from "~/root";
import type { Route } from "./+types/layout";

/**
 * Public pages never render in the browser's application (docs/decisions/020): a navigation from
 * the admin area or the account pages to one (a link, or a form whose answer leads there, such as
 * signing out) loads it as a document, which brings its site script and its one-time message.
 * The server's loader is not called from here, so that message is still there for the document.
 * (The server's loader below also makes the server render the layout: a route with only a
 * client loader would be left to the browser.)
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The advertising authorisation of this page's text, while it is in force and the text is the
  // one authorised (Estado legal, «Textos publicitarios autorizados»): shown in the footer.
  const path = new URL(request.url).pathname;
  const shown = await shownAuthorisation(await database(context), path, madridDate(Date.now()));
  return {
    advertising: shown
      ? `Texto publicitario autorizado: nº ${shown.number}, válido hasta el ${shown.expiresOn.split("-").reverse().join("/")}`
      : null,
  };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

export default function PublicLayout() {
  const root = useRootData();
  const page = useLoaderData<typeof loader>();
  if (!root) return <Outlet />;
  return (
    <>
      <SiteHeader
        settings={root.settings}
        signedIn={Boolean(root.user)}
        newReviews={(root.reviewNotice?.fresh ?? 0) > 0}
      />
      <main id="contenido" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter
        settings={root.settings}
        signedIn={Boolean(root.user)}
        registration={
          page?.advertising ? [...root.registration, page.advertising] : root.registration
        }
      />
      <ConsentBanner
        measurementId={
          root.settings.analyticsEnabled && root.settings.analyticsMeasurementId
            ? root.settings.analyticsMeasurementId
            : null
        }
      />
    </>
  );
}
