import * as z from "zod/mini";
import { LOCAL_DATETIME, localDateTime } from "./article-form";

/** The preview links' Spanish messages (docs/product.md#enlaces-de-vista-previa). */
export const PREVIEW_LINK_MESSAGES = {
  expiresAt: "Indica hasta cuándo vale el enlace",
  expiresAtFormat: "Escribe el día y la hora como 25/11/2026 09:30",
  expiresAtPast: "La caducidad debe ser en el futuro",
  expiresAtGap: "Esa hora no existe en Madrid por el cambio de hora: elige otra",
  expiresAtDay: "Esa fecha no existe: revisa el día y el mes",
  expiresAtFar: "Un enlace puede valer como mucho 30 días",
  notFound: "Enlace no encontrado",
  invalid: "Este enlace de vista previa no es válido, ha caducado o se ha revocado.",
} as const;

/** The longest a preview link may live. */
export const PREVIEW_LINK_MAX_DAYS = 30;
/** A new link's default life. */
export const PREVIEW_LINK_DEFAULT_DAYS = 7;

/** A new preview link: until when it works (Madrid time, as a datetime-local value). */
export const PreviewLinkSchema = z.object({
  expiresAt: z
    .string({ error: PREVIEW_LINK_MESSAGES.expiresAt })
    .check(
      z.trim(),
      z.minLength(1, PREVIEW_LINK_MESSAGES.expiresAt),
      z.overwrite(localDateTime),
      z.regex(LOCAL_DATETIME, PREVIEW_LINK_MESSAGES.expiresAtFormat),
    ),
});
