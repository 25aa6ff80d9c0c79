import { useEffect } from "react";
import { ARTICLE_MESSAGES } from "~/modules/blog/article-form";
import { notify } from "~/utils/notify";

/**
 * A failed article save that no field explains (the article is gone, the server failed…): the
 * toast (docs/product.md#article-form) besides the banner. A field the rules refused has its
 * message by the field and no toast (issue #34).
 */
export function useSaveErrorToast(
  actionData: { formError?: string | null; fieldErrors?: Record<string, unknown> } | undefined,
) {
  useEffect(() => {
    if (!actionData?.formError) return;
    if (Object.keys(actionData.fieldErrors ?? {}).length > 0) return;
    notify({ type: "error", title: "Error", description: ARTICLE_MESSAGES.saveError });
  }, [actionData]);
}
