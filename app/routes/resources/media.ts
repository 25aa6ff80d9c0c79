import { data } from "react-router";
import { getStorage, isBucket } from "~/modules/media/storage.server";
import type { Route } from "./+types/media";

/**
 * GET /media/{bucket}/{key} — an uploaded file from storage (disk or S3). Keys are never reused
 * (they carry the upload time), so the answer is cached for a year. Unknown buckets or keys and
 * anything that looks like a path trick answer 404. The generated covers under /media/portadas/
 * have their own, more specific route.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const [bucket = "", ...rest] = (params["*"] ?? "").split("/");
  const key = rest.join("/");
  if (!isBucket(bucket)) throw notFound();
  const object = await getStorage(bucket).get(key);
  if (!object) throw notFound();
  const headers = new Headers({
    "Content-Type": object.contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  });
  if (object.size > 0) headers.set("Content-Length", String(object.size));
  if (object.etag) {
    headers.set("ETag", object.etag);
    if (request.headers.get("if-none-match") === object.etag) {
      await object.body.cancel();
      headers.delete("Content-Length");
      return new Response(null, { status: 304, headers });
    }
  }
  return new Response(object.body, { headers });
}

function notFound() {
  return data("No encontrado", { status: 404, headers: { "Cache-Control": "no-store" } });
}
