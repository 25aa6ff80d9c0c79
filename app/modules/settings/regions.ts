/**
 * The comunidades autónomas (and Ceuta and Melilla): the practice's `region` setting takes one of
 * them. A health centre is registered, and its advertising controlled, by the one where it is:
 * what some of them ask is in app/modules/compliance/regions.ts. Safe in the browser (Ajustes
 * lists them).
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
