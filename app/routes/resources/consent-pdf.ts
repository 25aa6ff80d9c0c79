import { database } from "~/context";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import { signerPdf } from "~/modules/consent/requests.server";
import type { Route } from "./+types/consent-pdf";

/**
 * GET /admin/consentimientos/pdf?firmante=<id> — a signed consent's PDF for the psychologist
 * (`consent.read`: roles with 2FA only). The address names the signer row, never the person;
 * every opening is in the audit log.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "consent.read");
  const found = await signerPdf(
    await database(context),
    user,
    url.searchParams.get("firmante"),
    clientInfo(request, context).ip,
  );
  if (!found) {
    return new Response("Ese documento firmado no existe.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(found.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="consentimiento-${found.requestId.slice(0, 8)}-firma-${found.position + 1}.pdf"`,
      "Cache-Control": "no-store",
    },
  });
}
