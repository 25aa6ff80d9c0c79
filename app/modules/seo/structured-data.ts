import { isPlaceholder, isProfileUrl } from "~/modules/settings/defaults";
import type { Settings } from "~/modules/settings/schemas";
import { SOCIAL_NETWORKS } from "~/modules/settings/social";

/**
 * Safe in the browser (meta functions run there too): schema.org JSON-LD for the public pages,
 * built from the settings. Optional fields still holding their example value (isPlaceholder) or
 * empty are left out, so search engines never read "consulta@example.com" or "M-00000".
 * React Router's <Meta> serialises each object and escapes `<`, so no value can close the
 * <script> element (tested in structured-data.test.ts).
 */

export type JsonLd = Record<string, unknown>;

/** The default social card (1200×630 PNG) and its size. */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
export const DEFAULT_OG_IMAGE_PATH = "/og/sitio.png";
export const articleOgImagePath = (slug: string) => `/og/${encodeURIComponent(slug)}.png`;

/** A setting's value, or undefined while it is empty or still the example value. */
function real<K extends keyof Settings>(settings: Settings, key: K): Settings[K] | undefined {
  const value = settings[key];
  if (typeof value === "string" && value.trim() === "") return undefined;
  return isPlaceholder(key, value) ? undefined : value;
}

/** Social profile URLs that were actually filled in (not the bare example home pages). */
export function realSocialLinks(settings: Settings) {
  return SOCIAL_NETWORKS.map((n) => settings.socialLinks[n]).filter(isProfileUrl);
}

/** Drops undefined values (JSON.stringify would too, but tests and readers prefer clean objects). */
function clean<T extends JsonLd>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function postal(address: string | undefined) {
  return address
    ? { "@type": "PostalAddress", streetAddress: address, addressCountry: "ES" }
    : undefined;
}

/** The professional as a schema.org Person. */
export function personJsonLd(settings: Settings, publicUrl: string): JsonLd {
  const collegeNumber = real(settings, "collegeNumber");
  const partnerName = real(settings, "partnerCentreName");
  const partnerUrl = real(settings, "partnerCentreUrl");
  const sameAs = realSocialLinks(settings);
  return clean({
    "@type": "Person",
    "@id": `${publicUrl}/#profesional`,
    name: settings.professionalName,
    jobTitle: settings.professionalTitle,
    url: `${publicUrl}/sobre-mi`,
    identifier: collegeNumber
      ? clean({
          "@type": "PropertyValue",
          propertyID: real(settings, "collegeName") ?? "Número de colegiado",
          name: "Número de colegiado",
          value: collegeNumber,
        })
      : undefined,
    worksFor: partnerName
      ? clean({
          "@type": "MedicalClinic",
          name: partnerName,
          url: partnerUrl,
          address: postal(real(settings, "partnerCentreAddress")),
        })
      : undefined,
    sameAs: sameAs.length ? sameAs : undefined,
  });
}

/** Home page: the practice (a Psychologist, which is a MedicalBusiness) with its professional. */
export function practiceJsonLd(settings: Settings, publicUrl: string): JsonLd {
  const person = personJsonLd(settings, publicUrl);
  const sameAs = realSocialLinks(settings);
  return clean({
    "@context": "https://schema.org",
    "@type": "Psychologist",
    "@id": `${publicUrl}/#consulta`,
    name: settings.siteName,
    description: settings.siteDescription,
    url: `${publicUrl}/`,
    image: `${publicUrl}${DEFAULT_OG_IMAGE_PATH}`,
    telephone: real(settings, "contactPhone"),
    email: real(settings, "contactEmail"),
    address: postal(real(settings, "partnerCentreAddress") ?? real(settings, "postalAddress")),
    founder: person,
    employee: { "@id": person["@id"] },
    sameAs: sameAs.length ? sameAs : undefined,
  });
}

export function websiteJsonLd(settings: Settings, publicUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${publicUrl}/#sitio`,
    name: settings.siteName,
    url: `${publicUrl}/`,
    inLanguage: "es-ES",
  };
}

export interface Crumb {
  name: string;
  path: string;
}

/** Inicio › … › the page itself. */
export function breadcrumbJsonLd(crumbs: Crumb[], publicUrl: string): JsonLd {
  const all = [{ name: "Inicio", path: "/" }, ...crumbs];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: all.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: `${publicUrl}${c.path}`,
    })),
  };
}

export interface ArticleForLd {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  updatedAt: string;
  author: string | null;
}

export function blogPostingJsonLd(
  article: ArticleForLd,
  settings: Settings,
  publicUrl: string,
): JsonLd {
  const url = `${publicUrl}/blog/${encodeURIComponent(article.slug)}`;
  const authorName = article.author || settings.professionalName;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.excerpt,
    image: `${publicUrl}${articleOgImagePath(article.slug)}`,
    datePublished: article.date,
    dateModified: article.updatedAt,
    author:
      authorName === settings.professionalName
        ? { "@type": "Person", name: authorName, url: `${publicUrl}/sobre-mi` }
        : { "@type": "Person", name: authorName },
    publisher: {
      "@type": "Organization",
      name: settings.siteName,
      url: `${publicUrl}/`,
      logo: { "@type": "ImageObject", url: `${publicUrl}/apple-touch-icon.png` },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    inLanguage: "es-ES",
  };
}
