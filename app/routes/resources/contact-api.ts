import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { clientInfo } from "~/modules/accounts/guard.server";
import { submitContact } from "~/modules/contact/contact.server";
import type { Route } from "./+types/contact-api";

/**
 * POST /api/contacto — the contact form's endpoint when JavaScript is on (JSON answers). Without
 * JavaScript the same form posts to the landing page's action, which uses the same module.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data({ ok: false, formError: "Método no permitido" }, { status: 405 });
  }
  let fields: Record<string, unknown>;
  try {
    const type = request.headers.get("content-type") ?? "";
    fields = type.includes("application/json")
      ? ((await request.json()) as Record<string, unknown>)
      : Object.fromEntries(await request.formData());
    if (!fields || typeof fields !== "object" || Array.isArray(fields)) throw new Error("forma");
  } catch {
    return data({ ok: false, errors: {}, formError: "Solicitud no válida" }, { status: 400 });
  }
  const result = await submitContact(await getDb(), fields, clientInfo(request, context));
  if (result.ok) return { ok: true, email: result.email };
  return data(
    { ok: false, errors: result.errors, formError: result.formError ?? null },
    { status: result.status },
  );
}

export function loader() {
  return data({ ok: false, formError: "Método no permitido" }, { status: 405 });
}
