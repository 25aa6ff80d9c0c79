import { PrivacyPolicy } from "~/components/site/legal/privacy-policy";
import { LegalPage, legalMeta } from "~/components/site/legal/legal-page";
import { database } from "~/context";
import { getBookingConfig } from "~/modules/booking/booking.server";
import { busyFeedAddress } from "~/modules/booking/busy-feed.server";
import { configuredProcessors } from "~/modules/compliance/processors.server";
import { getSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/privacy";

export const meta = legalMeta("/privacidad");

/** What the policy states from the configuration: appointments' retention, the processors. */
export async function loader({ context }: Route.LoaderArgs) {
  const db = await database(context);
  const [config, settings, feedUrl] = await Promise.all([
    getBookingConfig(db),
    getSettings(db),
    busyFeedAddress(db),
  ]);
  return {
    appointmentRetentionDays: config.retentionDays,
    processors: configuredProcessors(settings, feedUrl),
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      path="/privacidad"
      Document={(props) => (
        <PrivacyPolicy
          {...props}
          appointmentRetentionDays={loaderData.appointmentRetentionDays}
          processors={loaderData.processors}
        />
      )}
    />
  );
}
