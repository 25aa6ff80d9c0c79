import { Pencil, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Stars } from "~/components/site/stars";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatDay } from "~/utils/format-time";
import { ReviewText } from "./review-text";

/** A review as the list shows it (its date as an ISO string, from the loader). */
export interface ReviewRow {
  id: number;
  name: string;
  role: string;
  content: string;
  rating: number;
  isPublished: boolean;
  /** 'form', 'staff', 'invitation' (shown as Verificada) or 'seed' (shown as Ejemplo). */
  source: string;
  createdAt: string;
}

/**
 * One review in the list: who, when, stars and state; its text; then 'Publicar'/'Despublicar',
 * 'Editar' and 'Eliminar' (shown but disabled for those who may not moderate). Every button names
 * the review for screen readers. `back` is the list's query, kept after the action.
 */
export function ReviewCard({
  review: r,
  back,
  canModerate,
  onEdit,
}: {
  review: ReviewRow;
  back: string;
  canModerate: boolean;
  onEdit: () => void;
}) {
  return (
    <li className="grid gap-3 rounded-card border border-border bg-surface p-4 shadow-soft xl:grid-cols-[13rem_minmax(0,1fr)_auto] xl:gap-6">
      <div className="flex flex-col items-start gap-1">
        <h2 className="text-base font-semibold break-words">{r.name}</h2>
        <p className="text-sm text-muted">
          {r.role || "Sin servicio indicado"} · {formatDay(r.createdAt)}
        </p>
        <Stars rating={r.rating} />
        <Badge variant={r.isPublished ? "success" : "warning"}>
          {r.isPublished ? "Publicada" : "Borrador"}
        </Badge>
        {r.source === "invitation" ? <Badge variant="neutral">Verificada</Badge> : null}
        {r.source === "seed" ? <Badge variant="neutral">Ejemplo</Badge> : null}
      </div>
      <ReviewText id={`resena-${r.id}`} name={r.name} text={r.content} />
      {/* 'Publicar' across the card (easy to tap on a phone), then Editar and Eliminar. */}
      <div className="grid grid-cols-2 content-start gap-2 sm:flex sm:flex-wrap xl:grid xl:w-60">
        <Form method="post" className="contents">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="id" value={r.id} />
          <input type="hidden" name="publish" value={r.isPublished ? "0" : "1"} />
          <input type="hidden" name="back" value={back} />
          <Button
            type="submit"
            variant={r.isPublished ? "secondary" : "primary"}
            disabled={!canModerate}
            className="col-span-2"
          >
            {r.isPublished ? "Despublicar" : "Publicar"}
            <span className="sr-only"> la reseña de {r.name}</span>
          </Button>
        </Form>
        <Button variant="ghost" disabled={!canModerate} onClick={onEdit}>
          <Pencil aria-hidden="true" /> Editar
          <span className="sr-only"> la reseña de {r.name}</span>
        </Button>
        <ConfirmAction
          title="Eliminar reseña"
          description={<>Se eliminará la reseña de {r.name}. Esta acción no se puede deshacer.</>}
          fields={{ intent: "delete", id: r.id, back: back }}
          trigger={
            <Button variant="ghost-danger" disabled={!canModerate}>
              <Trash2 aria-hidden="true" /> Eliminar
              <span className="sr-only"> la reseña de {r.name}</span>
            </Button>
          }
        />
      </div>
    </li>
  );
}
