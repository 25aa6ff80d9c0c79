import { ArrowLeft, Share2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useBlocker, useNavigation } from "react-router";
import {
  ArticleContentField,
  type ArticleContentFieldHandle,
} from "~/components/admin/article-content-field";
import { ImageUpload } from "~/components/admin/image-upload";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import {
  ARTICLE_MESSAGES,
  type ArticleInput,
  ArticleSchema,
  MAX_RELATED,
  suggestSlug,
} from "~/modules/blog/article-form";
import { CATEGORIES, CATEGORY_VALUES } from "~/modules/blog/categories";
import { claimFlags } from "~/modules/compliance/flags";
import { ArticleStatusFields, saveLabel } from "./article-status-fields";
import { FlagNotice } from "./flag-notice";
import { AutosaveStatusLine } from "./autosave-status";
import { useAutosave } from "./use-autosave";
import { cn } from "~/utils/cn";
import type { FormFailure } from "~/utils/form";
import { type FieldConstraints, parseWith } from "~/utils/form-schema";
import { useFieldErrors } from "~/utils/use-field-errors";

export type EditableArticle = ArticleInput;

const EMPTY: EditableArticle = {
  title: "",
  slug: "",
  category: "",
  excerpt: "",
  content: "",
  image: "",
  imageAlt: "",
  author: "",
  relatedSlugs: [],
  // A new article starts as a draft: publishing is a step of its own, confirmed (issue #34).
  status: "borrador",
  publishAt: "",
};

/**
 * The article form for /admin/blog/nuevo and /admin/blog/editar/{slug}: slug suggested from the
 * title, the text in a visual editor that stores Markdown (ArticleContentField), image upload with
 * alt text, author (the professional of Ajustes unless changed), related articles, public switch, and
 * a warning before leaving with unsaved changes. Checked in the browser with the server's rules
 * (article-form.ts) before sending; a field's message goes away as soon as the field changes.
 */
