import { data } from "react-router";
import { database } from "~/context";
import { clientInfo, getVerifiedUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import { ImageError } from "~/modules/media/images.server";
import { storeUploadedImage } from "~/modules/media/upload.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/image-upload-api";

/**
 * POST /api/imagenes — one image as multipart/form-data (any file field), from staff who can
 * publish. Answers JSON: `{ image: { src, srcSet, width, height } }` or `{ error }` with a 4xx
 * and a Spanish reason. Nothing is stored when the upload is refused.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data({ error: "Método no permitido" }, { status: 405, headers: { Allow: "POST" } });
  }
  // Same rules as the admin pages: approved, second factor when the role needs it, not idle.
  const user = await getVerifiedUser(request, context);
  if (!user) {
    return data({ error: "Inicia sesión para subir imágenes." }, { status: 401 });
  }
  if (!can(user.role, "articles.publish")) {
    return data({ error: "No tienes permiso para subir imágenes." }, { status: 403 });
  }
  try {
    const image = await storeUploadedImage(await database(context), request, {
      actor: user,
      ip: clientInfo(request, context).ip,
    });
    return data({ image }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof ImageError) {
      return data({ error: error.message }, { status: error.status });
    }
    logger.error({ err: error }, "no se pudo guardar una imagen subida");
    return data(
      { error: "No se ha podido guardar la imagen. Inténtalo de nuevo más tarde." },
      { status: 500 },
    );
  }
}

export function loader() {
  return data({ error: "Método no permitido" }, { status: 405, headers: { Allow: "POST" } });
}
