import { useEffect } from "react";
import { ARTICLE_MESSAGES } from "~/modules/blog/article-form";
import { notify } from "~/utils/notify";

/** A failed article save: the toast (docs/product.md#article-form) besides the field messages. */
export function useSaveErrorToast(actionData: { formError?: string | null } | undefined) {
  useEffect(() => {
    if (actionData?.formError) {
      notify({ type: "error", title: "Error", description: ARTICLE_MESSAGES.saveError });
    }
  }, [actionData]);
}
