/**
 * The landing page sections, in order (docs/product.md#navigation), as the navigation names them.
 */
export const NAV_ITEMS = [
  { id: "inicio", label: "Inicio" },
  { id: "sobre-mi", label: "Sobre mí" },
  { id: "servicios", label: "Servicios" },
  { id: "reseñas", label: "Reseñas" },
  { id: "blog-destacados", label: "Blog" },
  { id: "contacto", label: "Contacto" },
  { id: "colaboraciones", label: "Colaboraciones" },
] as const;

export const SCROLL_FIRST_WAIT_MS = 300;
export const SCROLL_RETRY_MS = 80;
export const SCROLL_GIVE_UP_MS = 5000;
export const MOBILE_MENU_DELAY_MS = 100;
