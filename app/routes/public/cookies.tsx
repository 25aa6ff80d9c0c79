import { CookiePolicy } from "~/components/site/legal/cookie-policy";
import { LegalPage, legalMeta } from "~/components/site/legal/legal-page";

export const meta = legalMeta("/cookies");

export default function Page() {
  return <LegalPage path="/cookies" Document={CookiePolicy} />;
}
