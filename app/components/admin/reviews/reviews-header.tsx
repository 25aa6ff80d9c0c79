import { Bell, Plus, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import {
  type NotificationState,
  notificationState,
  requestNotifications,
} from "~/utils/desktop-notifications";
import { plural } from "~/utils/format";
import { notify } from "~/utils/notify";

/** After 'Actualizar', the button rests this long (a second click would only load the same). */
const REFRESH_LOCK_MS = 1500;

/** The page's title and its counts (the pending ones only for those who may read drafts). */
export function ReviewsHeading({
  total,
  pending,
  moderator,
}: {
  total: number;
  pending: number;
  moderator: boolean;
}) {
  return (
    <div>
      <h1 className="text-h1">Gestión de reseñas</h1>
      <p className="mt-1 text-muted">
        {plural(total, "reseña", "reseñas")}
        {moderator
          ? ` · ${plural(pending, "pendiente de publicar", "pendientes de publicar")}`
          : ""}
      </p>
    </div>
  );
}

/**
 * The page's buttons: 'Marcar como vistas' (a plain form, so it works without JavaScript),
 * 'Actualizar', 'Nueva reseña' for moderators (secondary: a review typed by staff; inviting the
 * client is the page's primary action, InviteReviewerForm), and last 'Activar notificaciones'.
 */
export function ReviewsToolbar({
  back,
  canModerate,
  onNew,
}: {
  back: string;
  canModerate: boolean;
  onNew: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post">
        <input type="hidden" name="intent" value="seen" />
        <input type="hidden" name="back" value={back} />
        <Button type="submit" variant="ghost">
          Marcar como vistas
        </Button>
      </Form>
      <RefreshButton />
      {canModerate ? (
        <Button variant="secondary" onClick={onNew}>
          <Plus aria-hidden="true" /> Nueva reseña
        </Button>
      ) : null}
      {/* Last, in a row that starts on the left: it only appears once the browser says
          whether notifications are allowed, and must not move the buttons already shown. */}
      <EnableNotificationsButton />
    </div>
  );
}

/** Loads the list again now, and says so. */
function RefreshButton() {
  const revalidator = useRevalidator();
  const [locked, setLocked] = useState(false);
  const refresh = async () => {
    setLocked(true);
    await revalidator.revalidate();
    notify({ title: "Lista de reseñas actualizada" });
    setTimeout(() => setLocked(false), REFRESH_LOCK_MS);
  };
  return (
    <Button
      variant="secondary"
      onClick={() => void refresh()}
      disabled={locked || revalidator.state === "loading"}
    >
      <RefreshCw aria-hidden="true" />
      {locked || revalidator.state === "loading" ? "Actualizando..." : "Actualizar"}
    </Button>
  );
}

/** Shown only while desktop notifications are not granted (docs/product.md#new-review-notice). */
function EnableNotificationsButton() {
  const [state, setState] = useState<NotificationState | null>(null);
  useEffect(() => setState(notificationState()), []);
  if (state === null || state === "granted") return null;
  const enable = async () => {
    if (await requestNotifications()) {
      notify({ title: "Las notificaciones están habilitadas" });
    } else {
      notify({ type: "error", title: "No se pudo habilitar las notificaciones" });
    }
    setState(notificationState());
  };
  return (
    <Button variant="secondary" onClick={() => void enable()}>
      <Bell aria-hidden="true" /> Activar notificaciones
    </Button>
  );
}
