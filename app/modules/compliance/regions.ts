import type { RegionCode } from "~/modules/settings/regions";

/**
 * What some comunidades autónomas ask beyond the State's rules (docs/compliance.md); the
 * readiness check says 'revisar' with the source, never certainty it does not have. The list of
 * comunidades itself is the `region` setting's (app/modules/settings/regions.ts).
 */

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
