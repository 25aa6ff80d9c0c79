import { PrivacyPolicy } from "~/components/site/legal/privacy-policy";
import { LegalPage, legalMeta } from "~/components/site/legal/legal-page";
import { database } from "~/context";
import { getBookingConfig } from "~/modules/booking/booking.server";
import type { Route } from "./+types/privacy";

export const meta = legalMeta("/privacidad");

/** The retention period of appointments, which the policy states (it is set in Citas). */
export async function loader({ context }: Route.LoaderArgs) {
  const config = await getBookingConfig(await database(context));
  return { appointmentRetentionDays: config.retentionDays };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      path="/privacidad"
      Document={(props) => (
        <PrivacyPolicy {...props} appointmentRetentionDays={loaderData.appointmentRetentionDays} />
      )}
    />
  );
}
