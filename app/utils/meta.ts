import type { MetaDescriptor } from "react-router";
import type { Settings } from "~/modules/settings/schemas";

interface RootData {
  settings: Settings;
  publicUrl: string;
}

/** Title ('… | site name'), description and canonical URL for a public page. */
export function pageMeta(
  root: RootData | undefined,
  page: { title: string; description?: string; path: string; noindex?: boolean },
): MetaDescriptor[] {
  const siteName = root?.settings.siteName ?? "";
  const title = siteName ? `${page.title} | ${siteName}` : page.title;
  const description = page.description ?? root?.settings.siteDescription ?? "";
  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: description }];
  if (root) tags.push({ tagName: "link", rel: "canonical", href: `${root.publicUrl}${page.path}` });
  if (page.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  return tags;
}

/** Loader data of the root route from a meta function's `matches`. */
export function rootFromMatches(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
) {
  return matches.find((m) => m?.id === "root")?.data as RootData | undefined;
}
