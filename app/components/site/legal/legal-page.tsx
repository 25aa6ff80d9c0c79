import type { MetaFunction } from "react-router";
import { PageHeader } from "~/components/site/page-header";
import type { Settings } from "~/modules/settings/schemas";
import { useRootData } from "~/root";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import { type LegalPath, legalPage } from "./pages";

/**
 * A legal page: its title and, below, its text. Each route module names its own document, so a
 * page loads only its text; `children` come after it (the accessibility statement's form).
 */
export function LegalPage({
  path,
  Document,
  children,
}: {
  path: LegalPath;
  Document: (props: { settings: Settings }) => React.ReactNode;
  children?: React.ReactNode;
}) {
  const root = useRootData();
  if (!root) return null;
  return (
    <>
      <PageHeader title={legalPage(path).title} />
      <div className="container-page py-12">
        <div className="prose-reading">
          <Document settings={root.settings} />
        </div>
        {children}
      </div>
    </>
  );
}

/** The meta tags of the legal page at `path`. */
export function legalMeta(path: LegalPath): MetaFunction {
  const page = legalPage(path);
  return ({ matches }) =>
    pageMeta(rootFromMatches(matches), {
      title: page.title,
      description: page.description,
      path: page.path,
      breadcrumbs: [{ name: page.title, path: page.path }],
    });
}
