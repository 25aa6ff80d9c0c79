import { PrivacyPolicy } from "~/components/site/legal/privacy-policy";
import { LegalPage, legalMeta } from "~/components/site/legal/legal-page";

export const meta = legalMeta("/privacidad");

export default function Page() {
  return <LegalPage path="/privacidad" Document={PrivacyPolicy} />;
}
