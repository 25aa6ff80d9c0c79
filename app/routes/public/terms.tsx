import { TermsOfUse } from "~/components/site/legal/terms-of-use";
import { LegalPage, legalMeta } from "~/components/site/legal/legal-page";

export const meta = legalMeta("/uso-web");

export default function Page() {
  return <LegalPage path="/uso-web" Document={TermsOfUse} />;
}
