import type { Settings } from "~/modules/settings/schemas";
import type { Processor } from "./processors";
import { getEnv } from "~/utils/env.server";

/**
 * The services outside the practice that handle visitors' data, as configured now: the privacy
 * policy lists exactly these (RGPD art. 13.1.e) and 'Estado legal' checks that it does. Each is
 * named by its server's host (a company's name is not in the configuration); Google by name.
 */
export type { Processor };

function host(url: string | undefined | null) {
  if (!url) return null;
  try {
    return new URL(url.replace(/^webcals?:\/\//i, "https://")).hostname || null;
  } catch {
    return null;
  }
}

export function configuredProcessors(settings: Settings, busyFeedUrl: string | null): Processor[] {
  const env = getEnv();
  const list: Processor[] = [];
  const smtp = host(env.SMTP_URL);
  if (smtp) list.push({ role: "envío de correo electrónico", name: smtp });
  const storage = host(env.S3_ENDPOINT);
  if (storage) list.push({ role: "almacenamiento de imágenes", name: storage });
  if (settings.analyticsEnabled && settings.analyticsMeasurementId) {
    list.push({ role: "analítica web, si la aceptas", name: "Google Ireland Limited" });
  }
  const calendar = host(busyFeedUrl);
  if (calendar) {
    list.push({ role: "calendario de la profesional (solo horas ocupadas)", name: calendar });
  }
  return list;
}