export function ArticleEditor({
  article,
  options,
  result,
  constraints,
  canPublish,
  professionalName,
  draft,
  notice,
  headerAction,
  autosavePaused = false,
}: {
  /** Absent for a new article. */
  article?: EditableArticle;
  /** Recovered unsaved fields (autosave), shown over the article's: recoverable-article-editor. */
  draft?: Partial<EditableArticle>;
  /** A banner under the heading (the unsaved copy's offer). */
  notice?: React.ReactNode;
  /** A link next to the heading (the article's revisions). */
  headerAction?: React.ReactNode;
  /** Autosave waits (an older unsaved copy awaits a decision). */
  autosavePaused?: boolean;
  options: Array<{ slug: string; title: string }>;
  /** The server's answer to the last save (absent before any). */
  result?: FormFailure;
  /** Each field's HTML constraints, derived from ArticleSchema by the page's loader. */
  constraints: Record<string, FieldConstraints>;
  canPublish: boolean;
  /** The professional named in Ajustes: a new article's author. */
  professionalName: string;
}) {
  const editing = Boolean(article);
  const initial = { ...(article ?? { ...EMPTY, author: professionalName }), ...draft };
  const serverErrors = result?.fieldErrors;
  const fields = useFieldErrors(serverErrors);
  const errors = fields.errors;
  // The browser's own check found something: the last save's answer no longer describes the form.
  const [checkedHere, setCheckedHere] = useState(false);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [title, setTitle] = useState(initial.title);
  const [slug, setSlug] = useState(initial.slug);
  // A new article's slug follows its title until someone edits the slug by hand.
  const [slugTouched, setSlugTouched] = useState(
    editing || Boolean(draft?.slug && draft.slug !== suggestSlug(draft.title ?? "")),
  );
  const [content, setContent] = useState(initial.content);
  const contentField = useRef<ArticleContentFieldHandle>(null);
  // Promises of results in the text (docs/compliance.md): highlighted, never blocking.
  const claims = useMemo(() => claimFlags(content), [content]);
  const [uploading, setUploading] = useState(false);
  const [dirty, setDirty] = useState(Boolean(draft));
  const [related, setRelated] = useState<string[]>(initial.relatedSlugs);
  const [status, setStatus] = useState(initial.status);

  const autosave = useAutosave({
    enabled: canPublish && !autosavePaused,
    original: article?.slug ?? "",
    getData: () => {
      // The visual editor's latest Markdown into the posted field first.
      contentField.current?.flush();
      return fields.formRef.current ? new FormData(fields.formRef.current) : null;
    },
  });

  const saving = useRef(false);
  if (submitting) saving.current = true;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  useEffect(() => {
    // A failed save comes back here: leaving must warn again.
    if (navigation.state === "idle") saving.current = false;
  }, [navigation.state]);

  const err = (key: string) => fields.of(key);
  const maxLength = (key: string) => constraints[key]?.maxLength;
  const relatedFull = related.length >= MAX_RELATED;
  // The banner says what is left: 'revisa los campos marcados' while a field is marked; a failure
  // of the last save without marked fields (the article is gone…) until the browser checks again.
  const formError = Object.values(errors).some(Boolean)
    ? ARTICLE_MESSAGES.checkFields
    : checkedHere || Object.keys(serverErrors ?? {}).length > 0
      ? null
      : result?.formError;

  /**
   * The browser's check with the server's rules (`status` as it will be sent): marks the fields
   * and focuses the first; true when nothing is wrong. The messages stay by the fields (no toast).
   */
  const check = (form: HTMLFormElement, status?: string) => {
    // What the visual editor holds goes into the posted field before the form is read.
    contentField.current?.flush();
    const data = new FormData(form);
    if (status) data.set("status", status);
    const verdict = parseWith(ArticleSchema, {
      ...Object.fromEntries(data),
      related: data.getAll("related"),
    });
    const found = verdict.ok ? {} : verdict.fieldErrors;
    setCheckedHere(Object.keys(found).length > 0);
    return fields.show(found);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (check(event.currentTarget)) {
      autosave.cancel(); // saved for real: no autosaved copy after it
      return;
    }
    event.preventDefault();
  };

  // 'Publicar…': checked as it would be published, then confirmed in a dialog before it is sent.
  const [confirmPublish, setConfirmPublish] = useState(false);
  const askToPublish = () => {
    const form = fields.formRef.current;
    if (form && check(form, "publicado")) setConfirmPublish(true);
  };
  const publish = () => {
    const form = fields.formRef.current;
    if (!form) return;
    const radio = form.querySelector<HTMLInputElement>('input[name="status"][value="publicado"]');
    if (radio) radio.checked = true;
    setStatus("publicado");
    setConfirmPublish(false);
    form.requestSubmit();
  };
  const wasPublished = article?.status === "publicado";
  // Publishing needs the dialog unless the article is public already ('Actualizar').
  const publishing = status === "publicado" && !wasPublished;
  const offerPublish = canPublish && (status === "borrador" || status === "privado");

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to="/admin/blog"
          className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-primary no-underline hover:bg-primary-soft"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Volver al blog
        </Link>
        <h1 className="text-h1">{editing ? "Editar artículo" : "Nuevo artículo"}</h1>
        {article ? (
          <nav aria-label="Más sobre este artículo" className="ml-auto flex flex-wrap gap-2">
            {headerAction}
            <Link
              to={`/admin/blog/editar/${encodeURIComponent(article.slug)}/compartir`}
              className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-primary no-underline hover:bg-primary-soft"
            >
              <Share2 aria-hidden="true" className="size-4" /> Compartir vista previa
            </Link>
          </nav>
        ) : (
          headerAction
        )}
      </div>
      {notice}
      {!canPublish ? (
        <p className="rounded-field bg-sand p-3">
          Tu rol permite ver los artículos, no cambiarlos. Pide a una administradora o editora que
          publique los cambios.
        </p>
      ) : null}

      <Form
        ref={fields.formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        onChange={(event) => {
          setDirty(true);
          autosave.notifyChange();
          const name = (event.target as Partial<HTMLInputElement>).name;
          if (name) fields.clear(name);
        }}
        className="flex flex-col gap-6"
        aria-describedby={formError ? "error-formulario" : undefined}
      >
        {formError ? (
          <p
            id="error-formulario"
            role="alert"
            className="rounded-field bg-danger-soft p-3 text-danger"
          >
            {formError}
          </p>
        ) : null}
        <fieldset
          disabled={!canPublish}
          className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
        >
          <legend className="sr-only">Datos del artículo</legend>
          <div className="flex flex-col gap-5">
            <FormField label="Título" name="title" required errors={err("title")}>
              {(field) => (
                <Input
                  {...field}
                  required
                  maxLength={maxLength("title")}
                  value={title}
                  onChange={(e) => {
                    setTitle(e.target.value);
                    if (slugTouched) return;
                    setSlug(suggestSlug(e.target.value));
                    fields.clear("slug");
                  }}
                />
              )}
            </FormField>
            <FormField
              label="URL"
              name="slug"
              required
              errors={err("slug")}
              description={
                <>
                  La dirección será <span className="font-mono">/blog/{slug || "…"}</span>.
                  {editing
                    ? " Si la cambias, la dirección antigua llevará a la nueva."
                    : " Se propone a partir del título; puedes cambiarla."}
                </>
              }
            >
              {(field) => (
                <Input
                  {...field}
                  required
                  maxLength={maxLength("slug")}
                  value={slug}
                  autoCapitalize="none"
                  spellCheck={false}
                  onChange={(e) => {
                    setSlugTouched(true);
                    setSlug(e.target.value.toLowerCase());
                  }}
                />
              )}
            </FormField>
            <FormField
              label="Resumen"
              name="excerpt"
              errors={err("excerpt")}
              description="Opcional. Aparece en las tarjetas del blog y en los buscadores."
            >
              {(field) => (
                <Textarea
                  {...field}
                  rows={3}
                  maxLength={maxLength("excerpt")}
                  defaultValue={initial.excerpt}
                />
              )}
            </FormField>

            <div className="flex flex-col gap-2">
              <ArticleContentField
                ref={contentField}
                value={content}
                onChange={setContent}
                onEdit={() => {
                  setDirty(true);
                  fields.clear("content");
                  autosave.notifyChange();
                }}
                errors={err("content")}
                readOnly={!canPublish}
              />
              <FlagNotice flags={claims} intro="Revisa estas expresiones antes de publicar" />
            </div>
          </div>

          <div className="flex flex-col gap-5">
            <FormField label="Categoría" name="category" required errors={err("category")}>
              {(field) => (
                <NativeSelect {...field} required defaultValue={initial.category}>
                  <option value="">Elige una categoría</option>
                  {CATEGORY_VALUES.map((value) => (
                    <option key={value} value={value}>
                      {CATEGORIES[value]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField
              label="Autor"
              name="author"
              errors={err("author")}
              description={`Si lo dejas vacío, firma ${professionalName} (nombre profesional de Ajustes).`}
            >
              {(field) => (
                <Input
                  {...field}
                  maxLength={maxLength("author")}
                  autoComplete="off"
                  defaultValue={initial.author}
                />
              )}
            </FormField>
            <ImageUpload
              name="image"
              label="Imagen"
              required
              defaultValue={initial.image}
              errors={err("image")}
              onUploadingChange={setUploading}
              onChange={() => {
                setDirty(true);
                autosave.notifyChange();
                fields.clear("image");
              }}
              removable={false}
              disabled={!canPublish}
            />
            <FormField
              label="Texto alternativo de la imagen"
              name="imageAlt"
              required
              errors={err("imageAlt")}
              description="Describe lo que se ve, para quien no pueda verla."
            >
              {(field) => (
                <Input
                  {...field}
                  required
                  maxLength={maxLength("imageAlt")}
                  defaultValue={initial.imageAlt}
                />
              )}
            </FormField>
            <ArticleStatusFields
              status={initial.status}
              publishAt={initial.publishAt}
              onStatusChange={setStatus}
              errors={{ status: err("status"), publishAt: err("publishAt") }}
            />
            <fieldset className="rounded-field border border-border bg-surface p-3">
              <legend className="px-1 font-semibold">Artículos relacionados</legend>
              <p className="text-sm text-muted" id="related-help">
                Hasta {MAX_RELATED}. Elegidos: {related.length}.
              </p>
              {err("related") ? (
                <p id="related-error" role="alert" className="text-sm font-semibold text-danger">
                  {err("related")}
                </p>
              ) : null}
              {/* A scrolling box must be reachable by keyboard itself (axe scrollable-region-focusable);
                  read-only (contributors) it does not scroll at all. */}
              <ul
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box
                tabIndex={canPublish ? 0 : undefined}
                aria-label="Artículos disponibles"
                aria-describedby={`related-help${err("related") ? " related-error" : ""}`}
                className={cn(
                  "mt-2 rounded-field pr-1 focus-visible:outline-2 focus-visible:outline-primary",
                  canPublish && "max-h-72 overflow-y-auto",
                )}
              >
                {options.map((o) => {
                  const checked = related.includes(o.slug);
                  return (
                    <li key={o.slug}>
                      <label className="flex min-h-11 items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          name="related"
                          value={o.slug}
                          checked={checked}
                          disabled={!checked && relatedFull}
                          onChange={(e) =>
                            setRelated((r) =>
                              e.target.checked ? [...r, o.slug] : r.filter((s) => s !== o.slug),
                            )
                          }
                          className="size-5 accent-primary"
                        />
                        {o.title}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          </div>
        </fieldset>

        <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-4">
          {canPublish ? (
            <AutosaveStatusLine status={autosave.status} paused={autosavePaused} />
          ) : null}
          <Link
            to="/admin/blog"
            className="inline-flex min-h-11 items-center rounded-full px-5 font-semibold text-ink no-underline hover:bg-sand"
          >
            Cancelar
          </Link>
          {offerPublish ? (
            <Button
              type="button"
              variant="outline"
              disabled={uploading || submitting}
              onClick={askToPublish}
            >
              Publicar…
            </Button>
          ) : null}
          {publishing ? (
            <Button
              type="button"
              disabled={!canPublish || uploading || submitting}
              onClick={askToPublish}
            >
              {submitting ? "Publicando..." : "Publicar…"}
            </Button>
          ) : (
            <Button type="submit" disabled={!canPublish || uploading || submitting}>
              {submitting ? "Guardando..." : saveLabel(status, editing, wasPublished)}
            </Button>
          )}
        </div>
      </Form>

      <AlertDialog open={confirmPublish} onOpenChange={setConfirmPublish}>
        <AlertDialogContent>
          <AlertDialogTitle>¿Publicar el artículo?</AlertDialogTitle>
          <AlertDialogDescription>
            {title.trim() ? `«${title.trim()}»` : "El artículo"} será visible para todo el mundo en
            el blog, en los buscadores, en el mapa del sitio y en el RSS. Puedes retirarlo después
            (estado Privado), pero quien lo haya leído o recibido por RSS ya lo habrá visto.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Seguir editando</AlertDialogCancel>
            <AlertDialogAction onClick={publish}>Publicar</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={blocker.state === "blocked"}>
        <AlertDialogContent>
          <AlertDialogTitle>¿Salir sin guardar?</AlertDialogTitle>
          <AlertDialogDescription>
            Tienes cambios sin guardar en este artículo. Si sales ahora, no pasarán al artículo; al
            volver a abrirlo podrás recuperar la última copia automática.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => blocker.reset?.()}>Seguir editando</AlertDialogCancel>
            <AlertDialogAction onClick={() => blocker.proceed?.()}>
              Salir sin guardar
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
