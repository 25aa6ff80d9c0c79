import type { MetaDescriptor } from "react-router";
import {
  breadcrumbJsonLd,
  type Crumb,
  DEFAULT_OG_IMAGE_PATH,
  type JsonLd,
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
} from "~/modules/seo/structured-data";
import type { Settings } from "~/modules/settings/schemas";

interface RootData {
  settings: Settings;
  publicUrl: string;
  /** False while the identity data are the examples: every page answers noindex. */
  indexable?: boolean;
}

export interface PageMetaInput {
  title: string;
  description?: string;
  /** Path of the page, e.g. "/blog/respirar" (the canonical URL and og:url). */
  path: string;
  noindex?: boolean;
  /** Open Graph type: "website" unless an article. */
  type?: "website" | "article";
  /** For articles: ISO dates for article:published_time / article:modified_time. */
  publishedTime?: string;
  modifiedTime?: string;
  /** A 1200×630 PNG path under this site; the default social card otherwise. */
  image?: { path: string; alt: string };
  /** Inner pages: the trail after "Inicio", ending with the page itself (BreadcrumbList). */
  breadcrumbs?: Crumb[];
  /** Further JSON-LD objects (one <script type="application/ld+json"> each). */
  jsonLd?: JsonLd[];
}

/**
 * Title ('… | site name'), description, canonical URL and, on indexable pages, Open Graph and
 * Twitter card tags (absolute URLs from PUBLIC_URL) and JSON-LD. Pages marked noindex get
 * `robots: noindex, nofollow` and no sharing tags; while the site's identity data are the
 * examples, every page gets `robots: noindex, nofollow` too.
 */
export function pageMeta(root: RootData | undefined, page: PageMetaInput): MetaDescriptor[] {
  const siteName = root?.settings.siteName ?? "";
  const title = siteName ? `${page.title} | ${siteName}` : page.title;
  const description = page.description ?? root?.settings.siteDescription ?? "";
  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: description }];
  if (root) tags.push({ tagName: "link", rel: "canonical", href: `${root.publicUrl}${page.path}` });
  if (page.noindex) {
    tags.push({ name: "robots", content: "noindex, nofollow" });
    return tags;
  }
  // A public page of a site whose identity data are still the examples: out of search engines
  // (the rest of the page's tags stay, so nothing else changes once the data are real).
  if (root?.indexable === false) tags.push({ name: "robots", content: "noindex, nofollow" });
  if (!root) return tags;
  const base = root.publicUrl;
  const url = `${base}${page.path}`;
  const image = `${base}${page.image?.path ?? DEFAULT_OG_IMAGE_PATH}`;
  const imageAlt = page.image?.alt || siteName;
  const type = page.type ?? "website";
  tags.push(
    { property: "og:type", content: type },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "es_ES" },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(OG_IMAGE_WIDTH) },
    { property: "og:image:height", content: String(OG_IMAGE_HEIGHT) },
    { property: "og:image:alt", content: imageAlt },
  );
  if (type === "article") {
    if (page.publishedTime)
      tags.push({ property: "article:published_time", content: page.publishedTime });
    if (page.modifiedTime)
      tags.push({ property: "article:modified_time", content: page.modifiedTime });
  }
  tags.push(
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  );
  if (page.breadcrumbs?.length)
    tags.push({ "script:ld+json": breadcrumbJsonLd(page.breadcrumbs, base) });
  for (const ld of page.jsonLd ?? []) tags.push({ "script:ld+json": ld });
  return tags;
}

/** Loader data of the root route from a meta function's `matches`. */
export function rootFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
) {
  return matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
}
