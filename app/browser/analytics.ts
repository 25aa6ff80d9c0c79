type Gtag = (...args: unknown[]) => void;
type AnalyticsWindow = { dataLayer?: unknown[]; gtag?: Gtag } & Record<string, unknown>;
const win = () => window as unknown as AnalyticsWindow;

const RETRIES = 3;
let loaded = false;

/** Loads the analytics script once, asynchronously; only ever called after 'Aceptar'. */
export function installAnalytics(measurementId: string) {
  const w = win();
  w[`ga-disable-${measurementId}`] = false;
  if (w.gtag) return;
  w.dataLayer = w.dataLayer ?? [];
  w.gtag = function gtag() {
    // gtag.js reads the `arguments` objects it is given.
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer!.push(arguments);
  };
  w.gtag("js", new Date());
  w.gtag("config", measurementId, { send_page_view: false });
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  script.onload = () => (loaded = true);
  document.head.appendChild(script);
}

/**
 * Pages never reported: their address carries a key (a preview link, an invitation, a booking's
 * link) and their title may name an unpublished article.
 */
const UNREPORTED =
  /^\/(?:vista-previa|resenas\/(?:invitacion|retirar)|cita\/(?:confirmar|gestionar))\/?$/i;

/** Read as the router reads it: `/Vista%2DPrevia` is the same page as `/vista-previa`. */
function unreported(pathname: string) {
  try {
    return UNREPORTED.test(decodeURIComponent(pathname));
  } catch {
    return true; // A malformed escape: nothing worth reporting.
  }
}

/**
 * A page view, retried at most 3 times with a growing delay while the script is not ready. Only
 * the path goes to the analytics provider, never the query: a search (`?q=ansiedad`) can say
 * something about a person's health, and other queries carry keys. A page the browser prepares
 * before the visitor opens it (prerendered on hover, docs/decisions/020) counts once it is shown.
 */
export function reportPageView(measurementId: string, attempt = 0) {
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", () => reportPageView(measurementId), {
      once: true,
    });
    return;
  }
  const w = win();
  if (unreported(window.location.pathname)) return;
  if (loaded && w.gtag) {
    w.gtag("event", "page_view", {
      page_location: window.location.origin + window.location.pathname,
      page_path: window.location.pathname,
      page_title: document.title,
      send_to: measurementId,
    });
    return;
  }
  if (attempt >= RETRIES) {
    console.info("No se pudo registrar la visita: el script de analítica no se cargó");
    return;
  }
  setTimeout(() => reportPageView(measurementId, attempt + 1), 1000 * 2 ** attempt);
}

/** Withdrawing consent stops measuring and removes the analytics cookies. */
export function uninstallAnalytics(measurementId: string) {
  win()[`ga-disable-${measurementId}`] = true;
  const host = window.location.hostname;
  for (const name of document.cookie.split(";").map((c) => c.split("=")[0]!.trim())) {
    if (!/^_ga(_|$)/.test(name)) continue;
    for (const domain of [
      "",
      `; domain=${host}`,
      `; domain=.${host.split(".").slice(-2).join(".")}`,
    ]) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
    }
  }
}
