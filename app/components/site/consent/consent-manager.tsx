import { lazy, Suspense, useEffect, useState } from "react";
import { type Consent, CONSENT_EVENT, readConsent } from "~/utils/consent";

const ConsentBanner = lazy(() =>
  import("./consent-banner").then((m) => ({ default: m.ConsentBanner })),
);
const Analytics = lazy(() => import("./analytics").then((m) => ({ default: m.Analytics })));

/**
 * Asks for consent when there is something optional to consent to (analytics configured) and no
 * valid choice yet; loads the analytics only after 'Aceptar'. Without JavaScript nothing
 * optional ever loads, so no banner is needed.
 */
export function ConsentManager({ measurementId }: { measurementId: string | null }) {
  const [consent, setConsent] = useState<Consent | null>(null);
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState(false);

  useEffect(() => {
    const stored = readConsent();
    setConsent(stored);
    if (!stored && measurementId) setOpen(true);
    const onEvent = (event: Event) => {
      const detail = (event as CustomEvent<{ open?: boolean; saved?: Consent }>).detail;
      if (detail.open) {
        setFocus(true);
        setOpen(true);
      }
      if (detail.saved) {
        setConsent(detail.saved);
        setOpen(false);
      }
    };
    window.addEventListener(CONSENT_EVENT, onEvent);
    return () => window.removeEventListener(CONSENT_EVENT, onEvent);
  }, [measurementId]);

  return (
    <Suspense fallback={null}>
      {open ? (
        <ConsentBanner
          analyticsAvailable={Boolean(measurementId)}
          current={consent}
          takeFocus={focus}
          onClose={() => setOpen(false)}
        />
      ) : null}
      {measurementId && consent?.analytics ? <Analytics measurementId={measurementId} /> : null}
    </Suspense>
  );
}
