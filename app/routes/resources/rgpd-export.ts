import { data } from "react-router";
import { database } from "~/context";
import { audit } from "~/platform/audit.server";
import { clientInfo, requireRecentAuth, requireUser } from "~/modules/accounts/guard.server";
import {
  addressFingerprint,
  exportPersonalData,
  looksLikeAddress,
  normalizeAddress,
} from "~/modules/privacy/rgpd.server";
import { exportDocumentHtml } from "~/modules/privacy/export-document";
import { getSettings } from "~/modules/settings/settings.server";
import { readForm } from "~/utils/form";
import type { Route } from "./+types/rgpd-export";

/**
 * POST /admin/mensajes/exportar (RGPD art. 15), administrators only: every copy kept about one
 * e-mail address, as a document a person reads (`formato=documento`, the default: an HTML file to
 * read, print or save as PDF) or as JSON (`formato=json`). The address travels in the POST body, never in a URL; the
 * export is recorded in the audit log.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "privacy.requests");
  if (request.method !== "POST") {
    return data({ error: "Método no permitido" }, { status: 405, headers: { Allow: "POST" } });
  }
  // Health data leave the practice: a password (+ code) from the last 10 minutes.
  await requireRecentAuth(request, context, user, "/admin/mensajes");
  const form = await readForm(request);
  const format = form.get("formato") ?? "documento";
  if (format !== "documento" && format !== "json") {
    return data(
      { error: "Elige el documento legible o el JSON" },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const address = normalizeAddress(form.get("email"));
  if (!looksLikeAddress(address)) {
    return data(
      { error: "Introduce un email válido" },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const db = await database(context);
  const exported = await exportPersonalData(db, address);
  await audit(db, {
    action: "messages_exported",
    actor: user,
    target: addressFingerprint(address),
    details: {
      messages: exported.mensajesDeContacto.length,
      mails: exported.correos.length,
      files: exported.copiasDeCorreo.length,
    },
    ip: clientInfo(request, context).ip,
  });
  const headers = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  };
  if (format === "json") {
    return new Response(JSON.stringify(exported, null, 2), {
      headers: {
        ...headers,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="datos-personales.json"`,
      },
    });
  }
  const { siteName } = await getSettings(db);
  return new Response(exportDocumentHtml(exported, siteName), {
    headers: {
      ...headers,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="datos-personales.html"`,
    },
  });
}
