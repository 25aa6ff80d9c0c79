import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { PUBLICATION_FIELDS } from "~/modules/settings/form";
import { MAX_PUBLICATIONS, type Settings } from "~/modules/settings/schemas";

const LABELS: Record<(typeof PUBLICATION_FIELDS)[number], string> = {
  title: "Título",
  subtitle: "Subtítulo",
  description: "Descripción",
  url: "Enlace al libro",
};

/**
 * Ajustes › Publicaciones: up to three rows (works without JavaScript). The landing page shows
 * the section only for rows that have a title and a link; an empty row is dropped on saving.
 */
export function PublicationsFields({
  publications,
  errors,
  maxLength,
}: {
  publications: Settings["publications"];
  errors: Record<string, string[] | undefined>;
  /** A field's limit from SettingsSchema (`publications.title` for every row's title). */
  maxLength: (name: string) => number | undefined;
}) {
  return (
    <fieldset
      id="publicaciones"
      className="flex scroll-mt-4 flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-soft"
    >
      <legend className="px-1 font-serif text-h3 font-semibold">Publicaciones</legend>
      <p className="text-sm text-muted">
        Libros o guías que has publicado. La portada muestra la sección «Publicaciones» solo con las
        que tengan título y enlace; deja en blanco las que no uses.
      </p>
      {Array.from({ length: MAX_PUBLICATIONS }, (_, row) => {
        const saved = publications[row];
        return (
          <div
            key={row}
            role="group"
            aria-labelledby={`publicacion-${row}`}
            className="flex flex-col gap-3 border-t border-border pt-4"
          >
            <p id={`publicacion-${row}`} className="font-semibold">
              Publicación {row + 1}
            </p>
            {PUBLICATION_FIELDS.map((field) => {
              const name = `publications.${row}.${field}`;
              return (
                <FormField key={field} label={LABELS[field]} name={name} errors={errors[name]}>
                  {(aria) =>
                    field === "description" ? (
                      <Textarea
                        {...aria}
                        defaultValue={saved?.description ?? ""}
                        rows={2}
                        maxLength={maxLength(`publications.${field}`)}
                      />
                    ) : (
                      <Input
                        {...aria}
                        type={field === "url" ? "url" : "text"}
                        placeholder={field === "url" ? "https://" : undefined}
                        defaultValue={saved?.[field] ?? ""}
                        maxLength={maxLength(`publications.${field}`)}
                      />
                    )
                  }
                </FormField>
              );
            })}
          </div>
        );
      })}
    </fieldset>
  );
}
