/**
 * The four legal pages (docs/product.md#pages-and-urls), in the footer's order: their addresses,
 * titles and descriptions. One route module (app/routes/public/legal.tsx) shows them all.
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
] as const;

export type LegalPath = (typeof LEGAL_PAGES)[number]["path"];

/**
 * The legal page a route at `pathname` shows. Routes match without regard to case or a final
 * slash, and app/routes.ts mounts the legal route only at these paths.
 */
export function legalPage(pathname: string) {
  const path = pathname.toLowerCase().replace(/\/$/, "");
  return LEGAL_PAGES.find((page) => page.path === path) ?? LEGAL_PAGES[0];
}
