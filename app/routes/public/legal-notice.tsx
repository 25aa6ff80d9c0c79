import { LegalNotice } from "~/components/site/legal/legal-notice";
import { LegalPage, legalMeta } from "~/components/site/legal/legal-page";

export const meta = legalMeta("/aviso-legal");

export default function Page() {
  return <LegalPage path="/aviso-legal" Document={LegalNotice} />;
}
