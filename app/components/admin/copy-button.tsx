import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";

/**
 * Copies `text` to the clipboard; where the browser refuses (a page not served over HTTPS, an old
 * browser), selects the element `selectId` instead so Ctrl+C copies it, and says so.
 */
export function CopyButton({
  text,
  selectId,
  label,
}: {
  text: string;
  selectId: string;
  /** What is copied, for screen readers ("la clave", "los códigos"). */
  label: string;
}) {
  const [state, setState] = useState<"copied" | "select" | null>(null);
  const selectText = () => {
    const element = document.getElementById(selectId);
    const selection = window.getSelection();
    if (element && selection) {
      selection.selectAllChildren(element);
    }
    setState("select");
  };
  const copy = () => {
    if (!navigator.clipboard) return selectText();
    navigator.clipboard.writeText(text).then(() => setState("copied"), selectText);
  };
  return (
    <span className="inline-flex flex-col gap-1">
      <Button type="button" variant="outline" size="compact" onClick={copy}>
        {state === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        Copiar<span className="sr-only"> {label}</span>
      </Button>
      <span role="status" className="text-sm text-muted empty:hidden">
        {state === "copied"
          ? "Copiado"
          : state === "select"
            ? "El navegador no deja copiar: está seleccionado, pulsa Ctrl+C (⌘+C en Mac)."
            : ""}
      </span>
    </span>
  );
}
