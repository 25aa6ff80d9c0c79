import { useEffect, useRef, useState } from "react";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { AUTOSAVE_PATH, type UnsavedCopy } from "~/modules/blog/autosave";
import { formatDateTime } from "~/utils/format-time";
import { notify } from "~/utils/notify";
import { ArticleEditor } from "./article-editor";

type Choice = "pending" | "confirm" | "recovered" | "discarded";

/**
 * The article editor with the person's unsaved copy from an earlier visit (autosave), when the
 * page's loader found one: a banner offers 'Recuperar cambios no guardados' (the editor is
 * mounted again with the copy over the stored article; nothing is saved until the person saves)
 * or 'Descartar' (the copy is deleted). Autosave waits until one of the two is chosen, so the
 * older copy is not overwritten by the first keystroke; what was changed meanwhile is autosaved
 * once the copy is discarded, and 'Recuperar' asks first, since the copy replaces it.
 */
export function RecoverableArticleEditor({
  unsaved,
  ...props
}: React.ComponentProps<typeof ArticleEditor> & { unsaved: UnsavedCopy | null }) {
  const [choice, setChoice] = useState<Choice>(unsaved ? "pending" : "discarded");
  const [discarding, setDiscarding] = useState(false);
  /** Whether the person changed the form before choosing (the copy would replace that). */
  const [edited, setEdited] = useState(false);
  const [chosen, setChosen] = useState(false);
  useEffect(() => {
    // The banner's button that had the focus is gone: the title takes it.
    if (chosen) document.getElementById("title")?.focus();
  }, [chosen]);
  // The question replaces the banner's buttons, and 'Cancelar' brings them back: focus follows.
  const asked = useRef(false);
  useEffect(() => {
    if (choice === "confirm") {
      asked.current = true;
      document.getElementById("confirmar-recuperar")?.focus();
    } else if (choice === "pending" && asked.current) {
      document.getElementById("recuperar")?.focus();
    }
  }, [choice]);
  const choose = (next: "recovered" | "discarded") => {
    setChoice(next);
    setChosen(true);
  };

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
      choose("discarded");
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
    unsaved && choice === "confirm" ? (
      <Banner title={null}>
        <p>
          Los cambios de {when} sustituirán lo que has cambiado ahora en el formulario.
          ¿Recuperarlos igualmente?
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            id="confirmar-recuperar"
            type="button"
            size="compact"
            onClick={() => choose("recovered")}
          >
            Sí, recuperar
          </Button>
          <Button type="button" size="compact" variant="ghost" onClick={() => setChoice("pending")}>
            Cancelar
          </Button>
        </div>
      </Banner>
    ) : unsaved && choice === "pending" ? (
      <Banner title={null}>
        <p>Hay cambios sin guardar de {when}.</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            id="recuperar"
            type="button"
            size="compact"
            onClick={() => (edited ? setChoice("confirm") : choose("recovered"))}
          >
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

  const undecided = choice === "pending" || choice === "confirm";
  return (
    <div onInput={undecided && !edited ? () => setEdited(true) : undefined}>
      <ArticleEditor
        key={choice === "recovered" ? "recuperado" : "guardado"}
        {...props}
        draft={choice === "recovered" && unsaved ? unsaved.data : undefined}
        notice={notice}
        autosavePaused={undecided}
      />
    </div>
  );
}
