// What the tests and the benchmarks (bench/) share about the site itself: which pages it has,
// how a headless Chromium is started, and the environment the built server runs with.

import fs from "node:fs";

/** One page per public route: each service, the legal pages, an article, the review form, sign-in. */
export const PUBLIC_PAGES = [
  "/",
  "/servicios",
  "/servicios/terapia-individual",
  "/servicios/terapia-pareja",
  "/servicios/trabajo-grupos",
  "/servicios/mindfulness",
  "/sobre-mi",
  "/blog",
  "/blog/duelo-como-abordarlo",
  "/resenas/nueva",
  "/cita",
  "/aviso-legal",
  "/privacidad",
  "/cookies",
  "/uso-web",
  "/accesibilidad",
  "/auth",
];

/** The same routes in their other states: searches, a second page, other modes, not found. */
export const PUBLIC_PAGE_STATES = [
  "/blog?q=ansiedad",
  "/blog?q=zzzz",
  "/blog?pagina=2",
  "/auth?modo=recuperar",
  "/auth/restablecer?token=x",
  "/auth/acceso?token=x",
  // A consent link that no longer works (the signing page itself needs a real one: E2E).
  "/consentimiento?token=x",
  "/consentimiento/copia?token=x",
  // A waitlist offer that no longer stands (the offer itself needs a real one: E2E).
  "/cita/lista-espera/oferta?token=x",
  "/una-pagina-que-no-existe",
  "/blog/un-articulo-que-no-existe",
];

/** Every page of the admin area (signed in as an administrator). */
export const ADMIN_PAGES = [
  "/admin",
  "/admin/blog",
  "/admin/blog/nuevo",
  "/admin/blog/editar/duelo-como-abordarlo",
  "/admin/blog/editar/duelo-como-abordarlo/revisiones",
  "/admin/blog/vista-previa/duelo-como-abordarlo",
  "/admin/blog/editar/duelo-como-abordarlo/compartir",
  "/admin/textos",
  "/admin/textos/servicio-terapia-individual",
  "/admin/resenas",
  "/admin/mensajes",
  "/admin/citas",
  "/admin/citas/ajustes",
  "/admin/citas/lista-espera",
  "/admin/consentimientos",
  "/admin/consentimientos/documentos/general",
  "/admin/consentimientos/cuestionario",
  "/admin/usuarios",
  "/admin/ajustes",
  "/admin/estado-legal",
  "/admin/estado-legal/publicidad",
  "/admin/registro",
  "/admin/cuenta",
];

/**
 * A practice's real identity data (a valid DNI, an address, a colegiada number): with them the
 * site is indexable (app/modules/compliance/identity.ts); a new install's examples are not.
 */
export const REAL_IDENTITY = {
  professionalName: "Lucía Ribera Soto",
  nif: "12345678Z",
  postalAddress: "Calle Mayor 10, 28013 Madrid",
  contactEmail: "consulta@luciaribera.es",
  collegeNumber: "M-31416",
};

/** Debian's Chromium unless CHROMIUM_PATH says otherwise (the benchmarks measure with it). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The E2E tests' browser: Debian's `chromium-headless-shell` (the same engine without the desktop
 * browser around it; a third less CPU for the suite, docs/quality.md), unless
 * CHROMIUM_HEADLESS_SHELL names another, or the full Chromium when it is not installed.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL ??
  (fs.existsSync("/usr/bin/chromium-headless-shell")
    ? "/usr/bin/chromium-headless-shell"
    : CHROMIUM_PATH);

/** A headless Chromium that runs as root in a container and makes no requests of its own. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The environment of the built server (`node server/main.js`) on `port` with its data in `dataDir`. */
export function serverEnv(port, dataDir, env = {}) {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...env,
  };
}
