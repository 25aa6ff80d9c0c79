import { ImageUp, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from "~/modules/media/limits";
import { type ResponsiveImage, responsiveImage } from "~/modules/media/responsive";
import { notify } from "~/utils/notify";

/** What POST /api/imagenes answers for a stored upload. */
export interface UploadedImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

export const UPLOAD_ENDPOINT = "/api/imagenes";
const SUCCESS = "Imagen subida correctamente";
const FAILURE = "Error al subir la imagen. Inténtelo de nuevo.";
const TOO_BIG = "La imagen supera el tamaño máximo de 5 MB.";
const WRONG_TYPE =
  "El archivo no es una imagen válida. Formatos admitidos: JPEG, PNG, WebP y AVIF.";
const OFFLINE = "No se ha podido conectar con el servidor. Comprueba la conexión.";

/** Why this file cannot be uploaded (too big, not an accepted image), or null if it can. */
export function imageFileProblem(file: File): string | null {
  if (file.size > MAX_IMAGE_BYTES) return TOO_BIG;
  if (file.type && !ACCEPTED_IMAGE_TYPES.split(",").includes(file.type)) return WRONG_TYPE;
  return null;
}

/**
 * Sends one image to the upload endpoint with XMLHttpRequest (fetch cannot report upload
 * progress). Resolves with the stored image; rejects with an Error whose message is the server's
 * Spanish reason. Usable on its own, e.g. by an editor that inserts images into an article.
 */
export function uploadImage(
  file: File,
  options: {
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    endpoint?: string;
  } = {},
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", options.endpoint ?? UPLOAD_ENDPOINT);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      type Answer = { image?: UploadedImage; error?: string } | null;
      let body: Answer = null;
      try {
        body = JSON.parse(xhr.responseText) as Answer;
      } catch {
        // not JSON (a proxy's error page, for instance)
      }
      if (xhr.status === 200 && body?.image) resolve(body.image);
      else if (xhr.status === 413) reject(new Error(body?.error ?? TOO_BIG));
      else reject(new Error(body?.error ?? `El servidor respondió con un error (${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error(OFFLINE));
    xhr.onabort = () => reject(new DOMException("Subida cancelada", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

/** The look of the Spanish stand-in for a hidden file input (the input is its `peer`). */
export const FILE_BUTTON_CLASS =
  "inline-flex min-h-11 w-fit cursor-pointer items-center rounded-field bg-primary px-4 text-sm font-semibold text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary peer-disabled:cursor-not-allowed peer-disabled:opacity-70";

/** A square preview of the chosen or stored image (an icon while there is none). */
export function ImagePreview({ image, alt = "" }: { image: ResponsiveImage | null; alt?: string }) {
  return (
    <div className="flex size-32 shrink-0 items-center justify-center overflow-hidden rounded-field border border-border bg-primary-soft">
      {image ? (
        <img {...image} alt={alt} width={128} height={128} className="size-full object-cover" />
      ) : (
        <ImageUp aria-hidden="true" className="size-8 text-primary" />
      )}
    </div>
  );
}

/** How an upload goes: a bar while it is sent, and the status line screen readers announce. */
export function UploadProgress({
  uploading,
  progress,
  status,
}: {
  uploading: boolean;
  /** Percent sent. */
  progress: number;
  status: string;
}) {
  return (
    <>
      {uploading ? (
        <progress
          max={100}
          value={progress}
          aria-label="Progreso de la subida de la imagen"
          className="h-2 w-full max-w-xs accent-primary"
        />
      ) : null}
      <p role="status" className="text-sm font-semibold text-primary-strong">
        {status}
        {uploading && progress > 0 ? ` ${progress} %` : ""}
      </p>
    </>
  );
}

export interface ImageUploadProps {
  /** The hidden input's name: plain forms post the stored image URL under it. */
  name: string;
  label: React.ReactNode;
  /** A stored image URL (e.g. the article's current image). */
  defaultValue?: string;
  description?: React.ReactNode;
  /** Errors from the form's server validation, shown under the field. */
  errors?: readonly string[] | null;
  /** Called with the new image after each successful upload, and with null when removed. */
  onChange?: (image: UploadedImage | null) => void;
  /** Called with true when an upload starts and false when it ends: disable the submit button. */
  onUploadingChange?: (uploading: boolean) => void;
  /** Offers 'Quitar imagen' when there is an image (default true). */
  removable?: boolean;
  /** Marks the field as required (a '*' after the label; the form's check enforces it). */
  required?: boolean;
  disabled?: boolean;
  /** Alternative text of the preview (the preview is decorative otherwise). */
  previewAlt?: string;
  className?: string;
}

/**
 * An image field for admin forms: choose a JPEG/PNG/WebP/AVIF file, it uploads at once with a
 * progress bar ('Subiendo imagen...'), a preview and a toast; the stored URL travels in a hidden
 * input named `name`. While uploading, the file input is disabled, the parent is told through
 * `onUploadingChange`, and the surrounding form refuses to submit.
 *
 * ```tsx
 * const [uploading, setUploading] = useState(false);
 * <Form method="post">
 *   <ImageUpload name="image" label="Imagen" defaultValue={article.image}
 *     onUploadingChange={setUploading} />
 *   <Button type="submit" disabled={uploading}>Guardar</Button>
 * </Form>
 * ```
 */
export function ImageUpload({
  name,
  label,
  defaultValue = "",
  description,
  errors,
  onChange,
  onUploadingChange,
  removable = true,
  required = false,
  disabled = false,
  previewAlt,
  className,
}: ImageUploadProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(defaultValue);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const abort = useRef<AbortController | null>(null);
  const onUploadingRef = useRef(onUploadingChange);
  onUploadingRef.current = onUploadingChange;

  // A browser-made preview of the chosen file, released when replaced or unmounted.
  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  // Cancel an upload in flight when the field goes away.
  useEffect(() => () => abort.current?.abort(), []);

  // While uploading, the surrounding form does not submit (even by pressing Enter).
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!uploading || !form) return;
    const block = (event: SubmitEvent) => event.preventDefault();
    form.addEventListener("submit", block);
    return () => form.removeEventListener("submit", block);
  }, [uploading]);

  function setBusy(busy: boolean) {
    setUploading(busy);
    onUploadingRef.current?.(busy);
  }

  function fail(reason: string) {
    setError(reason);
    setStatus("");
    notify({ type: "error", title: FAILURE, description: reason });
  }

  async function onFile(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setError(null);
    const problem = imageFileProblem(file);
    if (problem) return fail(problem);

    setLocalPreview(URL.createObjectURL(file));
    setProgress(0);
    setStatus("Subiendo imagen...");
    setBusy(true);
    abort.current = new AbortController();
    try {
      const image = await uploadImage(file, {
        signal: abort.current.signal,
        onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
      });
      setValue(image.src);
      setStatus(SUCCESS);
      notify({ title: SUCCESS });
      onChange?.(image);
    } catch (e) {
      if (e instanceof DOMException && e.name === "AbortError") return;
      fail(e instanceof Error ? e.message : FAILURE);
    } finally {
      setLocalPreview(null);
      abort.current = null;
      setBusy(false);
    }
  }

  function remove() {
    setValue("");
    setStatus("Imagen quitada");
    setError(null);
    onChange?.(null);
  }

  const previewSrc = localPreview ?? value;
  const shown = localPreview ? { src: localPreview } : responsiveImage(value, "20rem");
  // Each message on its own line: joined, a message ending in '.' would read "…AVIF.. La imagen…".
  const allErrors = [...(error ? [error] : []), ...(errors ?? [])];
  const describedBy = [
    description ? `${id}-description` : null,
    `${id}-hint`,
    allErrors.length > 0 ? `${id}-error` : null,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <div className={className} aria-busy={uploading || undefined}>
      <input type="hidden" name={name} value={value} />
      <label htmlFor={id} className="inline-block text-sm font-semibold text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        ) : null}
      </label>
      {description ? (
        <p id={`${id}-description`} className="text-sm text-muted">
          {description}
        </p>
      ) : null}
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start">
        <ImagePreview image={previewSrc ? shown : null} alt={previewAlt} />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            disabled={disabled || uploading}
            aria-describedby={describedBy}
            aria-invalid={allErrors.length > 0 || undefined}
            aria-required={required || undefined}
            onChange={onFile}
            // The browser's own button would speak the browser's language: it is hidden and the
            // Spanish one below stands in for it (focus still lands on the real input).
            className="peer sr-only"
          />
          {/* A visual stand-in for the hidden input; keyboard and screen readers use the input. */}
          <span
            aria-hidden="true"
            onClick={() => !(disabled || uploading) && inputRef.current?.click()}
            className={FILE_BUTTON_CLASS}
          >
            {value || localPreview ? "Cambiar imagen" : "Elegir imagen"}
          </span>
          <p id={`${id}-hint`} className="text-sm text-muted">
            JPEG, PNG, WebP o AVIF; máximo 5 MB. Se guarda optimizada y sin datos de ubicación.
          </p>
          <UploadProgress uploading={uploading} progress={progress} status={status} />
          {allErrors.length > 0 ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              {allErrors.map((message) => (
                <span key={message} className="block">
                  {message}
                </span>
              ))}
            </p>
          ) : null}
          {removable && value && !uploading ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={remove}
              disabled={disabled}
            >
              <X aria-hidden="true" className="size-4" /> Quitar imagen
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
