import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { clientInfo } from "~/modules/accounts/guard.server";
import { submitReview } from "~/modules/reviews/reviews.server";
import type { Route } from "./+types/review-api";

/** POST /api/resenas — the review dialog's endpoint (JSON). The no-JS page is /resenas/nueva. */
export async function action({ request, context }: Route.ActionArgs) {
  let fields: Record<string, unknown>;
  try {
    fields = Object.fromEntries(await request.formData());
  } catch {
    return data({ ok: false, errors: {}, formError: "Solicitud no válida" }, { status: 400 });
  }
  const result = await submitReview(await getDb(), fields, clientInfo(request, context));
  if (result.ok) return { ok: true };
  return data(
    { ok: false, errors: result.errors, formError: result.formError ?? null },
    { status: result.status },
  );
}

export function loader() {
  return data({ ok: false, formError: "Método no permitido" }, { status: 405 });
}
