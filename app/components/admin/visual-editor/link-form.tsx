import type { Editor } from "@tiptap/core";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { DialogClose, DialogFooter } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { hrefFromInput } from "./article-markdown";
import { EditorDialogForm } from "./editor-dialog";

const INVALID =
  "Escribe una dirección completa (https://…), un correo, un teléfono (tel:…) o una página de este sitio (/…).";

/** The link under the cursor or the selected text, and what the dialog opened with. */
function current(editor: Editor) {
  const href = (editor.getAttributes("link").href as string | undefined) ?? "";
  return { href, needsText: !href && editor.state.selection.empty };
}

/**
 * 'Enlace' (Ctrl+K): the address of the selected text's link, checked as the public page would
 * keep it; 'Quitar enlace' when there is one. With nothing selected it also asks for the text.
 * A `<form>` of its own, in a portal: its submit never reaches the article's form.
 */
export function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [initial] = useState(() => current(editor));
  const [address, setAddress] = useState(initial.href);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const href = hrefFromInput(address);
    if (!href) return setError(INVALID);
    const chain = editor.chain().focus();
    if (initial.needsText) {
      chain
        .insertContent({
          type: "text",
          text: text.trim() || href,
          marks: [{ type: "link", attrs: { href } }],
        })
        .unsetMark("link");
    } else {
      chain.extendMarkRange("link").setLink({ href });
    }
    chain.run();
    onClose();
  };

  return (
    <EditorDialogForm
      title="Enlace"
      description="Una página web, un correo, un teléfono o una página de este sitio."
      onSubmit={save}
    >
      <FormField
        label="Dirección"
        id="enlace-direccion"
        required
        errors={error ? [error] : null}
        description="Por ejemplo: https://www.ejemplo.es, hola@ejemplo.es, tel:+34600000000 o /contacto"
      >
        {(field) => (
          <Input
            {...field}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={address}
            onChange={(e) => {
              setAddress(e.target.value);
              setError(null);
            }}
          />
        )}
      </FormField>
      {initial.needsText ? (
        <FormField
          label="Texto del enlace"
          id="enlace-texto"
          description="Lo que se lee. Si lo dejas vacío, la dirección."
        >
          {(field) => <Input {...field} value={text} onChange={(e) => setText(e.target.value)} />}
        </FormField>
      ) : null}
      <DialogFooter>
        {initial.href ? (
          <Button
            variant="ghost-danger"
            className="sm:mr-auto"
            onClick={() => {
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
              onClose();
            }}
          >
            Quitar enlace
          </Button>
        ) : null}
        <DialogClose asChild>
          <Button variant="ghost">Cancelar</Button>
        </DialogClose>
        <Button type="submit">Guardar enlace</Button>
      </DialogFooter>
    </EditorDialogForm>
  );
}
