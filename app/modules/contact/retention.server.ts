import type { DbHandle } from "~/db/client.server";
import { purgeOldPageViews } from "~/modules/analytics/page-views.server";
import { logger } from "~/utils/logger.server";
import { purgeOldMessages } from "./contact.server";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes contact messages older than the retention in Ajustes, and page counts older than 13
 * months: at start, then once a day.
 */
export function startRetentionJob(getHandle: () => Promise<DbHandle>) {
  const run = async () => {
    try {
      const deleted = await purgeOldMessages((await getHandle()).db);
      if (deleted > 0)
        logger.info({ deleted }, "mensajes antiguos eliminados (plazo de conservación)");
    } catch (error) {
      logger.error({ err: error }, "error al aplicar el plazo de conservación de mensajes");
    }
    try {
      await purgeOldPageViews((await getHandle()).db);
    } catch (error) {
      logger.error({ err: error }, "error al borrar los recuentos de visitas antiguos");
    }
  };
  const first = setTimeout(() => void run(), 10_000);
  const timer = setInterval(() => void run(), DAY);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
