import type { Settings } from "./schemas";
import { SOCIAL_NETWORKS } from "./social";

/**
 * The settings a new site starts with (placeholders the admin marks until replaced). No zod here:
 * public pages' meta functions read these in the browser.
 */
export const DEFAULT_SETTINGS: Settings = {
  siteName: "Psicología Nombre Apellido",
  siteDescription:
    "Psicóloga General Sanitaria: terapia individual, terapia de pareja, trabajo con grupos y mindfulness.",
  contactEmail: "consulta@example.com",
  contactPhone: "+34 600 000 000",
  professionalName: "Nombre Apellido",
  professionalTitle: "Psicóloga General Sanitaria",
  qualification: "Máster en Psicología General Sanitaria (título oficial expedido en España)",
  collegeName: "Colegio Oficial de la Psicología de Madrid",
  collegeNumber: "M-00000",
  nif: "00000000T",
  postalAddress: "Calle Ejemplo 1, 28000 Madrid",
  healthRegistryNumber: "CS00000",
  healthRegistryExpiry: "",
  region: "",
  advertisingAuthNumber: "",
  advertisingAuthExpiry: "",
  partnerCentreName: "Centro de Salud Ejemplo",
  partnerCentreAddress: "Calle Ejemplo 2, 28000 Madrid",
  partnerCentreUrl: "https://example.com/centro",
  bookingUrl: "https://example.com/reservas",
  bookingEnabled: false,
  socialLinks: {
    instagram: "https://www.instagram.com/",
    facebook: "https://www.facebook.com/",
    linkedin: "https://www.linkedin.com/",
    youtube: "",
    x: "",
  },
  portrait: { url: "", alt: "" },
  publications: [],
  showSocialLinks: true,
  analyticsEnabled: true,
  analyticsMeasurementId: "",
  allowSignup: false,
  reviewsOpen: true,
  messageRetentionMonths: 12,
  notificationIncludesMessage: false,
};

/**
 * The defaults that are invented (a made-up name, number, address or link), as opposed to sensible
 * defaults a practice may keep ('Psicóloga General Sanitaria', 12 months, the switches).
 */
export const INVENTED_EXAMPLES = [
  "siteName",
  "contactEmail",
  "contactPhone",
  "professionalName",
  "collegeNumber",
  "nif",
  "postalAddress",
  "healthRegistryNumber",
  "partnerCentreName",
  "partnerCentreAddress",
  "partnerCentreUrl",
  "bookingUrl",
  "socialLinks",
] as const satisfies ReadonlyArray<keyof Settings>;

/** True while an invented field still holds its example value (Ajustes marks it 'Valor de ejemplo'). */
export function isPlaceholder(key: keyof Settings, value: unknown) {
  return (
    (INVENTED_EXAMPLES as ReadonlyArray<keyof Settings>).includes(key) &&
    JSON.stringify(DEFAULT_SETTINGS[key]) === JSON.stringify(value)
  );
}

/**
 * Fields the public pages leave out while they still hold their example value: a made-up number,
 * address or link must never read as the practice's own ('M-00000', 'CS00000', example.com).
 * The names and titles keep theirs (a page cannot be built without them).
 */
export const SHOWN_ONLY_WHEN_REAL = [
  "contactPhone",
  "collegeNumber",
  "nif",
  "postalAddress",
  "healthRegistryNumber",
  "partnerCentreName",
  "partnerCentreAddress",
  "partnerCentreUrl",
  "bookingUrl",
] as const satisfies ReadonlyArray<keyof Settings>;

/** A link to a profile, not a network's bare home page (the example value, e.g. instagram.com/). */
export function isProfileUrl(url: string) {
  try {
    return new URL(url).pathname.replace(/\/+$/, "") !== "";
  } catch {
    return false;
  }
}

/**
 * The settings as the public pages see them: every field above that still holds its example
 * value, and every social link that is not a profile, is empty, so the page shows nothing there.
 */
/** The site's own booking pages (docs/decisions/015-appointments.md). */
export const BOOKING_PATH = "/cita";

export function publicSettings(settings: Settings): Settings {
  const out: Settings = {
    ...settings,
    socialLinks: { ...settings.socialLinks },
  };
  for (const key of SHOWN_ONLY_WHEN_REAL) {
    if (isPlaceholder(key, settings[key])) out[key] = "";
  }
  for (const network of SOCIAL_NETWORKS) {
    if (!isProfileUrl(settings.socialLinks[network])) out.socialLinks[network] = "";
  }
  // Booking on the site itself: every 'Pedir cita' leads to /cita.
  if (settings.bookingEnabled) out.bookingUrl = BOOKING_PATH;
  return out;
}
