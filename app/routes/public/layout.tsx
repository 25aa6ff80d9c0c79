import { Outlet } from "react-router";
import { ConsentManager } from "~/components/site/consent/consent-manager";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { useRootData } from "~/root";

export default function PublicLayout() {
  const root = useRootData();
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
      <SiteFooter settings={root.settings} signedIn={Boolean(root.user)} />
      <ConsentManager
        measurementId={
          root.settings.analyticsEnabled && root.settings.analyticsMeasurementId
            ? root.settings.analyticsMeasurementId
            : null
        }
      />
    </>
  );
}
