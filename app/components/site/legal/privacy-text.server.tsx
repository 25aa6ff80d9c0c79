import { renderToStaticMarkup } from "react-dom/server";
import type { Processor } from "~/modules/compliance/processors";
import type { Settings } from "~/modules/settings/schemas";
import { PrivacyPolicy } from "./privacy-policy";

/**
 * The privacy policy as visitors read it, as HTML: 'Estado legal' checks in it that every
 * processor configured is named (docs/compliance.md).
 */
export function privacyPolicyHtml(settings: Settings, processors: Processor[]) {
  return renderToStaticMarkup(<PrivacyPolicy settings={settings} processors={processors} />);
}
