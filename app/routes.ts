import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

import { SERVICE_SLUGS } from "./modules/services/slugs";

/** The one place where URLs are written, in Spanish (docs/product.md#pages-and-urls). */

export default [
  // Machine-readable resources
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("blog/rss.xml", "routes/resources/rss.ts"),
  route("media/portadas/:category/:file", "routes/resources/cover.ts"),
  route("og/:file", "routes/resources/og-image.ts"),
  route("media/*", "routes/resources/media.ts"),
  route("api/eventos", "routes/resources/events-api.ts"),
  route("api/citas.ics", "routes/resources/agenda-feed.ts"),
  route("api/imagenes", "routes/resources/image-upload-api.ts"),
  // A client's appointment as a calendar file (the token of any of its e-mails' links).
  route("cita/calendario.ics", "routes/resources/booking-ics.ts"),
  // A signer's own signed PDF (the token of her copy link).
  route("consentimiento/copia.pdf", "routes/resources/consent-copy-pdf.ts"),
  // A signed consent's PDF for the psychologist (GET, `consent.read`, audited).
  route("admin/consentimientos/pdf", "routes/resources/consent-pdf.ts"),
  // The impact assessment's starting template (Estado legal), as a PDF.
  route("admin/estado-legal/plantilla-eipd.pdf", "routes/resources/eipd-template.ts"),
  // What changed in an authorised advertising text since its authorisation, as a text file.
  route("admin/estado-legal/publicidad/cambios.txt", "routes/resources/advertising-changes.ts"),
  // RGPD export (POST only, administrators): a JSON download, outside the admin layout.
  route("admin/mensajes/exportar", "routes/resources/rgpd-export.ts"),
  // The article editor's autosaved copy (POST only, staff who can publish).
  route("admin/blog/autoguardado", "routes/resources/article-autosave.ts"),

  // Public site
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("servicios", "routes/public/services.tsx"),
    ...SERVICE_SLUGS.map((slug) =>
      route(`servicios/${slug}`, "routes/public/service.tsx", { id: `service-${slug}` }),
    ),
    route("sobre-mi", "routes/public/about.tsx"),
    route("blog", "routes/public/blog.tsx"),
    route("blog/:slug", "routes/public/article.tsx"),
    route("resenas/nueva", "routes/public/review-new.tsx"),
    route("resenas/invitacion", "routes/public/review-invitation.tsx"),
    route("resenas/retirar", "routes/public/review-withdraw.tsx"),
    route("cita", "routes/public/booking.tsx"),
    route("cita/enviada", "routes/public/booking-sent.tsx"),
    route("cita/confirmar", "routes/public/booking-confirm.tsx"),
    route("cita/gestionar", "routes/public/booking-manage.tsx"),
    // The waitlist: joining, and its e-mails' links (confirmar, baja, oferta).
    route("cita/lista-espera", "routes/public/waitlist-join.tsx"),
    route("cita/lista-espera/:accion", "routes/public/waitlist-link.tsx"),
    // Informed consent: the signer's link (one use) and her copy (PDF and withdrawal).
    route("consentimiento", "routes/public/consent-sign.tsx"),
    route("consentimiento/copia", "routes/public/consent-copy.tsx"),
    route("aviso-legal", "routes/public/legal-notice.tsx"),
    route("privacidad", "routes/public/privacy.tsx"),
    route("cookies", "routes/public/cookies.tsx"),
    route("uso-web", "routes/public/terms.tsx"),
    route("accesibilidad", "routes/public/accessibility.tsx"),
    // A signed-out reader of an unpublished article: the token is the permission.
    route("vista-previa", "routes/public/article-preview.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  // Accounts: /auth signs in (and, as Ajustes allows, creates accounts); /login leads to it.
  route("login", "routes/auth/login-redirect.tsx"),
  layout("routes/auth/layout.tsx", [
    route("auth", "routes/auth/auth.tsx"),
    route("auth/restablecer", "routes/auth/reset-password.tsx"),
    route("auth/verificar", "routes/auth/verify-email.tsx"),
    route("auth/configurar", "routes/auth/setup.tsx"),
    route("auth/verificacion", "routes/auth/two-factor.tsx"),
    route("auth/confirmar", "routes/auth/reauth.tsx"),
    route("auth/acceso", "routes/auth/sign-in-link.tsx"),
  ]),
  route("auth/salir", "routes/auth/sign-out.tsx"),

  // Admin area (guarded in every loader and action)
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("blog", "routes/admin/blog.tsx"),
      route("blog/nuevo", "routes/admin/blog-new.tsx"),
      route("blog/editar/:slug", "routes/admin/blog-edit.tsx"),
      route("blog/editar/:slug/revisiones", "routes/admin/blog-revisions.tsx"),
      route("blog/vista-previa/:slug", "routes/admin/blog-preview.tsx"),
      route("blog/editar/:slug/compartir", "routes/admin/blog-share.tsx"),
      route("textos", "routes/admin/texts.tsx"),
      route("textos/:page", "routes/admin/texts-edit.tsx"),
      route("resenas", "routes/admin/reviews.tsx"),
      route("reviews", "routes/admin/reviews-redirect.tsx"),
      route("mensajes", "routes/admin/messages.tsx"),
      route("citas", "routes/admin/appointments.tsx"),
      route("citas/ajustes", "routes/admin/appointment-settings.tsx"),
      route("citas/lista-espera", "routes/admin/waitlist.tsx"),
      route("consentimientos", "routes/admin/consents.tsx"),
      route("consentimientos/documentos/:kind", "routes/admin/consent-document.tsx"),
      route("consentimientos/cuestionario", "routes/admin/intake.tsx"),
      route("usuarios", "routes/admin/users.tsx"),
      route("ajustes", "routes/admin/settings.tsx"),
      route("estado-legal", "routes/admin/legal-status.tsx"),
      route("estado-legal/publicidad", "routes/admin/advertising.tsx"),
      route("registro", "routes/admin/audit.tsx"),
      route("cuenta", "routes/admin/account.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
