import type { MetaDescriptor } from "react-router";

/** The back office's name, after each admin page's own title. */
export const ADMIN_AREA = "Área de Gestión";

/**
 * The `meta` of an admin page: "<title> | Área de Gestión" (the area's name alone without a
 * title) and `robots: noindex, nofollow`, so no admin page is ever offered to search engines.
 * Every route under the admin layout uses it (tests/integration/admin-meta.test.ts).
 */
export function adminMeta(title?: string): MetaDescriptor[] {
  return [
    { title: title ? `${title} | ${ADMIN_AREA}` : ADMIN_AREA },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
