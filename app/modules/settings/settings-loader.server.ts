import { getDb } from "~/db/client.server";
import { getSettings } from "./settings.server";

/** The site's settings for the current request (one small query). */
export async function loadSiteSettings() {
  return getSettings(await getDb());
}
