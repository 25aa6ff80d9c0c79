import { ARTICLE_STATUSES, type ArticleStatus, STATUS_LABELS } from "~/modules/blog/article-form";
import { Input } from "~/components/ui/input";

const HELP: Record<ArticleStatus, string> = {
  borrador: "En preparación: solo lo ve el equipo.",
  programado: "Se publicará solo a la hora que elijas (hora de Madrid).",
  publicado: "Visible en el blog, el mapa del sitio y el RSS.",
  privado: "Retirado del blog: solo lo ve el equipo.",
};

/**
 * The article's state (borrador, programado, publicado, privado) and, for 'programado', the day
 * and hour. Radios and the time field are plain form controls: they work, and are posted, before
 * the page's JavaScript runs; the time field shows while 'Programado' is checked (CSS :has).
 */
export function ArticleStatusFields({
  status,
  publishAt,
  onStatusChange,
  errors,
}: {
  status: ArticleStatus;
  /** The scheduled time as a Madrid datetime-local value (or ""). */
  publishAt: string;
  onStatusChange: (status: ArticleStatus) => void;
  errors: { status?: string[]; publishAt?: string[] };
}) {
  const describedBy = errors.publishAt ? "publishAt-help publishAt-error" : "publishAt-help";
  return (
    <fieldset
      className="group rounded-field border border-border bg-surface p-3"
      aria-describedby={errors.status ? "status-error" : undefined}
    >
      <legend className="px-1 font-semibold">Estado</legend>
      <div className="flex flex-col gap-1">
        {ARTICLE_STATUSES.map((value) => (
          <label
            key={value}
            className="grid min-h-11 grid-cols-[auto_1fr] items-start gap-x-2 py-1"
          >
            <input
              type="radio"
              name="status"
              value={value}
              defaultChecked={status === value}
              onChange={() => onStatusChange(value)}
              className="mt-1 size-5 accent-primary"
            />
            <span className="font-semibold">{STATUS_LABELS[value]}</span>
            <span className="col-start-2 text-sm text-muted">{HELP[value]}</span>
          </label>
        ))}
      </div>
      {errors.status ? (
        <p id="status-error" role="alert" className="text-sm font-semibold text-danger">
          {errors.status.join(" ")}
        </p>
      ) : null}
      <div className="mt-2 hidden flex-col gap-1 group-has-[input[value=programado]:checked]:flex">
        <label htmlFor="publishAt" className="font-semibold">
          Publicar el
        </label>
        <Input
          id="publishAt"
          name="publishAt"
          type="datetime-local"
          step={60}
          defaultValue={publishAt}
          aria-invalid={errors.publishAt ? true : undefined}
          aria-describedby={describedBy}
        />
        <p id="publishAt-help" className="text-sm text-muted">
          Día y hora de Madrid. El servidor lo publica a esa hora aunque nadie tenga la página
          abierta.
        </p>
        {errors.publishAt ? (
          <p id="publishAt-error" role="alert" className="text-sm font-semibold text-danger">
            {errors.publishAt.join(" ")}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

/** The save button's words for the chosen state. */
export function saveLabel(status: ArticleStatus, editing: boolean, wasPublished: boolean) {
  if (status === "borrador") return "Guardar borrador";
  if (status === "programado") return "Programar";
  if (status === "publicado") return editing && wasPublished ? "Actualizar" : "Publicar";
  return "Guardar";
}
