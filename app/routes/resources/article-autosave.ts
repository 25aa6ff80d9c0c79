import { data } from "react-router";
import { database } from "~/context";
import { requireUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import { AUTOSAVE_MESSAGES } from "~/modules/blog/autosave";
import { discardAutosave, saveAutosave } from "~/modules/blog/autosave.server";
import { failure } from "~/utils/action.server";
import { readForm } from "~/utils/form";
import type { Route } from "./+types/article-autosave";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /admin/blog/autoguardado — the article editor's unsaved copy (app/components/admin/
 * use-autosave.ts), from staff who can publish: `intent=save` with the editor's fields and
 * `original` (the slug the article had when the editor opened; empty for a new article), or
 * `intent=discard`. Same guard as the admin pages (session, second factor, idle time); requests
 * from other sites never get here (server/security.ts, sameOriginOnly) and the body is limited
 * like the editor's own form (server/app.ts). Answers JSON: `{ ok: true, savedAt }` or a 4xx
 * FormFailure with a Spanish `formError`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  if (!can(user.role, "articles.publish")) {
    return failure({ status: 403, formError: AUTOSAVE_MESSAGES.forbidden });
  }
  const form = await readForm(request);
  const db = await database(context);
  switch (form.get("intent")) {
    case "save": {
      const result = await saveAutosave(db, user.id, Object.fromEntries(form));
      if (!result.ok) return failure(result);
      return data({ ok: true, savedAt: result.savedAt }, { headers: NO_STORE });
    }
    case "discard": {
      const result = await discardAutosave(db, user.id, form.get("original") ?? "");
      if (!result.ok) return failure(result);
      return data({ ok: true, savedAt: null }, { headers: NO_STORE });
    }
    default:
      return failure({ status: 400, formError: AUTOSAVE_MESSAGES.intent });
  }
}
