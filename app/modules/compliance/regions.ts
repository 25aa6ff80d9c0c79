/**
 * The comunidades autónomas (and Ceuta and Melilla): a health centre is registered, and its
 * advertising controlled, by the one where it is. What some of them ask beyond the State's rules
 * (docs/compliance.md); the readiness check says 'revisar' with the source, never certainty it
 * does not have. Safe in the browser (Ajustes lists them).
 */

export const REGIONS = [
  ["andalucia", "Andalucía"],
  ["aragon", "Aragón"],
  ["asturias", "Principado de Asturias"],
  ["baleares", "Illes Balears"],
  ["canarias", "Canarias"],
  ["cantabria", "Cantabria"],
  ["castilla-la-mancha", "Castilla-La Mancha"],
  ["castilla-y-leon", "Castilla y León"],
  ["cataluna", "Cataluña"],
  ["ceuta", "Ceuta"],
  ["extremadura", "Extremadura"],
  ["galicia", "Galicia"],
  ["la-rioja", "La Rioja"],
  ["madrid", "Comunidad de Madrid"],
  ["melilla", "Melilla"],
  ["murcia", "Región de Murcia"],
  ["navarra", "Comunidad Foral de Navarra"],
  ["pais-vasco", "País Vasco"],
  ["valencia", "Comunitat Valenciana"],
] as const;

export type RegionCode = (typeof REGIONS)[number][0];
export const REGION_CODES = REGIONS.map(([code]) => code) as [RegionCode, ...RegionCode[]];

export function regionName(code: string) {
  return REGIONS.find(([c]) => c === code)?.[1] ?? "";
}

export interface RegionRule {
  /** The centre's registry number on every page, the footer included. */
  registryOnEveryPage?: boolean;
  /** A prior authorisation of health advertising, with its own number and expiry. */
  advertisingAuthorisation?: boolean;
  source: string;
  url: string;
}

/** What the comunidades the product knows of ask; the others get a 'revisar'. */
export const REGION_RULES: Partial<Record<RegionCode, RegionRule>> = {
  galicia: {
    registryOnEveryPage: true,
    source:
      "Decreto 12/2009, de 8 de enero (Galicia), autorización de centros sanitarios: el número de inscripción en el registro figura en su publicidad",
    url: "https://www.xunta.gal/diario-oficial-galicia",
  },
  aragon: {
    advertisingAuthorisation: true,
    source:
      "Normativa de Aragón sobre publicidad sanitaria: autorización previa de la publicidad de centros y servicios sanitarios",
    url: "https://www.boa.aragon.es",
  },
  asturias: {
    advertisingAuthorisation: true,
    source:
      "Normativa del Principado de Asturias sobre publicidad sanitaria: autorización previa de la publicidad de centros y servicios sanitarios",
    url: "https://sede.asturias.es/bopa",
  },
  murcia: {
    advertisingAuthorisation: true,
    source:
      "Normativa de la Región de Murcia sobre publicidad sanitaria: autorización previa de la publicidad de centros y servicios sanitarios",
    url: "https://www.borm.es",
  },
};
