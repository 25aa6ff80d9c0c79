/**
 * The legal pages (docs/product.md#pages-and-urls), in the footer's order: their addresses,
 * titles and descriptions. Each has its route module in app/routes/public/, drawn by LegalPage.
 */
export const LEGAL_PAGES = [
  {
    path: "/aviso-legal",
    title: "Aviso legal",
    description:
      "Datos identificativos de la titular del sitio, profesión regulada, colegio profesional y condiciones generales (LSSI-CE).",
  },
  {
    path: "/privacidad",
    title: "Política de privacidad",
    description:
      "Cómo se tratan tus datos personales: responsable, finalidades, bases legales, conservación, destinatarios y derechos (RGPD y LOPDGDD).",
  },
  {
    path: "/cookies",
    title: "Política de cookies",
    description:
      "Qué cookies y almacenamiento local usa esta web, para qué sirven, cuánto duran y cómo cambiar tu elección.",
  },
  {
    path: "/uso-web",
    title: "Condiciones de uso",
    description:
      "Condiciones de uso del sitio web: objeto, límites de uso, propiedad intelectual, privacidad, responsabilidad, modificaciones e independencia.",
  },
  {
    path: "/accesibilidad",
    title: "Declaración de accesibilidad",
    description:
      "Cumplimiento de las WCAG 2.2 AA, contenido no accesible y cómo comunicar una barrera.",
  },
] as const;

export type LegalPath = (typeof LEGAL_PAGES)[number]["path"];

export function legalPage(path: LegalPath) {
  return LEGAL_PAGES.find((page) => page.path === path) ?? LEGAL_PAGES[0];
}
