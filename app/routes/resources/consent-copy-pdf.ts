import { database } from "~/context";
import { clientInfo } from "~/modules/accounts/guard.server";
import { copyPdf } from "~/modules/consent/requests.server";
import type { Route } from "./+types/consent-copy-pdf";

/**
 * GET /consentimiento/copia.pdf?token=… — the signer's own signed PDF, from her copy link (the
 * token is the permission). Never cached; each download is in the audit log.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const token = (url.searchParams.get("token") ?? "").slice(0, 100);
  const pdf = await copyPdf(await database(context), token, clientInfo(request, context).ip);
  if (!pdf) {
    return new Response("Este enlace no es válido.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" },
    });
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'attachment; filename="consentimiento-firmado.pdf"',
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
