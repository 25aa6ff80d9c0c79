/** The four services; their pages live at /servicios/{slug}. */
export const SERVICE_SLUGS = [
  "terapia-individual",
  "terapia-pareja",
  "trabajo-grupos",
  "mindfulness",
] as const;
export type ServiceSlug = (typeof SERVICE_SLUGS)[number];
