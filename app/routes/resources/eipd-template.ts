import { database } from "~/context";
import { requireUser } from "~/modules/accounts/guard.server";
import { eipdTemplatePdf } from "~/modules/consent/documents.server";
import { getSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/eipd-template";

/**
 * GET /admin/estado-legal/plantilla-eipd.pdf — the impact assessment's starting template (Estado
 * legal's EIPD rule), with the practice's name and today's date filled in. No personal data of
 * anyone but the practice.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "settings.manage");
  const settings = await getSettings(await database(context));
  const pdf = await eipdTemplatePdf(settings.professionalName);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'attachment; filename="plantilla-evaluacion-de-impacto.pdf"',
      "Cache-Control": "no-store",
    },
  });
}
