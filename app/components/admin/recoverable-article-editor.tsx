import { useEffect, useState } from "react";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { AUTOSAVE_PATH, type UnsavedCopy } from "~/modules/blog/autosave";
import { formatDateTime } from "~/utils/format-time";
import { notify } from "~/utils/notify";
import { ArticleEditor } from "./article-editor";

type Choice = "pending" | "recovered" | "discarded";

/**
 * The article editor with the person's unsaved copy from an earlier visit (autosave), when the
 * page's loader found one: a banner offers 'Recuperar cambios no guardados' (the editor is
 * mounted again with the copy over the stored article; nothing is saved until the person saves)
 * or 'Descartar' (the copy is deleted). Autosave waits until one of the two is chosen, so the
 * older copy is not overwritten by the first keystroke.
 */
export function RecoverableArticleEditor({
  unsaved,
  ...props
}: React.ComponentProps<typeof ArticleEditor> & { unsaved: UnsavedCopy | null }) {
  const [choice, setChoice] = useState<Choice>(unsaved ? "pending" : "discarded");
  const [discarding, setDiscarding] = useState(false);
  useEffect(() => {
    // The recovered form replaced the button that had the focus: the title takes it.
    if (choice === "recovered") document.getElementById("title")?.focus();
  }, [choice]);

  const discard = async () => {
    setDiscarding(true);
    try {
      const response = await fetch(AUTOSAVE_PATH, {
        method: "POST",
        body: new URLSearchParams({ intent: "discard", original: props.article?.slug ?? "" }),
        credentials: "same-origin",
        redirect: "manual",
      });
      if (!response.ok) throw new Error(String(response.status));
      setChoice("discarded");
    } catch {
      notify({
        type: "error",
        title: "Error",
        description: "No se pudieron descartar los cambios sin guardar. Inténtalo de nuevo.",
      });
    } finally {
      setDiscarding(false);
    }
  };

  const when = unsaved ? formatDateTime(unsaved.savedAt) : "";
  const notice =
    unsaved && choice === "pending" ? (
      <Banner title={null}>
        <p>Hay cambios sin guardar de {when}.</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button type="button" size="compact" onClick={() => setChoice("recovered")}>
            Recuperar cambios no guardados
          </Button>
          <Button
            type="button"
            size="compact"
            variant="ghost"
            disabled={discarding}
            onClick={() => void discard()}
          >
            Descartar
          </Button>
        </div>
      </Banner>
    ) : choice === "recovered" ? (
      <Banner title={null}>
        Se han recuperado los cambios de {when}. No se conservan hasta que guardes el artículo.
      </Banner>
    ) : null;

  return (
    <ArticleEditor
      key={choice === "recovered" ? "recuperado" : "guardado"}
      {...props}
      draft={choice === "recovered" && unsaved ? unsaved.data : undefined}
      notice={notice}
      autosavePaused={choice === "pending"}
    />
  );
}
