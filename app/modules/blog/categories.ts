/** The 18 category values and the labels visitors see (docs/product.md#blog); one map for both. */
export const CATEGORIES = {
  ansiedad: "Ansiedad",
  mindfulness: "Mindfulness",
  autoestima: "Autoestima",
  resiliencia: "Resiliencia",
  duelo: "Duelo",
  fobias: "Fobias",
  "psicologia-infantil": "Psicología Infantil",
  "educacion-emocional": "Educación Emocional",
  "terapia-pareja": "Terapia de Pareja",
  emociones: "Emociones",
  "psicologia-positiva": "Psicología Positiva",
  "dependencia-emocional": "Vínculos",
  estres: "Estrés",
  terapias: "Terapias",
  "salud-mental": "Salud Mental",
  "habilidades-sociales": "Habilidades Sociales",
  "terapia-infantil": "Terapias Infantiles",
  "crecimiento-personal": "Crecimiento Personal",
} as const;

export type Category = keyof typeof CATEGORIES;
export const CATEGORY_VALUES = Object.keys(CATEGORIES) as Category[];

export function isCategory(value: unknown): value is Category {
  return typeof value === "string" && Object.hasOwn(CATEGORIES, value);
}

export function categoryLabel(value: string) {
  return isCategory(value) ? CATEGORIES[value] : value;
}
