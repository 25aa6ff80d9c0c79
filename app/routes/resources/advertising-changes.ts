import { database } from "~/context";
import { requireUser } from "~/modules/accounts/guard.server";
import { changesDocument } from "~/modules/compliance/advertising.server";
import { madridDate } from "~/modules/booking/slots";
import { parseId } from "~/utils/form";
import type { Route } from "./+types/advertising-changes";

/**
 * GET /admin/estado-legal/publicidad/cambios.txt?id=<n> — an authorised text's changes since its
 * authorisation, as a plain text file she can send to the health authority. No personal data.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "settings.manage");
  const id = parseId(new URL(request.url).searchParams.get("id"));
  const doc =
    id === null ? null : await changesDocument(await database(context), id, madridDate(Date.now()));
  if (!doc) {
    return new Response("Ese texto no tiene cambios respecto a su autorización.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(doc.text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${doc.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
