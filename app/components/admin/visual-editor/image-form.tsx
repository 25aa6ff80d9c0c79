import type { Editor } from "@tiptap/core";
import { useEffect, useId, useRef, useState } from "react";
import {
  FILE_BUTTON_CLASS,
  ImagePreview,
  imageFileProblem,
  UploadProgress,
  uploadImage,
} from "~/components/admin/image-upload";
import { Button } from "~/components/ui/button";
import { DialogClose, DialogFooter } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { ARTICLE_MESSAGES, IMAGE_ALT_MAX } from "~/modules/blog/article-form";
import { ACCEPTED_IMAGE_TYPES } from "~/modules/media/limits";
import { responsiveImage } from "~/modules/media/responsive";
import { cleanAlt } from "./article-markdown";
import { EditorDialogForm } from "./editor-dialog";

/**
 * 'Imagen': a picture inside the text. The file goes through the same upload as the cover
 * (POST /api/imagenes: checked, WebP at several widths, no metadata), then the alternative
 * text, which is required, and it is inserted as its own paragraph. With an image selected, the
 * dialog changes its description (or replaces the file).
 */
export function ImageForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId();
  const [selected] = useState(() =>
    editor.isActive("image")
      ? (editor.getAttributes("image") as { src?: string; alt?: string })
      : null,
  );
  const [src, setSrc] = useState(selected?.src ?? "");
  const [alt, setAlt] = useState(selected?.alt ?? "");
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [status, setStatus] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const [altError, setAltError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  // An upload still running when the dialog closes is cancelled.
  useEffect(() => () => abort.current?.abort(), []);

  const onFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = imageFileProblem(file);
    setFileError(problem);
    if (problem) return;
    setUploading(true);
    setProgress(0);
    setStatus("Subiendo imagen...");
    abort.current = new AbortController();
    try {
      const image = await uploadImage(file, {
        signal: abort.current.signal,
        onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
      });
      setSrc(image.src);
      setStatus("Imagen subida correctamente");
    } catch (e) {
      if (e instanceof DOMException && e.name === "AbortError") return;
      setStatus("");
      setFileError(e instanceof Error ? e.message : "Error al subir la imagen.");
    } finally {
      abort.current = null;
      setUploading(false);
    }
  };

  const insert = () => {
    const description = cleanAlt(alt);
    if (!src) return setFileError("Elige una imagen.");
    if (!description) return setAltError(ARTICLE_MESSAGES.imageAlt);
    const image = { type: "image", attrs: { src, alt: description, title: null } };
    if (selected) {
      editor.chain().focus().updateAttributes("image", image.attrs).run();
    } else {
      const { $from } = editor.state.selection;
      // Its own paragraph: where the cursor is when that paragraph is empty, else after it.
      if ($from.parent.type.name === "paragraph" && $from.parent.content.size === 0) {
        editor.chain().focus().insertContent(image).run();
      } else {
        editor
          .chain()
          .focus()
          .insertContentAt($from.after(), { type: "paragraph", content: [image] })
          .run();
      }
    }
    onClose();
  };

  return (
    <EditorDialogForm
      title="Imagen"
      description="Se guarda optimizada y sin datos de ubicación. JPEG, PNG, WebP o AVIF; máximo 5 MB."
      onSubmit={insert}
      aria-busy={uploading || undefined}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <ImagePreview image={src ? responsiveImage(src, "20rem") : null} />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <input
            id={`${id}-file`}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            disabled={uploading}
            onChange={onFile}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${id}-file-error` : undefined}
            className="peer sr-only"
          />
          {/* The browser's own file button speaks the browser's language: a Spanish stand-in. */}
          <label htmlFor={`${id}-file`} className={FILE_BUTTON_CLASS}>
            {src ? "Cambiar imagen" : "Elegir imagen"}
          </label>
          <UploadProgress uploading={uploading} progress={progress} status={status} />
          {fileError ? (
            <p id={`${id}-file-error`} role="alert" className="text-sm text-danger">
              {fileError}
            </p>
          ) : null}
        </div>
      </div>
      <FormField
        label="Texto alternativo"
        id={`${id}-alt`}
        required
        errors={altError ? [altError] : null}
        description="Qué muestra, en una frase: es lo que leen quienes no pueden verla."
      >
        {(field) => (
          <Input
            {...field}
            required
            maxLength={IMAGE_ALT_MAX}
            value={alt}
            onChange={(e) => {
              setAlt(e.target.value);
              setAltError(null);
            }}
          />
        )}
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="ghost">Cancelar</Button>
        </DialogClose>
        <Button type="submit" disabled={uploading}>
          {selected ? "Guardar imagen" : "Insertar imagen"}
        </Button>
      </DialogFooter>
    </EditorDialogForm>
  );
}
