import { Suspense } from "react";
import { Outlet } from "react-router";
import { ConsentBanner } from "~/components/site/consent/consent-banner";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { useRootData } from "~/root";

export default function PublicLayout() {
  const root = useRootData();
  if (!root) return <Outlet />;
  return (
    <>
      {/* Header and footer hydrate apart from the page (Suspense boundaries) where the page
          hydrates: shorter tasks. */}
      <Suspense>
        <SiteHeader
          settings={root.settings}
          signedIn={Boolean(root.user)}
          newReviews={(root.reviewNotice?.fresh ?? 0) > 0}
        />
      </Suspense>
      <main id="contenido" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <Suspense>
        <SiteFooter
          settings={root.settings}
          signedIn={Boolean(root.user)}
          registration={root.registration}
        />
      </Suspense>
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
