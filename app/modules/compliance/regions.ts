import type { RegionCode } from "~/modules/settings/regions";

/**
 * What some comunidades autónomas ask beyond the State's rules (docs/compliance.md); the
 * readiness check says 'revisar' with the source, never certainty it does not have. The list of
 * comunidades itself is the `region` setting's (app/modules/settings/regions.ts). Each source with
 * its official bulletin; a decree whose articles this product has not read is `reviewOnly`.
 */

export interface Source {
  text: string;
  url: string;
}

export interface RegionRule {
  /** The centre's registry number on every page, the footer included. */
  registryOnEveryPage?: boolean;
  /** A prior authorisation of health advertising, with its own number and expiry. */
  advertisingAuthorisation?: boolean;
  /** A decree of its own on health advertising that this product has not read: 'revisar'. */
  reviewOnly?: boolean;
  source: Source;
  /** Further sources shown with the rule (other decrees of the same comunidad). */
  more?: Source[];
}

/**
 * The State's basis for a comunidad's prior authorisation of health advertising: the Ley General
 * de Publicidad lets health authorities regulate and authorise it.
 */
export const ADVERTISING_BASIS: Source = {
  text: "Ley 34/1988, de 11 de noviembre, General de Publicidad, art. 8.1: la publicidad de productos, bienes y servicios con riesgo para la salud puede someterse a autorización administrativa previa",
  url: "https://www.boe.es/eli/es/l/1988/11/11/34/con",
};

/** What the comunidades the product knows of ask; the others get a 'revisar'. */
export const REGION_RULES: Partial<Record<RegionCode, RegionRule>> = {
  galicia: {
    registryOnEveryPage: true,
    source: {
      text: "Decreto 12/2009, de 8 de enero (Galicia), autorización de centros sanitarios: el número de inscripción en el registro figura en su publicidad",
      url: "https://www.xunta.gal/diario-oficial-galicia",
    },
    more: [
      {
        text: "Decreto 97/1998 (Galicia), publicidad sanitaria: revisar (este producto todavía no ha leído sus artículos)",
        url: "https://www.xunta.gal/diario-oficial-galicia",
      },
    ],
  },
  aragon: {
    advertisingAuthorisation: true,
    source: {
      text: "Decreto 175/2024 de Aragón (BOA de 28 de octubre de 2024), que sustituye al Decreto 240/2005: autorización previa de la publicidad sanitaria; cada texto autorizado tiene su número (RAPS), válido 3 años, que figura donde el medio lo permita, y modificarlo lo deja fuera de la autorización",
      url: "https://www.boa.aragon.es",
    },
    more: [ADVERTISING_BASIS],
  },
  asturias: {
    advertisingAuthorisation: true,
    source: {
      text: "Decreto 66/2002 del Principado de Asturias: autorización previa de la publicidad de centros, servicios y establecimientos sanitarios",
      url: "https://sede.asturias.es/bopa",
    },
    more: [ADVERTISING_BASIS],
  },
  murcia: {
    advertisingAuthorisation: true,
    source: {
      text: "Decreto 7/2021 de la Región de Murcia: autorización previa de la publicidad sanitaria",
      url: "https://www.borm.es",
    },
    more: [ADVERTISING_BASIS],
  },
  cantabria: {
    reviewOnly: true,
    source: {
      text: "Decreto 4/2020 de Cantabria, publicidad sanitaria: revisar (este producto todavía no ha leído sus artículos)",
      url: "https://boc.cantabria.es",
    },
    more: [ADVERTISING_BASIS],
  },
};
