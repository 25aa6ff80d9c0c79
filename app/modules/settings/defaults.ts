import type { Settings } from "./schemas";

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
  partnerCentreName: "Centro de Salud Ejemplo",
  partnerCentreAddress: "Calle Ejemplo 2, 28000 Madrid",
  partnerCentreUrl: "https://example.com/centro",
  bookingUrl: "https://example.com/reservas",
  socialLinks: {
    instagram: "https://www.instagram.com/",
    facebook: "https://www.facebook.com/",
    linkedin: "https://www.linkedin.com/",
    youtube: "",
    x: "",
  },
  portrait: { url: "", alt: "" },
  showSocialLinks: true,
  analyticsEnabled: true,
  analyticsMeasurementId: "",
  allowSignup: false,
  messageRetentionMonths: 12,
  notificationIncludesMessage: false,
};

/** True while a field still holds its example value (the admin shows a marker). */
export function isPlaceholder(key: keyof Settings, value: unknown) {
  return JSON.stringify(DEFAULT_SETTINGS[key]) === JSON.stringify(value);
}
