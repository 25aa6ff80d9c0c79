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
