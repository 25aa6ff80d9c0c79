import { useLocation } from "react-router";
import { PageHeader } from "~/components/site/page-header";
import { CookiePolicy } from "~/components/site/legal/cookie-policy";
import { LegalNotice } from "~/components/site/legal/legal-notice";
import { type LegalPath, legalPage } from "~/components/site/legal/pages";
import { PrivacyPolicy } from "~/components/site/legal/privacy-policy";
import { TermsOfUse } from "~/components/site/legal/terms-of-use";
import type { Settings } from "~/modules/settings/schemas";
import { useRootData } from "~/root";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/legal";

/** The text of each legal page (app/components/site/legal/pages.ts lists them). */
const DOCUMENTS: Record<LegalPath, (props: { settings: Settings }) => React.ReactNode> = {
  "/aviso-legal": LegalNotice,
  "/privacidad": PrivacyPolicy,
  "/cookies": CookiePolicy,
  "/uso-web": TermsOfUse,
};

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const page = legalPage(location.pathname);
  return pageMeta(rootFromMatches(matches), {
    title: page.title,
    description: page.description,
    path: page.path,
    breadcrumbs: [{ name: page.title, path: page.path }],
  });
};

export default function LegalPage() {
  const root = useRootData();
  const page = legalPage(useLocation().pathname);
  if (!root) return null;
  const Document = DOCUMENTS[page.path];
  return (
    <>
      <PageHeader title={page.title} />
      <div className="container-page py-12">
        <div className="prose-reading">
          <Document settings={root.settings} />
        </div>
      </div>
    </>
  );
}
